import type { Locator } from 'playwright-core';
import en from '../../../shared/i18n/en.json';

/** The referral form's patient, address, insurance and reason: every field its demo link requires, by the labels of the form's language. */
export async function fillReferredPatient(widget: Locator, patient: { first: string; last: string; mobile: string }, labels = en.translation.ext.fields): Promise<void> {
  await widget.getByLabel(labels.firstName, { exact: true }).fill(patient.first);
  await widget.getByLabel(labels.lastName, { exact: true }).fill(patient.last);
  await widget.getByLabel(labels.birthDate, { exact: true }).fill('1984-07-09');
  await widget.getByLabel(labels.mobileNumber, { exact: true }).fill(patient.mobile);
  await widget.getByLabel(labels.addr1, { exact: true }).fill('44 Linden Ave');
  await widget.getByLabel(labels.city, { exact: true }).fill('Columbus');
  await widget.getByLabel(labels.countryDivisionUid, { exact: true }).selectOption({ label: 'Ohio' });
  await widget.getByLabel(labels.postCode, { exact: true }).fill('43211');
  await widget.getByLabel(labels.carrierUid, { exact: true }).selectOption({ label: 'Medicaid' });
  await widget.getByLabel(labels.reasonUid, { exact: true }).selectOption({ label: 'Substance Use' });
}
