import { useEffect } from 'react';
import { Link, useLocation } from 'wouter';
import { usePageTitle } from './page-title';
import './buttons.css';

/** Spec 002 "Session timeout page": any action takes the user back to the login screen. */
export function SessionTimeoutPage() {
  usePageTitle('Session timed out');
  const [, navigate] = useLocation();
  useEffect(() => {
    const toLogin = () => navigate('/login');
    window.addEventListener('click', toLogin);
    window.addEventListener('keydown', toLogin);
    return () => {
      window.removeEventListener('click', toLogin);
      window.removeEventListener('keydown', toLogin);
    };
  }, [navigate]);
  return (
    <main className="care-page care-centered">
      <h1>Your session has timed out.</h1>
      <p>Any action you take will take you back to the login screen.</p>
      <p>
        <Link href="/login" className="care-button care-button-primary">
          Go to Login
        </Link>
      </p>
    </main>
  );
}
