import assert from 'node:assert/strict';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, test } from 'node:test';
import { COMMAND_ACTOR } from '../../server/admin/admin-audit';
import { createFhirClient } from '../../server/fhir/fhir-clients.repository';
import { gravityReferralBundle } from '../../server/fhir/referral-example';
import { clientAssertion, fhirGet, makeFhirKeys, postBundle, requestToken } from '../server/support/fhir-client';
import { assertValidR4 } from '../server/support/fhir-validate';
import { assertFitsPhone, loadedRows, loginAs, openPage, openPatients, shot, startHarness, type Harness } from './support/harness';

let h: Harness;
let hook: http.Server | undefined;

/**
 * Issue 35 section 4: the Gravity closed loop as an EHR and a navigator live
 * it. A test EHR (a key made here, jose-signed assertions) sends a referral;
 * it is in Franklin's New Referrals; the navigator accepts it and then
 * completes it in Chromium; the EHR polls its Task and reads each answer,
 * and its REST-hook Subscription endpoint receives both.
 */
describe('the Gravity closed loop with an EHR', () => {
  before(async () => {
    h = await startHarness();
  });
  after(async () => {
    hook?.closeAllConnections();
    await new Promise((resolve) => (hook ? hook.close(resolve) : resolve(undefined)));
    await h?.stop();
  });

  test('an EHR’s referral is in New Referrals; the navigator accepts and completes it; the EHR reads accepted, then completed with what was done', async () => {
    const db = h.server.db;
    const franklin = (await db.selectFrom('division').select(['division_uid', 'org_uid']).where('division_name', '=', 'Franklin County Care').executeTakeFirstOrThrow());
    const keys = await makeFhirKeys('ES384');
    const scopes = ['system/Patient.rs', 'system/ServiceRequest.crs', 'system/Task.crus', 'system/Subscription.c'];
    const client = await db.transaction().execute((trx) => createFhirClient(trx, COMMAND_ACTOR, franklin.org_uid, { name: 'Mercy Clinic EHR', jwks: JSON.stringify(keys.jwks), scopes, divisionUids: [franklin.division_uid] }));
    const tokenUrl = ((await (await fetch(`${h.server.url}/fhir/.well-known/smart-configuration`)).json()) as { token_endpoint: string }).token_endpoint;
    const granted = await requestToken(h.server.url, await clientAssertion(keys, { iss: client.clientId, aud: tokenUrl }), scopes.join(' '));
    assert.equal(granted.status, 200, JSON.stringify(granted.body));
    const token = granted.body.access_token as string;

    // The EHR's notification endpoint: a real HTTP server the outbox PUTs each Task change to.
    const notified: any[] = [];
    hook = http.createServer((request, response) => {
      let body = '';
      request.on('data', (chunk) => (body += chunk));
      request.on('end', () => {
        notified.push(JSON.parse(body));
        response.writeHead(200).end();
      });
    });
    await new Promise<void>((resolve) => hook!.listen(0, '127.0.0.1', resolve));
    const subscribed = await fetch(`${h.server.url}/fhir/Subscription`, {
      method: 'POST',
      headers: { 'content-type': 'application/fhir+json', authorization: `Bearer ${token}` },
      body: JSON.stringify({
        resourceType: 'Subscription',
        status: 'requested',
        reason: 'Referral updates for Mercy Clinic',
        criteria: `Task?owner=Organization/${franklin.division_uid}`,
        channel: { type: 'rest-hook', endpoint: `http://127.0.0.1:${(hook.address() as AddressInfo).port}/notify`, payload: 'application/fhir+json' },
      }),
    });
    assert.equal(subscribed.status, 201);

    const patient = await openPatients(h).select(['patient_uid', 'first_name', 'last_name']).where('division_uid', '=', franklin.division_uid).orderBy('last_name', 'desc').executeTakeFirstOrThrow();
    const sent = await postBundle(h.server.url, token, gravityReferralBundle({ ownerDivisionUid: franklin.division_uid, subject: `Patient/${patient.patient_uid}`, authoredOn: '2026-12-01' }));
    assert.equal(sent.status, 200, JSON.stringify(sent.body));
    const taskId = (sent.body.entry as { response: { location?: string } }[]).map((e) => e.response.location).find((l) => l?.startsWith('Task/'))!.slice('Task/'.length);
    const poll = async () => {
      const found = await fhirGet(h.server.url, `/Task?owner=Organization/${franklin.division_uid}&_id=${taskId}`, token);
      assertValidR4(found.body);
      return found.body.entry[0].resource;
    };
    assert.equal((await poll()).status, 'received');

    const { context, page, errors } = await openPage(h, 1366, 1000);
    await loginAs(page, 'navigator');
    const queue = (await db.selectFrom('queue').select('queue_uid').where('division_uid', '=', franklin.division_uid).where('queue_label', '=', 'new referrals').executeTakeFirstOrThrow()).queue_uid;
    await page.goto(`/home/queues/${queue}?last_name__eq=${encodeURIComponent(patient.last_name)}`);
    await loadedRows(page).filter({ hasText: patient.first_name }).first().waitFor();

    await page.goto(`/patients/${patient.patient_uid}/outbound-referrals`);
    const card = page.locator('section.ehr-referrals');
    await card.getByRole('heading', { name: 'Referrals From Outside Systems' }).waitFor();
    const row = card.locator('tbody tr', { hasText: 'Assistance with application for food pantry program' });
    assert.equal(await row.locator('.status-badge').textContent(), 'Received');
    assert.match((await row.textContent()) ?? '', /Mercy Clinic EHR/);
    await shot(page, 'ehr-referrals-received');

    await row.getByRole('button', { name: 'Accept' }).click();
    await page.getByText('Referral accepted').waitFor();
    await row.locator('.status-badge', { hasText: 'Accepted' }).waitFor();
    const accepted = await poll();
    assert.deepEqual([accepted.status, accepted.businessStatus.text], ['accepted', 'Accepted']);

    await row.getByRole('button', { name: 'Complete' }).click();
    const dialog = page.locator('sl-dialog[label="Complete Referral"]');
    await dialog.getByRole('button', { name: 'Complete' }).click();
    await dialog.getByText('Please correct the following:').waitFor();
    await dialog.getByLabel('What Was Done').fill('Enrolled in the Mid-Ohio food pantry program; first pickup Dec 8.');
    await shot(page, 'ehr-referrals-complete-dialog');
    await dialog.getByRole('button', { name: 'Complete' }).click();
    await row.locator('.status-badge', { hasText: 'Completed' }).waitFor();
    assert.equal(await row.getByRole('button').count(), 0, 'completed is final');
    const completed = await poll();
    assert.equal(completed.status, 'completed');
    assert.deepEqual(completed.output[0].valueReference, { display: 'Enrolled in the Mid-Ohio food pantry program; first pickup Dec 8.' });
    await shot(page, 'ehr-referrals-completed');

    // Each change was also a notification from the outbox: received (linked on arrival), accepted, then completed with its output.
    while ((await h.server.outbox.runOnce()) > 0);
    assert.deepEqual(
      notified.filter((t) => t.id === taskId).map((t) => t.status),
      ['received', 'accepted', 'completed'],
    );
    assert.equal(notified.find((t) => t.status === 'completed').output[0].valueReference.display, 'Enrolled in the Mid-Ohio food pantry program; first pickup Dec 8.');
    assert.deepEqual(errors, []);
    await context.close();
  });

  test('on a phone: the demo EHR’s referral waits to be linked, and the record’s referrals reflow into cards', async () => {
    const { context, page } = await openPage(h, 390, 844);
    await loginAs(page, 'navigator');
    await page.goto('/home/incoming-referrals');
    const item = page.locator('li.incoming-referral', { hasText: 'Jordan Lee Avery' });
    await item.waitFor();
    assert.match((await item.textContent()) ?? '', /from Riverside General EHR/);
    await shot(page, 'ehr-referral-to-link-390');
    await assertFitsPhone(page, 'ehr-referral-to-link-390');
    const marcus = await openPatients(h).select('patient_uid').where('first_name', '=', 'Marcus').where('last_name', '=', 'Ellery').executeTakeFirstOrThrow();
    await page.goto(`/patients/${marcus.patient_uid}/outbound-referrals`);
    await page.locator('section.ehr-referrals .status-badge').first().waitFor();
    await shot(page, 'ehr-referrals-390');
    await assertFitsPhone(page, 'ehr-referrals-390');
    await context.close();
  });

  test('the demo EHR sends a referral from its page and shows its status as Careweave sets it', async () => {
    for (const [width, height] of [[1366, 900], [390, 844]] as const) {
      const { context, page, errors } = await openPage(h, width, height);
      await page.goto('/demo/ehr.html');
      await page.getByRole('button', { name: 'Jordan Lee Avery' }).click();
      await page.getByLabel('Service').selectOption('recovery');
      await page.getByRole('button', { name: 'Send Referral' }).click();
      await page.getByText('Sent to Careweave: Jordan Lee Avery, Substance use treatment.').waitFor();
      const row = page.locator('#ehr-referrals tr', { hasText: 'Substance use treatment referral' }).first();
      await row.waitFor();
      assert.match((await row.textContent()) ?? '', /Jordan Lee Avery.*received/);
      await shot(page, `demo-ehr-referrals-${width}`);
      if (width === 390) await assertFitsPhone(page, 'demo-ehr-referrals-390');
      assert.deepEqual(errors, []);
      await context.close();
    }
  });
});
