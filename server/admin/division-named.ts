import { sql } from 'kysely';
import type { Db } from '../db/connect';
import { CommandError } from './first-user';

/** The division a command's `--division` names (its name, any case), narrowed by `--org`; none or several is an error saying so. */
export async function divisionNamed(db: Db, name: string, org: string | undefined) {
  let query = db
    .selectFrom('division as d')
    .innerJoin('organization as o', 'o.org_uid', 'd.org_uid')
    .select(['d.division_uid', 'd.division_name', 'd.org_uid', 'o.org_name'])
    .where(sql<boolean>`lower(d.division_name) = lower(${name.trim()})`)
    .orderBy('o.org_name');
  if (org) query = query.where(sql<boolean>`lower(o.org_name) = lower(${org.trim()})`);
  const found = await query.execute();
  if (found.length === 0) throw new CommandError(`No division is named "${name.trim()}"${org ? ` in ${org.trim()}` : ''}: name one as the admin pages list it (Admin → Organization)`);
  if (found.length > 1) throw new CommandError(`Several divisions are named "${name.trim()}" (in ${found.map((d) => d.org_name).join(', ')}): add --org <organisation>`);
  return found[0];
}
