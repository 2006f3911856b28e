import { useEffect } from 'react';
import { Link, useLocation } from 'wouter';
import { usePageTitle } from './page-title';
import './buttons.css';
import { accountText as t } from './account-text';

/** Spec 002 "Session timeout page": any action takes the user back to the login screen. */
export function SessionTimeoutPage() {
  usePageTitle(t('timedOut.title'));
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
      <h1>{t('timedOut.heading')}</h1>
      <p>{t('timedOut.anyAction')}</p>
      <p>
        <Link href="/login" className="care-button care-button-primary">
          {t('timedOut.toLogin')}
        </Link>
      </p>
    </main>
  );
}
