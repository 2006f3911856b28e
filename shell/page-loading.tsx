import SlSpinner from '@shoelace-style/shoelace/dist/react/spinner/index.js';
import { firstScreen, useFirstScreenGone } from '../shared/first-screen';
import { shellText as t } from './shell-text';

/**
 * A page while its session check or its code is on the way. A page that came
 * with its first screen in the HTML keeps showing that instead of a spinner.
 */
export function PageLoading() {
  if (firstScreen()) return null;
  return (
    <div className="care-page care-centered" aria-busy="true">
      <SlSpinner aria-label={t('loading')} className="care-boot-spinner" />
    </div>
  );
}

/** Placed after a Suspense boundary's page, so it commits with the page (the sign-in form, or home for a signed-in visitor). */
export function FirstScreenGone() {
  useFirstScreenGone();
  return null;
}
