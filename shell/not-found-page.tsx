import { Link } from 'wouter';
import { usePageTitle } from './page-title';
import { shellText as t } from './shell-text';

/** Routes of later issues land here too, so a link to one never shows a blank page. */
export function NotFoundPage() {
  usePageTitle(t('notFound.title'));
  return (
    <main className="care-page care-centered">
      <h1>{t('notFound.title')}</h1>
      <p>
        <Link href="/home">{t('notFound.goHome')}</Link>
      </p>
    </main>
  );
}
