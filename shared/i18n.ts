import { atom } from 'nanostores';
import type { ApiClient, Resource } from './api/client';
import { DEFAULT_LANG } from './i18n-defaults';

/**
 * Translatable strings from GET /api/translations. The word for a patient can
 * be changed per deployment ("Individual", "Client"), so every label that
 * names it goes through `t()`. Keys arrive camelCased by the API client.
 */
export const $translations = atom<Record<string, string>>({});

export function t(key: string, fallback: string): string {
  return $translations.get()[key] ?? fallback;
}

/** "Search Patients" follows a renamed patient word unless overridden itself. */
export function searchPatientsLabel(): string {
  return t('searchPatients', `Search ${t('patients', 'Patients')}`);
}

export async function loadTranslations(client: ApiClient, lang: string = DEFAULT_LANG): Promise<void> {
  const doc = await client.get<{ data: Resource<{ lang: string; strings: Record<string, string> }> }>('translations', { lang });
  $translations.set(doc.data.attributes.strings ?? {});
}
