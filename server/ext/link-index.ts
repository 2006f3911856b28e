import type { Db } from '../db/connect';
import { notFound } from '../errors';
import { divisionBrand } from '../public-forms/brand';
import { translationsFor } from '../site/translations';

const INSTANCE = /^[a-z0-9][a-z0-9-]{2,62}$/;

export interface Instance {
  instance_id: string;
  action_type: string;
  division_uid: string;
  division_name: string;
  org_uid: string;
  org_name: string;
  required_fields: string[];
}

/** An active external action link; 404 for one that is unknown, malformed or closed (all alike). */
export async function findInstance(db: Db, id: string): Promise<Instance> {
  if (!INSTANCE.test(id)) throw notFound('This link is not valid.');
  const row = await db
    .selectFrom('external_action_instance as i')
    .innerJoin('division as d', 'd.division_uid', 'i.division_uid')
    .innerJoin('organization as o', 'o.org_uid', 'd.org_uid')
    .select(['i.instance_id', 'i.action_type', 'i.division_uid', 'i.payload_definition', 'd.division_name', 'o.org_uid', 'o.name as org_name'])
    .where('i.instance_id', '=', id)
    .where('i.is_active', '=', true)
    .executeTakeFirst();
  if (!row) throw notFound('This link is not valid.');
  const fields = row.payload_definition?.required_fields;
  return { ...row, required_fields: Array.isArray(fields) ? fields.filter((f): f is string => typeof f === 'string') : [] };
}

/**
 * A link's index (GET ext/{instance}/index) in `lang`: division logos, the division's brand for the page's header,
 * translations, names for the intro and the payload definition. Also what the link's page draws first (referral-page.ts).
 */
export async function linkIndex(db: Db, instance: Instance, lang: string) {
  const translations = await translationsFor(db, lang, instance.division_uid);
  // The division's brand as the other public forms show it: the logo an admin set, or its initials on its theme colour.
  const brand = await divisionBrand(db, instance.division_uid);
  return {
    action_type: instance.action_type,
    division_name: instance.division_name,
    org_name: instance.org_name,
    division_logos: [{ division_uid: instance.division_uid, division_name: instance.division_name, url: brand.logo_url }],
    brand,
    translations,
    payload_definition: { required_fields: instance.required_fields },
  };
}
