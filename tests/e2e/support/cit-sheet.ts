import type { Page } from 'playwright-core';
import { CIT_FACILITIES } from '../../../server/db/seed/cit';

/** The CIT sheet's referral source, crisis, response and outcome, with follow-up at the facility that has an e-mail. */
export async function fillCitOutcome(page: Page): Promise<void> {
  await page.getByLabel('Referral Source').selectOption({ label: 'Family' });
  await page.getByLabel('Depression', { exact: true }).check();
  await page.getByLabel('Response', { exact: true }).selectOption('Active Listening/De-escalation');
  await page.getByLabel('Disposition').selectOption({ label: 'Active' });
  await page.getByLabel('Mental Health Follow-up Requested').selectOption('yes');
  await page.getByLabel('Facility', { exact: true }).selectOption({ label: CIT_FACILITIES.withEmail });
}
