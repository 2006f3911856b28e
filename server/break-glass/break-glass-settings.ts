import type { Db } from '../db/connect';
import { BREAK_GLASS_SETTINGS } from '../../shared/schemas/break-glass';

export interface BreakGlassSettings {
  /** How long a window lasts (15–240, default 60). */
  minutes: number;
  /** Events per user in 24 hours (default 3). */
  dailyLimit: number;
  /** Whether the record may be changed during the window (default no: read-only). */
  writes: boolean;
}

const S = BREAK_GLASS_SETTINGS;
const NAMES = [S.minutes.name, S.dailyLimit.name, S.writes.name];

/** A stored number inside its range, or the default for a missing or unusable value. */
const within = (value: string | undefined, s: { default: number; min: number; max: number }) => {
  const n = Number(value);
  return value !== undefined && Number.isInteger(n) && n >= s.min && n <= s.max ? n : s.default;
};

/** The settings of stored rows (name → value), each missing or unusable one at its default. */
export function settingsFrom(rows: readonly { setting_name: string; setting_value: string }[]): BreakGlassSettings {
  const value = (name: string) => rows.find((r) => r.setting_name === name)?.setting_value;
  return {
    minutes: within(value(S.minutes.name), S.minutes),
    dailyLimit: within(value(S.dailyLimit.name), S.dailyLimit),
    writes: value(S.writes.name) === 'true',
  };
}

/** The division's emergency-access settings (division_setting rows; Admin → Organization sets them). */
export async function breakGlassSettings(db: Db, divisionUid: string): Promise<BreakGlassSettings> {
  return settingsFrom(await db.selectFrom('division_setting').select(['setting_name', 'setting_value']).where('division_uid', '=', divisionUid).where('setting_name', 'in', NAMES).execute());
}

/** Every division's settings of these, in one read (the admin's division list). */
export async function breakGlassSettingsOf(db: Db, divisionUids: readonly string[]): Promise<Map<string, BreakGlassSettings>> {
  if (!divisionUids.length) return new Map();
  const rows = await db.selectFrom('division_setting').select(['division_uid', 'setting_name', 'setting_value']).where('division_uid', 'in', divisionUids).where('setting_name', 'in', NAMES).execute();
  return new Map(divisionUids.map((d) => [d, settingsFrom(rows.filter((r) => r.division_uid === d))]));
}

/** Saves the settings a division's form sent (each one left out stays as it is). */
export async function saveBreakGlassSettings(db: Db, divisionUid: string, settings: Partial<BreakGlassSettings>): Promise<void> {
  const values: [string, string][] = [];
  if (settings.minutes !== undefined) values.push([S.minutes.name, String(settings.minutes)]);
  if (settings.dailyLimit !== undefined) values.push([S.dailyLimit.name, String(settings.dailyLimit)]);
  if (settings.writes !== undefined) values.push([S.writes.name, String(settings.writes)]);
  for (const [name, value] of values) {
    await db
      .insertInto('division_setting')
      .values({ division_uid: divisionUid, setting_name: name, setting_value: value })
      .onConflict((oc) => oc.columns(['division_uid', 'setting_name']).doUpdateSet({ setting_value: value }))
      .execute();
  }
}
