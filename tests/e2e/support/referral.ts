import type { Locator } from 'playwright-core';

/** The referral form's patient, address, insurance and reason: every field its demo link requires. */
export async function fillReferredPatient(widget: Locator, patient: { first: string; last: string; mobile: string }): Promise<void> {
  await widget.getByLabel('First name', { exact: true }).fill(patient.first);
  await widget.getByLabel('Last name', { exact: true }).fill(patient.last);
  await widget.getByLabel('Date of birth', { exact: true }).fill('1984-07-09');
  await widget.getByLabel('Mobile phone').fill(patient.mobile);
  await widget.getByLabel('Address line 1').fill('44 Linden Ave');
  await widget.getByLabel('City', { exact: true }).fill('Columbus');
  await widget.getByLabel('State', { exact: true }).selectOption({ label: 'Ohio' });
  await widget.getByLabel('Zip code').fill('43211');
  await widget.getByLabel('Insurance carrier').selectOption({ label: 'Medicaid' });
  await widget.getByLabel('Reason for referral').selectOption({ label: 'Substance Use' });
}
