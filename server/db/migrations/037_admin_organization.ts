import { sql, type Kysely } from 'kysely';

/**
 * Issue 14, administration's second slice: a division's theme colour and the
 * logo its external (public form) pages show (without a logo, the division's
 * initials on its theme colour, as before). CIT agency and Back to Work vendor
 * codes are now kept only as hashes, like Handle with Care district codes
 * (sha256 of the trimmed, upper-cased code, base64url: hashAccessCode), so an
 * administrator can issue, rotate and revoke them; a CIT agency can be revoked
 * (is_active) and a vendor belongs to an organisation (existing vendors to the
 * only organisation when there is just one; otherwise to none, which no
 * administrator sees).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table division
      add column theme_color text,
      add column logo_url text;

    alter table cit_agency add column code_hash text, add column is_active boolean not null default true;
    update cit_agency set code_hash = translate(rtrim(encode(sha256(convert_to(upper(btrim(agency_code)), 'UTF8')), 'base64'), '='), '+/', '-_');
    alter table cit_agency alter column code_hash set not null;
    alter table cit_agency drop column agency_code;
    create unique index cit_agency_code_hash on cit_agency (code_hash);

    alter table b2w_vendor add column code_hash text, add column org_uid uuid references organization;
    update b2w_vendor set code_hash = translate(rtrim(encode(sha256(convert_to(upper(btrim(vendor_code)), 'UTF8')), 'base64'), '='), '+/', '-_');
    update b2w_vendor set org_uid = (select org_uid from organization) where (select count(*) from organization) = 1;
    alter table b2w_vendor alter column code_hash set not null;
    alter table b2w_vendor drop column vendor_code;
    create unique index b2w_vendor_code_hash on b2w_vendor (code_hash);
  `.execute(db);
}

export async function down(): Promise<void> {
  throw new Error('Careweave migrations are forward-only');
}
