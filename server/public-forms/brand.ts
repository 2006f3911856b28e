import type { Db } from '../db/connect';

/**
 * Whose public form a page is, as the form's frame shows it: a name, a
 * second line (the organisation) and a logo. Told only to a caller whose
 * credential (agency or district code, vendor code, opt-out token) the
 * route has already accepted.
 */
export interface PublicBrand {
  name: string;
  detail?: string;
  logo_url: string;
}

export const DEFAULT_LOGO_COLOR = '#0d6efd';

/** A simple logo: the name's initials on `color`, so every division and employer has one without uploads. */
export function initialsLogo(name: string, color = DEFAULT_LOGO_COLOR): string {
  const initials = name.split(/\s+/).filter(Boolean).slice(0, 2).map((w) => w[0].toUpperCase()).join('').replace(/[^A-Z0-9]/g, '');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64" viewBox="0 0 64 64"><rect width="64" height="64" rx="12" fill="${color}"/><text x="32" y="41" font-family="system-ui,sans-serif" font-size="24" font-weight="700" fill="#fff" text-anchor="middle">${initials}</text></svg>`;
  return `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
}

export const publicBrand = (name: string, detail?: string): PublicBrand => ({ name, detail, logo_url: initialsLogo(name) });

/** The division receiving a form, under its organisation's name: the logo an admin set, or its initials on its theme colour. */
export async function divisionBrand(db: Db, divisionUid: string): Promise<PublicBrand> {
  const row = await db
    .selectFrom('division as d')
    .innerJoin('organization as o', 'o.org_uid', 'd.org_uid')
    .select(['d.division_name', 'd.theme_color', 'd.logo_url', 'o.name as org_name'])
    .where('d.division_uid', '=', divisionUid)
    .executeTakeFirstOrThrow();
  return { name: row.division_name, detail: row.org_name, logo_url: row.logo_url ?? initialsLogo(row.division_name, row.theme_color ?? undefined) };
}
