import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { call, login, type LoggedIn } from '../server/support/http';
import { loadedRows, openPage, openPatients, shot, signIn, startHarness, recordMenu, type Harness } from './support/harness';

describe('demo partner EHR portal embeds search, calendar, reminders, chat, queues and reports inside one <care-session>', () => {
  let h: Harness;
  before(async () => {
    h = await startHarness();
  });
  after(async () => {
    await h?.stop();
  });

  test('signs in once, shows live queues, keeps both sides\' styles apart, opens a chosen patient in the portal\'s chart viewer', async () => {
    const { context, page, errors } = await openPage(h);
    await page.goto('/demo/ehr-portal.html');
    await signIn(page, 'navigator');

    const card = page.locator('care-queue').first();
    await card.getByRole('heading', { name: /New Referrals/ }).waitFor();
    const firstCell = loadedRows(card).first().locator('td').first();
    await firstCell.waitFor();
    assert.equal(await page.locator('care-queue').count(), 3, 'one card per top-level queue of the division');

    // The portal's `* { font-family: Comic Sans !important }`, uppercase purple cells and pink buttons stay outside.
    const inside = await firstCell.evaluate((td) => {
      const s = getComputedStyle(td);
      return { font: s.fontFamily, transform: s.textTransform, color: s.color };
    });
    assert.doesNotMatch(inside.font, /comic|cursive/i);
    assert.equal(inside.transform, 'none');
    assert.notEqual(inside.color, 'rgb(142, 68, 173)');
    const nextButton = await card.getByRole('button', { name: 'Next' }).evaluate((b) => getComputedStyle(b).backgroundColor);
    assert.notEqual(nextButton, 'rgb(255, 0, 170)');

    // And ours stay inside: the portal's own table and heading keep the portal's look.
    const outside = await page.locator('#portal-table td').first().evaluate((td) => {
      const s = getComputedStyle(td);
      return { transform: s.textTransform, color: s.color };
    });
    assert.deepEqual(outside, { transform: 'uppercase', color: 'rgb(142, 68, 173)' });
    assert.equal(await page.locator('#portal-title').evaluate((h) => getComputedStyle(h).color), 'rgb(22, 160, 133)');

    await shot(page, 'demo-ehr-portal');

    // A queue row opens the patient's record in the portal's own chart viewer, and its menu moves between pages there.
    await loadedRows(card).first().click();
    const chart = page.locator('#portal-chart');
    await chart.getByRole('heading', { name: 'Face Sheet' }).waitFor();
    const record = chart.locator('care-patient-record');
    assert.match((await record.getAttribute('patient-id'))!, /^[0-9a-f-]{36}$/);
    await (await recordMenu(chart)).getByRole('link', { name: 'Activity Log' }).click();
    await chart.getByRole('heading', { name: 'Activity Log' }).waitFor();
    assert.equal(await record.getAttribute('page'), 'audit');
    assert.equal(new URL(page.url()).pathname, '/demo/ehr-portal.html', 'the element did not navigate the portal itself');
    await shot(page, 'demo-ehr-portal-chart', false);
    await chart.getByRole('button', { name: 'Close chart' }).click();
    await chart.waitFor({ state: 'hidden' });
    assert.deepEqual(errors, []);
    await context.close();
  });

  test('the same sign-in serves search, calendar and reminders; Continue opens the record in the portal with one ViewedPatient', async () => {
    const { context, page } = await openPage(h);
    await page.goto('/demo/ehr-portal.html');
    await signIn(page, 'navigator');

    await page.locator('care-calendar').getByRole('heading', { name: 'Calendar' }).waitFor();
    await page.locator('care-reminders').getByText('Assigned to me').waitFor();
    await page.locator('care-calendar .care-event').first().waitFor();

    await page.getByRole('combobox', { name: 'Search Patients' }).fill('garcia amara');
    await page.getByRole('option', { name: /García, Amara/ }).click();
    const dialog = page.locator('sl-dialog[label="García, Amara"][open]');
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Continue' }).click();
    const chart = page.locator('#portal-chart');
    await chart.getByRole('heading', { name: 'Face Sheet' }).waitFor();
    assert.match((await chart.getByRole('heading', { level: 1 }).textContent())!, /Amara/);
    const patientUid = (await chart.locator('care-patient-record').getAttribute('patient-id'))!;
    const audit = await h.server.db.selectFrom('audit_entry').select('action').where('patient_uid', '=', patientUid).execute();
    assert.deepEqual(audit, [{ action: 'ViewedPatient' }]);
    assert.equal(new URL(page.url()).pathname, '/demo/ehr-portal.html');
    await shot(page, 'demo-ehr-portal-dashboard', false);
    await context.close();
  });

  test('<care-report-card> shows the division\'s figures; Open Report opens <care-report> in the portal\'s report viewer, which runs', async () => {
    const { context, page, errors } = await openPage(h, 1366, 900);
    await page.goto('/demo/ehr-portal.html');
    await signIn(page, 'navigator');
    const card = page.locator('care-report-card[view="report-inbound-referrals"]');
    await card.getByRole('heading', { name: 'Referrals Received' }).waitFor();
    await card.getByText('this month').waitFor();
    await page.locator('care-report-card[view="report-overdoses"]').getByRole('heading', { name: 'Overdoses' }).waitFor();
    await card.getByRole('link', { name: 'Open Report: Referrals Received' }).click();
    const viewer = page.locator('#portal-report-viewer');
    await viewer.getByRole('heading', { name: 'Inbound Referrals' }).waitFor();
    assert.equal(await viewer.locator('care-report').getAttribute('name'), 'inbound-referrals');
    // It opens run (issue 32 §5).
    await viewer.getByRole('button', { name: 'Update Report' }).waitFor();
    await viewer.locator('figure.report-chart').first().locator('canvas, .load-state-empty').first().waitFor();
    assert.equal(new URL(page.url()).pathname, '/demo/ehr-portal.html');
    await shot(page, 'demo-ehr-portal-report', false);
    await page.setViewportSize({ width: 390, height: 844 });
    await viewer.getByRole('button', { name: 'Update Report' }).waitFor();
    await shot(page, 'demo-ehr-portal-report-390', false);
    assert.deepEqual(errors, []);
    await context.close();
  });

  test('<care-chat> lists the conversations with unread counts, opens one in place, sends and receives live, and its title opens the patient in the chart viewer', async () => {
    const patient = await openPatients(h).select(['patient_uid', 'first_name', 'last_name']).orderBy('last_name').orderBy('first_name').executeTakeFirstOrThrow();
    const title = `${patient.last_name}, ${patient.first_name}`;
    const say = async (user: LoggedIn, body: string) => {
      const sent = await call(h.server.url, `/api/patient/${patient.patient_uid}/chat`, {
        token: user.token,
        headers: { 'idempotency-key': crypto.randomUUID() },
        body: { data: { type: 'chat-messages', attributes: { body } } },
      });
      assert.equal(sent.status, 201, sent.text);
    };
    const [nav, community] = await Promise.all([login(h.server.url, 'navigator'), login(h.server.url, 'community')]);
    await say(nav, 'Who can visit on Friday?');
    await say(community, 'I can go in the morning.');

    const { context, page, errors } = await openPage(h, 1366, 1000);
    await page.goto('/demo/ehr-portal.html');
    await signIn(page, 'navigator');
    const chat = page.locator('care-chat');
    const item = chat.getByRole('button', { name: new RegExp(`^${title}`) });
    await item.getByLabel('1 unread').waitFor();
    await item.click();
    await chat.locator('.chat-messages').getByText('I can go in the morning.').waitFor();
    assert.equal(await page.locator('#portal-notice').isHidden(), true, 'opening a conversation asks nothing of the portal');

    const prompt = chat.locator('form.chat-prompt');
    await prompt.getByLabel('Message').fill('Thank you, I will tell the family.');
    await prompt.getByRole('button', { name: 'Send' }).click();
    await chat.locator('.chat-messages').getByText('Thank you, I will tell the family.').waitFor();
    await say(community, 'Done, they expect me at 10.');
    await chat.locator('.chat-messages').getByText('Done, they expect me at 10.').waitFor();
    await shot(page, 'demo-ehr-portal-chat', false);
    await page.setViewportSize({ width: 390, height: 844 });
    await prompt.scrollIntoViewIfNeeded();
    await shot(page, 'demo-ehr-portal-chat-390', false);
    await page.setViewportSize({ width: 1366, height: 1000 });

    await chat.getByRole('heading', { name: title }).getByRole('button').click();
    const chart = page.locator('#portal-chart');
    await chart.getByRole('heading', { name: 'Face Sheet' }).waitFor();
    assert.equal(await chart.locator('care-patient-record').getAttribute('patient-id'), patient.patient_uid);
    assert.equal(new URL(page.url()).pathname, '/demo/ehr-portal.html');
    assert.deepEqual(errors, []);
    await context.close();
  });
});
