import assert from 'node:assert/strict';
import { sql } from 'kysely';
import type { Page } from 'playwright-core';
import { DEMO_B2W_VENDOR } from '../../../server/db/seed/b2w';
import { DEMO_EXT_INSTANCE } from '../../../server/db/seed/ext';
import { DEMO_OPT_OUT_TOKENS } from '../../../server/db/seed/opt-out';
import { CUSTOM_REPORTS } from '../../../shared/schemas/reports';
import type { ShellPath } from '../../../shell/routes';
import { openPatients, type Harness } from './harness';

/** A required `*` stands for one page of its area; an optional `*?` is left out (the area's first page). */
type Wildcard = Extract<ShellPath, `${string}/*`>;

/**
 * The address of each route of the shell's route table (SHELL_ROUTES) with
 * real ids from the demo data: every demo user works in the first division, so
 * its ids open for all whose flags open the route.
 */
export async function demoRouteAddresses(h: Harness): Promise<(path: ShellPath) => string> {
  const db = h.server.db;
  const division = await db.selectFrom('division').select('division_uid').orderBy('division_name').executeTakeFirstOrThrow();
  const inDivision = division.division_uid;
  const queue = await db.selectFrom('queue').select('queue_uid').where('division_uid', '=', inDivision).orderBy('queue_label').executeTakeFirstOrThrow();
  const hwc = await db.selectFrom('hwc_patient').select('hwc_patient_uid').where('division_uid', '=', inDivision).executeTakeFirstOrThrow();
  const cit = (await sql<{ submission_uid: string }>`select submission_uid from cit_submission where division_uid = ${inDivision} limit 1`.execute(db)).rows[0];
  const patient = await openPatients(h).select('patient_uid').orderBy('last_name').executeTakeFirstOrThrow();
  const glass = await db.selectFrom('break_glass_event').select('break_glass_uid').where('division_uid', '=', inDivision).orderBy('started_at').executeTakeFirstOrThrow();
  const params: Record<string, string> = {
    token: DEMO_OPT_OUT_TOKENS[0],
    state: 'oh',
    instance: DEMO_EXT_INSTANCE,
    id: hwc.hwc_patient_uid,
    submissionId: cit.submission_uid,
    queueId: queue.queue_uid,
    patientId: patient.patient_uid,
    eventId: glass.break_glass_uid,
    // A SMART app's consent page for a request that has ended (a live one needs an app's launch: smart-app-launch.test.ts).
    uid: 'ended-request',
  };
  const wildcards: Record<Wildcard, string> = {
    '/reports/*': `custom/${Object.keys(CUSTOM_REPORTS)[0]}`,
    '/patient/*': `${patient.patient_uid}/face-sheet`,
    '/patients/:patientId/*': 'face-sheet',
  };
  // The links a user is handed carry their query (README: /b2w?vendorCode=DEMO-B2W).
  const queries: Partial<Record<ShellPath, string>> = { '/b2w': `?vendorCode=${DEMO_B2W_VENDOR.vendor_code}` };
  return (path) => {
    const address = path
      .replace(/\/\*$/, () => `/${wildcards[path as Wildcard]}`)
      .replace(/\/\*\?$/, '')
      .replace(/\/:(\w+)(\?)?/g, (_, name: string, optional?: string) => (params[name] ? `/${params[name]}` : optional ? '' : `/:${name}`));
    assert.doesNotMatch(address, /[:*]/, `a demo value for each parameter of ${path}`);
    return address + (queries[path] ?? '');
  };
}

/** Until nothing shown says it is still loading (skeletons, busy tables, spinners; a closed popover's do not count). */
export async function settled(page: Page): Promise<void> {
  // Only visible ones match, so the first match is gone exactly when none is shown.
  const busy = page.locator('[aria-busy="true"], sl-spinner').filter({ visible: true });
  await busy.first().waitFor({ state: 'detached', timeout: 10_000 });
}
