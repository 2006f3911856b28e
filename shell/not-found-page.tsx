import { Link } from 'wouter';
import { usePageTitle } from './page-title';

/** Routes of later issues land here too, so a link to one never shows a blank page. */
export function NotFoundPage() {
  usePageTitle('Page not found');
  return (
    <main className="care-page care-centered">
      <h1>Page not found</h1>
      <p>
        <Link href="/home">Go to Home</Link>
      </p>
    </main>
  );
}
