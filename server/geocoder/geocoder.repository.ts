import { sql } from 'kysely';
import type { Db } from '../db/connect';

/** A row of the reference geo data (migration 010's zip codes) with its state's reference-country-division id. */
export interface GeoRow {
  zip_code: string;
  city: string;
  county: string;
  state_iso: string;
  state_uid: string | null;
  latitude: string | null;
  longitude: string | null;
}

/** Spec 002 "Address helpers" `GET reference-data/reference-geo-data with zip_code`: the zip's city, county and state. */
export async function findGeoByZip(db: Db, zip: string): Promise<GeoRow[]> {
  const rows = await sql<GeoRow>`
    select g.zip_code, g.city, g.county, g.state_iso, r.uid as state_uid, g.latitude, g.longitude
      from reference_geo_data g left join reference_data r on r.model = 'reference-country-division' and r.name = g.state_iso
     where g.zip_code = ${zip}`.execute(db);
  return rows.rows;
}

/** The reference-country-division ids of these state abbreviations (the install's list: the states are product constants, migration 010). */
export async function stateUidsOf(db: Db, isos: readonly string[]): Promise<Map<string, string>> {
  if (isos.length === 0) return new Map();
  const rows = await db
    .selectFrom('reference_data')
    .select(['name', 'uid'])
    .where('model', '=', 'reference-country-division')
    .where('org_uid', 'is', null)
    .where('name', 'in', [...new Set(isos)])
    .execute();
  return new Map(rows.map((r) => [r.name, r.uid]));
}
