import { useCallback } from 'react';
import { atom } from 'nanostores';
import { useStore } from '@nanostores/react';
import type { ApiClient, Resource } from './api/client';
import { DEFAULT_LANG, DEFAULT_STRINGS } from './i18n-defaults';

/**
 * Translatable strings from GET /api/translations (the install's, with the
 * current division's own over them). The word for a patient can be changed
 * ("Individual", "Client": spec 000, patients are "also called individuals or
 * clients; the label can be changed by translation"), so every label that
 * names it goes through `patientLabel()` (in a component, `useTranslate()`).
 * Keys arrive camelCased by the API client.
 */
export const $translations = atom<Record<string, string>>({});

export function t(key: string, fallback: string): string {
  return $translations.get()[key] ?? fallback;
}

const PATIENT_WORD = /\b[Pp]atients?\b/g;

/** The patient word, one and many, as these strings say it (`patients` follows a renamed `patient` unless given itself). */
function patientWords(strings: Record<string, string>): { one: string; many: string } | null {
  const one = strings.patient && strings.patient !== DEFAULT_STRINGS.patient ? strings.patient : null;
  const many = strings.patients && strings.patients !== DEFAULT_STRINGS.patients ? strings.patients : one ? `${one}s` : null;
  return one || many ? { one: one ?? DEFAULT_STRINGS.patient, many: many ?? DEFAULT_STRINGS.patients } : null;
}

/**
 * A label with the patient word as the current translation says it, in the
 * case it was written: 'Add Patient' → 'Add Client', 'No patients' → 'No
 * clients', 'Active Patients' (a queue's label) → 'Active Clients'. Words
 * that only contain it (patient_uid, outpatient) stay.
 */
export function patientLabel(text: string, strings: Record<string, string> = $translations.get()): string {
  const words = patientWords(strings);
  if (!words) return text;
  return text.replace(PATIENT_WORD, (word) => {
    const said = word.length > 'patient'.length ? words.many : words.one;
    return word[0] === 'p' ? said.charAt(0).toLowerCase() + said.slice(1) : said.charAt(0).toUpperCase() + said.slice(1);
  });
}

/** `patientLabel` for a component: it draws again when the strings arrive or change (sign-in, division switch). */
export function useTranslate(): (text: string) => string {
  const strings = useStore($translations);
  return useCallback((text: string) => patientLabel(text, strings), [strings]);
}

/** "Search Patients" follows a renamed patient word unless overridden itself. */
export function searchPatientsLabel(strings: Record<string, string> = $translations.get()): string {
  const own = strings.searchPatients;
  return own && own !== DEFAULT_STRINGS.searchPatients ? own : patientLabel(DEFAULT_STRINGS.searchPatients, strings);
}

export async function loadTranslations(client: ApiClient, lang: string = DEFAULT_LANG): Promise<void> {
  const doc = await client.get<{ data: Resource<{ lang: string; strings: Record<string, string> }> }>('translations', { lang });
  $translations.set(doc.data.attributes.strings ?? {});
}
