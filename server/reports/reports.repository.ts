import { sql } from 'kysely';
import { flagsFrom, type Flags } from '../../shared/permissions';
import { ReportDefinitionSchema, type ReportConfiguration } from '../../shared/schemas/reports';
import { check } from '../../shared/schemas/validate';
import type { AuthContext } from '../auth/context';
import type { Db } from '../db/connect';
import { sharedOrOwn } from '../dataviews/scopes';
import { HttpError } from '../errors';

/** Of `divisions`, the ones where the user holds hasReports, with the user's flags there (what the caller may read of each division's events). */
export async function reportDivisions(db: Db, auth: AuthContext, divisions: string[]): Promise<{ divisionUid: string; flags: Flags }[]> {
  const rows = await db
    .selectFrom('user_division')
    .select(['division_uid', 'permissions'])
    .where('user_uid', '=', auth.userUid)
    .where('division_uid', 'in', divisions)
    .where(sql<boolean>`'hasReports' = any(permissions)`)
    .execute();
  return rows.map((r) => ({ divisionUid: r.division_uid, flags: flagsFrom(r.permissions ?? []) }));
}

/** The divisions where the user holds hasReports: the report page's division choices (spec 002 "Reports area"). */
export async function allReportDivisions(db: Db, auth: AuthContext) {
  return db
    .selectFrom('user_division as ud')
    .innerJoin('division as d', 'd.division_uid', 'ud.division_uid')
    .select(['d.division_uid', 'd.division_name'])
    .where('ud.user_uid', '=', auth.userUid)
    .where(sql<boolean>`'hasReports' = any(ud.permissions)`)
    .orderBy('d.division_name')
    .execute();
}

export interface ConfigurationRow {
  uid: string;
  name: string;
  label: string;
  attributes: { reportConfigurationDescription?: string; reportConfigurationDefinition?: unknown };
}

/** Active configurations, by id or by name (`report-configuration-name__eq`). */
export async function findConfigurations(db: Db, orgUid: string, by: { uid?: string; name?: string }): Promise<ConfigurationRow[]> {
  let query = db
    .selectFrom('reference_data')
    .select(['uid', 'name', 'label', 'attributes'])
    .where('model', '=', 'reference-report-configuration')
    .where('is_active', '=', true)
    .where(sharedOrOwn('org_uid', orgUid));
  if (by.uid) query = query.where('uid', '=', by.uid);
  if (by.name !== undefined) query = query.where('name', '=', by.name);
  return (await query.orderBy('default_sort_order').orderBy('label').execute()) as ConfigurationRow[];
}

/**
 * A configuration as the report page reads it. A definition that fails the
 * shared schema is refused whole (422, each failure with its path under
 * report_configuration_definition), never handed out half-valid.
 */
export function checkedConfiguration(row: ConfigurationRow): ReportConfiguration {
  const result = check(ReportDefinitionSchema, row.attributes.reportConfigurationDefinition ?? null);
  if (result.errors) {
    throw new HttpError(
      422,
      result.errors.map((e) => ({ field: ['report_configuration_definition', e.field].filter(Boolean).join('.'), message: `Report '${row.name}' is misconfigured: ${e.message}` })),
    );
  }
  return {
    reportConfigurationName: row.name,
    reportConfigurationLabel: row.label,
    reportConfigurationDescription: row.attributes.reportConfigurationDescription ?? '',
    reportConfigurationDefinition: result.value,
  };
}

/** Active users with a membership in a division where the caller holds hasReports: the user filter's choices. */
export async function reportUsers(db: Db, auth: AuthContext) {
  return db
    .selectFrom('app_user as u')
    .select(['u.user_uid', 'u.display_name'])
    .where('u.is_active', '=', true)
    .where(({ exists, selectFrom }) =>
      exists(
        selectFrom('user_division as theirs')
          .innerJoin('user_division as mine', 'mine.division_uid', 'theirs.division_uid')
          .select(sql`1`.as('one'))
          .whereRef('theirs.user_uid', '=', 'u.user_uid')
          .where('mine.user_uid', '=', auth.userUid)
          .where(sql<boolean>`'hasReports' = any(mine.permissions)`),
      ),
    )
    .orderBy('u.display_name')
    .limit(2000)
    .execute();
}
