import { createRequire } from 'node:module';
import fs from 'node:fs/promises';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/connect';
import { FHIR_PATH } from '../fhir/paths';

/**
 * Issue 35 section 2, on a demo install: "Growth Chart", a user-facing SMART
 * app (`/demo/smart-app.html`) built with fhirclient, SMART Health IT's
 * JavaScript client, that signs its user in through Careweave by a
 * standalone launch. Registered for the demo organisation at boot, at this
 * server's address, as an administrator would at Admin → SMART Apps.
 */
export const DEMO_SMART_APP = {
  name: 'Growth Chart (Demo SMART App)',
  clientId: '6d0f3c1e-2b4a-4c8e-9f1d-5a7b3e9c2d10',
  page: '/demo/smart-app.html',
  scopes: ['patient/*.rs', 'user/Patient.rs'],
  asks: 'openid profile launch/patient offline_access patient/Patient.rs patient/Condition.rs patient/AllergyIntolerance.rs patient/MedicationStatement.rs',
} as const;

export async function registerDemoSmartApp(db: Db, publicUrl: string): Promise<void> {
  const org = await db.selectFrom('organization').select('org_uid').where('org_name', '=', 'Careweave Demo Health').executeTakeFirst();
  if (!org) return;
  const row = { org_uid: org.org_uid, app_name: DEMO_SMART_APP.name, redirect_uris: [`${publicUrl}${DEMO_SMART_APP.page}`], scopes: [...DEMO_SMART_APP.scopes] };
  await db
    .insertInto('smart_app')
    .values({ client_id: DEMO_SMART_APP.clientId, ...row })
    .onConflict((c) => c.column('client_id').doUpdateSet({ redirect_uris: row.redirect_uris }))
    .execute();
}

const fhirClientScript = createRequire(import.meta.url).resolve('fhirclient/build/fhir-client.min.js');

/** The app's settings, and the fhirclient build it loads (from the installed package, not a copy). */
export function demoSmartAppRoutes(app: FastifyInstance, publicUrl: () => string): void {
  app.get('/demo/smart-app/config.json', async () => ({ iss: `${publicUrl()}${FHIR_PATH}`, clientId: DEMO_SMART_APP.clientId, scope: DEMO_SMART_APP.asks }));
  app.get('/demo/smart-app/fhir-client.js', async (_request, reply) =>
    reply.type('text/javascript').header('cache-control', 'public, max-age=3600').send(await fs.readFile(fhirClientScript)),
  );
}
