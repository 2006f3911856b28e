import type { Page } from 'playwright-core';
import { CIT_FACILITIES } from '../../../server/db/seed/cit';

/** The width under which the sheet is one section at a time (widgets/cit/sheet-steps.tsx). */
const PHONE_WIDTH = 576;

/** On a phone the sheet shows one section at a time (issue 39): Next moves on; a wider screen shows it whole. */
export async function nextCitSection(page: Page, next = 'Next'): Promise<void> {
  if ((page.viewportSize()?.width ?? PHONE_WIDTH) >= PHONE_WIDTH) return;
  await page.getByRole('button', { name: next, exact: true }).click();
}

/** The CIT sheet's referral source, crisis, response and outcome, with follow-up at the facility that has an e-mail. */
export async function fillCitOutcome(page: Page): Promise<void> {
  await page.getByLabel('Referral Source').selectOption({ label: 'Family' });
  await page.getByLabel('Depression', { exact: true }).check();
  await page.getByLabel('Response', { exact: true }).selectOption('Active Listening/De-escalation');
  await nextCitSection(page);
  await page.getByLabel('Disposition').selectOption({ label: 'Active' });
  await page.getByLabel('Mental Health Follow-up Requested').selectOption('yes');
  await page.getByLabel('Facility', { exact: true }).selectOption({ label: CIT_FACILITIES.withEmail });
}
