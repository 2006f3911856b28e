import { sql, type Kysely } from 'kysely';

/**
 * When an organisation, division, facility or provider last changed (issue 35): their FHIR Organization,
 * Location and Practitioner carry it as `meta.lastUpdated` and are searched by `_lastUpdated`, as every other
 * FHIR resource is, so a client can poll for the references that changed. A trigger keeps it, so no write
 * path (admin pages, imports, the demo seed) can forget it. Rows that exist get the time of this migration.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create function touch_updated_at() returns trigger language plpgsql as $fn$
    begin
      new.updated_at := now();
      return new;
    end $fn$;

    alter table organization add column updated_at timestamptz not null default now();
    alter table division add column updated_at timestamptz not null default now();
    alter table facility add column updated_at timestamptz not null default now();
    alter table provider add column updated_at timestamptz not null default now();

    create trigger organization_touched before update on organization for each row when (old is distinct from new) execute function touch_updated_at();
    create trigger division_touched before update on division for each row when (old is distinct from new) execute function touch_updated_at();
    create trigger facility_touched before update on facility for each row when (old is distinct from new) execute function touch_updated_at();
    create trigger provider_touched before update on provider for each row when (old is distinct from new) execute function touch_updated_at();
  `.execute(db);
}

export async function down(): Promise<void> {
  throw new Error('Careweave migrations are forward-only');
}
