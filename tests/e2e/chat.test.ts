import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { loginAs, mainNav, openPage, openPatients, shot, startHarness, recordMenu, type Harness } from './support/harness';

let h: Harness;
let patient: { patient_uid: string; first_name: string; last_name: string };

describe('chat', () => {
  before(async () => {
    h = await startHarness();
    // A patient with no care team yet; the admin joins it, so the admin is in the conversation the navigator starts.
    patient = await openPatients(h)
      .select(['patient_uid', 'first_name', 'last_name'])
      .where(({ not, exists, selectFrom }) => not(exists(selectFrom('provider_patient').select('patient_uid').whereRef('provider_patient.patient_uid', '=', 'patient.patient_uid'))))
      .orderBy('last_name', 'desc')
      .executeTakeFirstOrThrow();
    const provider = await h.server.db.selectFrom('provider as p').innerJoin('app_user as u', 'u.user_uid', 'p.user_uid').select('p.provider_uid').where('u.user_name', '=', 'admin').executeTakeFirstOrThrow();
    await h.server.db.insertInto('provider_patient').values({ provider_uid: provider.provider_uid, patient_uid: patient.patient_uid }).execute();
  });
  after(async () => {
    await h?.stop();
  });

  test('two users chat about a patient: the message and the unread badge arrive without reloading, and reading clears the badge in every tab', async () => {
    const nav = await openPage(h, 1366, 900);
    const adm = await openPage(h, 390, 844);
    await loginAs(nav.page, 'navigator');
    await loginAs(adm.page, 'admin');
    const admHome = await adm.context.newPage();
    await admHome.goto('/home');
    // On the Chat item, or on a phone on the Menu button's corner while the nav waits behind it.
    const badge = (page: typeof adm.page) => page.getByRole('status', { name: /unread messages?$/ });

    // The navigator starts a conversation about the patient from /chat.
    await nav.page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Chat' }).click();
    await nav.page.waitForURL('**/chat');
    // Her caseload's conversations are listed (the demo seeds them); the new one joins them.
    await nav.page.locator('button.chat-list-item').first().waitFor();
    await nav.page.getByRole('button', { name: 'New Conversation' }).click();
    const start = nav.page.locator('form.chat-start');
    assert.equal(await start.locator('sl-button[variant="primary"]').evaluate((b) => (b as HTMLElement & { disabled: boolean }).disabled), true, 'not dirty yet');
    // Last and first name: a last name alone may have more patients than one page of options.
    await start.getByLabel('Subject').fill(`${patient.last_name} ${patient.first_name}`);
    await start.getByRole('button', { name: new RegExp(`^${patient.last_name}, ${patient.first_name}`) }).first().click();
    const text = 'Can someone call the family about <b>Tuesday</b>?';
    await start.getByLabel('Message').fill(text);
    await start.getByRole('button', { name: 'Start Conversation' }).click();
    await nav.page.waitForURL(/\/chat\?s=[0-9a-f-]{36}$/);
    const title = `${patient.last_name}, ${patient.first_name}`;
    await nav.page.locator('.chat-messages').getByText(text, { exact: true }).waitFor();
    await nav.page.getByRole('heading', { name: title }).waitFor();

    // The admin sees the unread badge on both tabs without reloading.
    await badge(adm.page).getByText('1').waitFor();
    assert.equal(await badge(adm.page).getAttribute('aria-label'), '1 unread message');
    await badge(admHome).getByText('1').waitFor();

    // Opening the conversation shows the message as text and clears the badge in both tabs.
    await (await mainNav(adm.page)).getByRole('link', { name: /^Chat/ }).click();
    await adm.page.waitForURL('**/chat');
    await adm.page.getByRole('button', { name: new RegExp(`^${title}`) }).click();
    await adm.page.waitForURL(/\/chat\?s=/);
    await adm.page.locator('.chat-messages').getByText(text, { exact: true }).waitFor();
    assert.equal(await adm.page.locator('.chat-messages b').count(), 0, 'markup in a message stays text');
    await badge(adm.page).waitFor({ state: 'detached' });
    await badge(admHome).waitFor({ state: 'detached' });
    await shot(adm.page, 'chat-conversation-390');

    // The admin answers; the navigator's open conversation shows it without reloading.
    const prompt = adm.page.locator('form.chat-prompt');
    await prompt.getByLabel('Message').fill('I will call them this afternoon.');
    await prompt.getByRole('button', { name: 'Send' }).click();
    await nav.page.locator('.chat-messages').getByText('I will call them this afternoon.').waitFor();
    await shot(nav.page, 'chat-1366');

    // The record's Chat page shows the same conversation.
    await nav.page.goto(`/patients/${patient.patient_uid}/face-sheet`);
    await (await recordMenu(nav.page)).getByRole('link', { name: 'Chat' }).click();
    await nav.page.waitForURL(`**/patients/${patient.patient_uid}/chat`);
    await nav.page.locator('.chat-messages').getByText('I will call them this afternoon.').waitFor();
    await shot(nav.page, 'chat-patient-record-1366');

    await adm.page.getByRole('button', { name: 'Back to Conversations' }).click();
    await adm.page.getByRole('list', { name: 'Conversations' }).waitFor();
    await shot(adm.page, 'chat-list-390');

    // The patient's conversation (the demo's caseload has conversations of its own).
    const rows = await h.server.db
      .selectFrom('chat_message')
      .innerJoin('chat_topic', 'chat_topic.topic_uid', 'chat_message.topic_uid')
      .select(['chat_message.seq', 'chat_message.body'])
      .where('chat_topic.patient_uid', '=', patient.patient_uid)
      .orderBy('chat_message.seq')
      .execute();
    assert.deepEqual(rows, [{ seq: 1, body: text }, { seq: 2, body: 'I will call them this afternoon.' }]);
    assert.deepEqual([...nav.errors, ...adm.errors], []);
    await nav.context.close();
    await adm.context.close();
  });
});
