import type { Db } from '../db/connect';

/**
 * The strings of one language (spec 000 `GET translations`): the install's,
 * with a division's own over them (migration 071). The patient word is one of
 * them: patients are "also called individuals or clients; the label can be
 * changed by translation" (spec 000), so a division says `patient: Client`.
 */
export async function translationsFor(db: Db, lang: string, divisionUid: string | null): Promise<Record<string, string>> {
  const install = await db.selectFrom('translation').select(['key', 'value']).where('lang', '=', lang).execute();
  const own = divisionUid
    ? await db.selectFrom('division_translation').select(['key', 'value']).where('division_uid', '=', divisionUid).where('lang', '=', lang).execute()
    : [];
  return Object.fromEntries([...install, ...own].map((r) => [r.key, r.value]));
}
