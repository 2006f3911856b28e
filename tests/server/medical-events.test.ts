import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { CompiledQuery, sql } from 'kysely';
import { after, before, describe, it } from 'node:test';
import { listenToStatements } from '../../server/db/connect';
import { startTestServer, type TestServer } from '../../server/testing/start-test-server';
import { todayIn } from '../../shared/schemas/medical-events';
import { call, demoFacts, fieldErrors, login, type DemoFacts, type LoggedIn } from './support/http';

let server: TestServer;
let facts: DemoFacts;
let nav: LoggedIn;
let cit: LoggedIn;
let sponsor: LoggedIn;
let patient: string;
let otherDivision: string;
let facility: string;
let provider: string;
const statuses: Record<string, Record<string, string>> = {};
const reasons: Record<string, string> = {};
let interaction: string;
let outcome: string;

const EASTERN = 'America/New_York';
const today = () => todayIn(EASTERN);
const dayFrom = (iso: string, days: number) => new Date(Date.parse(`${iso}T12:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

const post = (user: LoggedIn | null, attributes: Record<string, unknown>, key: string | null = randomUUID()) =>
  call(server.url, '/api/medical-events', { body: { data: { type: 'medical-events', attributes } }, ...(user && { token: user.token }), headers: key ? { 'idempotency-key': key } : {} });
const put = (user: LoggedIn, id: string, attributes: Record<string, unknown>) =>
  call(server.url, `/api/medical-events/${id}`, { method: 'PUT', body: { data: { type: 'medical-events', id, attributes } }, token: user.token });

/** A valid event of each form type; tests take one away or change one thing. */
const valid = (): Record<string, Record<string, unknown>> => ({
  drug_overdose: {
    patient_uid: patient, medical_event_name: 'drug_overdose', event_date: today(), event_time: '14:30', event_time_zone: EASTERN,
    status_uid: statuses.drug_overdose.reported, facility_uid: facility,
    location: { is_home_address: false, addr1: '12 Main St', city: 'Columbus' },
    detail_object: { naloxone_administered: 'yes', naloxone_administered_by: 'ems', route_of_naloxone_administration: 'nasal', amount_of_naloxone_given: '4', was_overdose_fatal: 'no', accepted_treatment: 'accepted' },
  },
  survivor_interaction: {
    patient_uid: patient, medical_event_name: 'survivor_interaction', event_date: today(), event_time_zone: EASTERN, status_uid: statuses.survivor_interaction.completed,
    detail_object: { contact_attempt_type: 'Phone', contact_phase: 'First Contact', survivor_contacted: 'yes', left_flyer: 'no', kits_distributed: '2', ft_strips_distributed: '5', xy_strips_distributed: '1' },
  },
  other_interaction: {
    patient_uid: patient, medical_event_name: 'other_interaction', event_date: today(), event_time_zone: EASTERN, status_uid: statuses.other_interaction.completed,
    detail_object: { type: interaction, method: 'Phone', other_contact_name: 'Ann Smith', other_contact_phone: '6145550100' },
  },
  treatment_referral: {
    patient_uid: patient, medical_event_name: 'treatment_referral', event_date: today(), event_time_zone: EASTERN, status_uid: statuses.treatment_referral.referred,
    reason_uid: reasons.treatment_referral, facility_uid: facility, provider_uid: provider,
  },
});
const without = (attributes: Record<string, unknown>, path: string) => {
  const copy = structuredClone(attributes);
  const [head, tail] = path.split('.');
  if (tail) delete (copy[head] as Record<string, unknown>)[tail];
  else delete copy[head];
  return copy;
};
const withDetail = (attributes: Record<string, unknown>, detail: Record<string, unknown>) => ({ ...attributes, detail_object: { ...(attributes.detail_object as object), ...detail } });

before(async () => {
  server = await startTestServer();
  facts = await demoFacts(server.db);
  [nav, cit, sponsor] = await Promise.all([login(server.url, 'navigator'), login(server.url, 'cit'), login(server.url, 'sponsor')]);
  const hidden = [facts.restricted.mine, ...facts.restricted.others, ...facts.adoption];
  patient = (await server.db.selectFrom('patient').select('patient_uid').where('division_uid', '=', facts.divisionUids[0]).where('patient_uid', 'not in', hidden).orderBy('last_name').executeTakeFirstOrThrow()).patient_uid;
  otherDivision = (await server.db.selectFrom('patient').select('patient_uid').where('division_uid', '=', facts.divisionUids[1]).executeTakeFirstOrThrow()).patient_uid;
  const refs = await server.db.selectFrom('reference_data').select(['uid', 'name', 'model', 'ref_data_type']).where('ref_data_type', 'like', 'medical_event__%').execute();
  for (const r of refs) {
    const event = r.ref_data_type!.slice('medical_event__'.length);
    if (r.model === 'reference-status') (statuses[event] ??= {})[r.name] = r.uid;
    else reasons[event] ??= r.uid;
  }
  interaction = (await server.db.selectFrom('reference_data').select('uid').where('model', '=', 'reference-medical-event-interaction').executeTakeFirstOrThrow()).uid;
  outcome = (await server.db.selectFrom('reference_data').select('uid').where('model', '=', 'reference-medical-event-outcome').executeTakeFirstOrThrow()).uid;
  facility = (await server.db.selectFrom('facility').select('facility_uid').orderBy('facility_name').executeTakeFirstOrThrow()).facility_uid;
  provider = (await server.db.selectFrom('provider').select('provider_uid').orderBy('display_name').executeTakeFirstOrThrow()).provider_uid;
});
after(async () => {
  await server?.stop();
});

describe('medical event types', () => {
  it('serves each type with its property rules; an unknown name is a 404', async () => {
    const type = await call(server.url, '/api/medical-event-types/treatment_referral', { token: nav.token });
    assert.equal(type.status, 200, type.text);
    assert.equal(type.body.data.attributes.medical_event_plural_label, 'Treatment Referrals');
    assert.deepEqual(type.body.data.attributes.property_rules.facility, { show: true, required: true });
    assert.equal((await call(server.url, '/api/medical-event-types/nope', { token: nav.token })).status, 404);
    assert.equal((await call(server.url, `/api/patients/${patient}/medical-events/nope`, { token: nav.token })).status, 404);
  });
});

describe('medical events', () => {
  it('records each form type, lists it on its page, on the calendar view, and logs it', async () => {
    for (const [name, attributes] of Object.entries(valid())) {
      const created = await post(nav, attributes);
      assert.equal(created.status, 201, `${name}: ${created.text}`);
      const id = created.body.data.id;
      const list = await call(server.url, `/api/patients/${patient}/medical-events/${name}`, { token: nav.token });
      assert.equal(list.status, 200, list.text);
      const ids = list.body.data.map((r: { id: string }) => r.id);
      assert.ok(ids.includes(id), name);
      const dates = list.body.data.map((r: { attributes: { event_date: string } }) => r.attributes.event_date);
      assert.deepEqual(dates, [...dates].sort().reverse(), 'newest first');
      assert.equal(list.body.meta.medical_event_type.medical_event_name, name);
      const calendar = await server.db.selectFrom('nav_list_view_medical_event' as never).select(['id' as never, 'medical_event_name' as never]).where('id' as never, '=', id as never).execute();
      assert.deepEqual(calendar, [{ id, medical_event_name: name }]);
      const audit = await server.db.selectFrom('audit_entry').select(['action', 'patient_uid']).where('target_uid', '=', id).execute();
      assert.deepEqual(audit, [{ action: 'AddedMedicalEvent', patient_uid: patient }]);
    }
  });

  it('stores a drug overdose with its date, time, zone and naloxone details, and drops hidden answers', async () => {
    const attributes = withDetail(valid().drug_overdose, { was_overdose_fatal: 'yes', accepted_treatment: 'refused', kits_distributed: '3' });
    const created = await post(nav, attributes);
    assert.equal(created.status, 201, created.text);
    const a = created.body.data.attributes;
    assert.equal(a.event_date_local, today());
    assert.equal(a.event_time, '14:30');
    assert.equal(a.event_time_zone, EASTERN);
    assert.equal(a.status_label, 'Reported');
    assert.deepEqual(a.detail_object, { naloxone_administered: 'yes', naloxone_administered_by: 'ems', route_of_naloxone_administration: 'nasal', amount_of_naloxone_given: '4', was_overdose_fatal: 'yes' });
    assert.equal(a.location.addr1, '12 Main St');
  });

  it('a treatment referral becomes Connected with its outcome; an unchanged date keeps its window; both changes are logged', async () => {
    const created = await post(nav, valid().treatment_referral);
    const id = created.body.data.id;
    await server.db.updateTable('medical_event' as never).set({ event_date: new Date(Date.now() - 3 * 86_400_000) } as never).where('medical_event_uid' as never, '=', id as never).execute();
    const stored = (await call(server.url, `/api/medical-events/${id}`, { token: nav.token })).body.data.attributes;
    const connected = { ...valid().treatment_referral, event_date: stored.event_date_local, status_uid: statuses.treatment_referral.connected, detail_object: { outcome, outcome_date: today() } };
    const changed = await put(nav, id, connected);
    assert.equal(changed.status, 200, changed.text);
    assert.equal(changed.body.data.attributes.status_label, 'Connected');
    assert.deepEqual(changed.body.data.attributes.detail_object, { outcome, outcome_date: today() });
    const audit = await server.db.selectFrom('audit_entry').select('action').where('target_uid', '=', id).orderBy('created_at').execute();
    assert.deepEqual(audit.map((r) => r.action), ['AddedMedicalEvent', 'ChangedMedicalEvent']);
    // The calendar shows it as the calendar status a Connected referral counts as, with its own label.
    const onCalendar = () => server.db.selectFrom('nav_list_view_medical_event' as never).select(['status_name' as never, 'status_label' as never]).where('id' as never, '=', id as never).executeTakeFirstOrThrow();
    assert.deepEqual(await onCalendar(), { status_name: 'completed', status_label: 'Connected' });
    // Referred again: outcome and outcome date are no longer shown, so not kept.
    const referred = await put(nav, id, { ...connected, status_uid: statuses.treatment_referral.referred });
    assert.deepEqual(referred.body.data.attributes.detail_object, {});
    assert.deepEqual(await onCalendar(), { status_name: 'requested', status_label: 'Referred' });
    assert.deepEqual(fieldErrors(await put(nav, id, { ...connected, medical_event_name: 'drug_overdose' })), { 'data.attributes.medical_event_name': 'An event keeps its type' });
  });

  it('notes: each save adds one, Previous Notes lists them newest first, a deactivated one is gone; never edited', async () => {
    const created = await post(nav, { ...valid().other_interaction, notes: 'First call', note_is_internal: true });
    const id = created.body.data.id;
    assert.deepEqual(created.body.data.attributes.previous_notes.map((n: { note: string; note_is_internal: boolean }) => [n.note, n.note_is_internal]), [['First call', true]]);
    const changed = await put(nav, id, { ...valid().other_interaction, notes: 'Called back' });
    const notes = changed.body.data.attributes.previous_notes;
    assert.deepEqual(notes.map((n: { note: string }) => n.note), ['Called back', 'First call']);
    assert.equal(notes[0].author_first_name, 'Nora');
    assert.deepEqual((await put(nav, id, { ...valid().other_interaction, notes: '' })).body.data.attributes.previous_notes.length, 2, 'an empty Notes adds nothing');
    const remove = (user: LoggedIn, noteId: string) => call(server.url, `/api/medical-events/${id}/notes/${noteId}`, { method: 'DELETE', token: user.token });
    assert.equal((await remove(cit, notes[1].note_uid)).status, 403);
    assert.equal((await remove(nav, notes[1].note_uid)).status, 204);
    assert.equal((await remove(nav, notes[1].note_uid)).status, 404, 'already deactivated');
    assert.equal((await remove(nav, randomUUID())).status, 404);
    assert.equal((await remove(nav, 'nope')).status, 404);
    const read = await call(server.url, `/api/medical-events/${id}`, { token: nav.token });
    assert.deepEqual(read.body.data.attributes.previous_notes.map((n: { note: string }) => n.note), ['Called back']);
    const audit = await server.db.selectFrom('audit_entry').select('action').where('target_uid', '=', id).orderBy('created_at').execute();
    assert.equal(audit.at(-1)!.action, 'DeactivatedMedicalEventNote');
  });

  it('refuses each required member of each type when missing', async () => {
    const required: Record<string, string[]> = {
      drug_overdose: ['event_date', 'status_uid', 'detail_object.naloxone_administered', 'detail_object.was_overdose_fatal', 'detail_object.naloxone_administered_by', 'detail_object.accepted_treatment'],
      survivor_interaction: ['event_date', 'status_uid', 'detail_object.contact_attempt_type', 'detail_object.contact_phase', 'detail_object.survivor_contacted', 'detail_object.left_flyer'],
      other_interaction: ['event_date', 'status_uid', 'detail_object.type', 'detail_object.method'],
      treatment_referral: ['event_date', 'status_uid', 'reason_uid', 'facility_uid'],
    };
    for (const [name, members] of Object.entries(required)) {
      for (const member of members) {
        const answer = await post(nav, without(valid()[name], member));
        assert.equal(answer.status, 422, `${name} ${member}: ${answer.text}`);
        // A missing status also hides the members only a status shows, so look for this member's error only.
        assert.equal(fieldErrors(answer)[`data.attributes.${member}`], 'Required', `${name} ${member}: ${answer.text}`);
      }
    }
    assert.deepEqual(fieldErrors(await post(nav, without(valid().drug_overdose, 'medical_event_name'))), { 'data.attributes.medical_event_name': 'Required' });
    assert.deepEqual(fieldErrors(await post(nav, without(valid().drug_overdose, 'patient_uid'))), { 'data.attributes.patient_uid': 'Required' });
    assert.deepEqual(fieldErrors(await post(nav, { ...valid().drug_overdose, medical_event_name: 'cit' })), { 'data.attributes.medical_event_name': 'Must be one of the listed options' });
    assert.deepEqual(fieldErrors(await post(nav, { ...valid().drug_overdose, medical_event_name: 'nope' })), { 'data.attributes.medical_event_name': 'Must be one of the listed options' });
  });

  it('conditional members are required only when shown', async () => {
    const notGiven = withDetail(valid().drug_overdose, { naloxone_administered: 'no', naloxone_administered_by: '', amount_of_naloxone_given: '-1' });
    assert.equal((await post(nav, notGiven)).status, 201, 'no naloxone: who gave it and how much are not asked');
    const fatal = withDetail(valid().drug_overdose, { was_overdose_fatal: 'yes', accepted_treatment: '' });
    assert.equal((await post(nav, fatal)).status, 201, 'fatal: accepted treatment is not asked');
    const attempted = withDetail({ ...valid().survivor_interaction, status_uid: statuses.survivor_interaction.attempted }, { kits_distributed: '-2' });
    assert.equal((await post(nav, attempted)).status, 201, 'not completed: counts are not asked');
  });

  it('counts are positive whole numbers and the naloxone amount a positive number', async () => {
    for (const bad of ['-1', '0', '1.5', 'two']) {
      assert.deepEqual(fieldErrors(await post(nav, withDetail(valid().survivor_interaction, { kits_distributed: bad, ft_strips_distributed: bad, xy_strips_distributed: bad }))), {
        'data.attributes.detail_object.kits_distributed': 'Must be a positive whole number',
        'data.attributes.detail_object.ft_strips_distributed': 'Must be a positive whole number',
        'data.attributes.detail_object.xy_strips_distributed': 'Must be a positive whole number',
      }, bad);
    }
    for (const bad of ['-1', '0', 'lots']) {
      assert.deepEqual(fieldErrors(await post(nav, withDetail(valid().drug_overdose, { amount_of_naloxone_given: bad }))), { 'data.attributes.detail_object.amount_of_naloxone_given': 'Must be a positive number' }, bad);
    }
    assert.equal((await post(nav, withDetail(valid().drug_overdose, { amount_of_naloxone_given: '0.5' }))).status, 201);
    assert.deepEqual(fieldErrors(await post(nav, withDetail(valid().drug_overdose, { naloxone_administered: 'maybe' }))), { 'data.attributes.detail_object.naloxone_administered': 'Must be one of the listed options' });
    assert.deepEqual(fieldErrors(await post(nav, withDetail(valid().other_interaction, { other_contact_phone: '(614) 555' }))), { 'data.attributes.detail_object.other_contact_phone': 'Digits only' });
  });

  it('date windows per type, in the event time zone', async () => {
    const v = valid();
    const yesterday = dayFrom(today(), -1);
    const tomorrow = dayFrom(today(), 1);
    assert.deepEqual(fieldErrors(await post(nav, { ...v.drug_overdose, event_date: tomorrow })), { 'data.attributes.event_date': 'Cannot be after today' });
    assert.equal((await post(nav, { ...v.drug_overdose, event_date: yesterday })).status, 201, 'an overdose may be recorded later');
    assert.deepEqual(fieldErrors(await post(nav, { ...v.treatment_referral, event_date: tomorrow })), { 'data.attributes.event_date': 'Cannot be after today' });
    for (const name of ['treatment_referral', 'survivor_interaction', 'other_interaction']) {
      assert.deepEqual(fieldErrors(await post(nav, { ...v[name], event_date: yesterday })), { 'data.attributes.event_date': 'Cannot be before today' }, name);
    }
    for (const name of ['survivor_interaction', 'other_interaction']) {
      assert.deepEqual(fieldErrors(await post(nav, { ...v[name], event_date: tomorrow })), { 'data.attributes.event_date': 'Cannot be after today unless the status is Scheduled' }, name);
      assert.equal((await post(nav, { ...v[name], event_date: tomorrow, status_uid: statuses[name].scheduled })).status, 201, `${name} scheduled`);
    }
    // Today is the day on the event zone's clocks: Honolulu's today is fine in Honolulu, its tomorrow is not.
    const honolulu = todayIn('Pacific/Honolulu');
    assert.equal((await post(nav, { ...v.drug_overdose, event_time_zone: 'Pacific/Honolulu', event_date: honolulu })).status, 201);
    assert.deepEqual(fieldErrors(await post(nav, { ...v.drug_overdose, event_time_zone: 'Pacific/Honolulu', event_date: dayFrom(honolulu, 1) })), { 'data.attributes.event_date': 'Cannot be after today' });
    assert.deepEqual(fieldErrors(await post(nav, { ...v.drug_overdose, event_date: '2026-02-30' })), { 'data.attributes.event_date': 'Must be a date' });
    assert.deepEqual(fieldErrors(await post(nav, { ...v.drug_overdose, event_time: '25:00' })), { 'data.attributes.event_time': 'Must be a time' });
    assert.deepEqual(fieldErrors(await post(nav, { ...v.drug_overdose, event_time_zone: 'Europe/Paris' })), { 'data.attributes.event_time_zone': 'Must be one of the listed time zones' });
  });

  it('the day turns at midnight in the event zone: 23:59 is still today, 00:00 the next day', () => {
    assert.equal(todayIn(EASTERN, new Date('2026-11-25T04:59:00Z')), '2026-11-24');
    assert.equal(todayIn(EASTERN, new Date('2026-11-25T05:00:00Z')), '2026-11-25');
    assert.equal(todayIn('Pacific/Honolulu', new Date('2026-11-25T09:59:00Z')), '2026-11-24');
    assert.equal(todayIn('Pacific/Honolulu', new Date('2026-11-25T10:00:00Z')), '2026-11-25');
  });

  it('ids must be among the type\'s choices', async () => {
    const v = valid();
    assert.deepEqual(fieldErrors(await post(nav, { ...v.drug_overdose, status_uid: statuses.treatment_referral.connected, facility_uid: randomUUID() })), {
      'data.attributes.status_uid': 'Must be one of the listed options',
      'data.attributes.facility_uid': 'Must be one of the listed options',
    });
    assert.deepEqual(fieldErrors(await post(nav, withDetail(v.other_interaction, { type: outcome }))), { 'data.attributes.detail_object.type': 'Must be one of the listed options' });
    assert.deepEqual(fieldErrors(await post(nav, { ...v.treatment_referral, reason_uid: randomUUID(), provider_uid: randomUUID() })), {
      'data.attributes.reason_uid': 'Must be one of the listed options',
      'data.attributes.provider_uid': 'Must be one of the listed options',
    });
  });

  it('list rows name their patient (spec 002 "Medical event list": the date, optionally the patient name)', async () => {
    const created = await post(nav, valid().other_interaction);
    assert.equal(created.status, 201, created.text);
    const me = await server.db.selectFrom('patient').select(['first_name', 'last_name']).where('patient_uid', '=', patient).executeTakeFirstOrThrow();
    const list = await call(server.url, `/api/patients/${patient}/medical-events/other_interaction`, { token: nav.token });
    assert.equal(list.status, 200, list.text);
    assert.ok(list.body.data.length > 0);
    for (const row of list.body.data) {
      assert.deepEqual([row.attributes.patient_first_name, row.attributes.patient_last_name], [me.first_name, me.last_name], row.id);
    }
    // A crisis intervention's row keeps its patient's name for those who read only its row.
    const { eventUid, patientUid } = await franklinCrisis();
    const crisisRows = (await call(server.url, `/api/patients/${patientUid}/medical-events/cit`, { token: nav.token })).body.data;
    const crisisRow = crisisRows.find((r: { id: string }) => r.id === eventUid);
    assert.ok(crisisRow.attributes.patient_last_name, 'named');
    assert.deepEqual(crisisRow.attributes.detail_object, {});
  });

  it('the location keeps its state (province_iso, one of the listed states), with Is Home Address; shown on the details', async () => {
    const location = { is_home_address: true, addr1: '12 Main St', city: 'Columbus', county: 'Franklin', province_iso: 'OH', post_code: '43215' };
    const created = await post(nav, { ...valid().drug_overdose, location });
    assert.equal(created.status, 201, created.text);
    const read = await call(server.url, `/api/medical-events/${created.body.data.id}`, { token: nav.token });
    assert.equal(read.body.data.attributes.location.province_iso, 'OH');
    assert.equal(read.body.data.attributes.location.is_home_address, true);
    const { rows: [stored] } = await sql<{ location: Record<string, unknown> }>`select location from medical_event where medical_event_uid = ${created.body.data.id}`.execute(server.db);
    assert.equal(stored.location.provinceIso, 'OH');
    const changed = await put(nav, created.body.data.id, { ...valid().drug_overdose, location: { ...location, province_iso: 'PA' } });
    assert.equal(changed.status, 200, changed.text);
    assert.equal(changed.body.data.attributes.location.province_iso, 'PA');
    for (const bad of ['ZZ', 'Ohio', 'oh']) {
      assert.deepEqual(fieldErrors(await post(nav, { ...valid().drug_overdose, location: { ...location, province_iso: bad } })), { 'data.attributes.location.province_iso': 'Must be one of the listed options' }, bad);
    }
    assert.deepEqual(fieldErrors(await post(nav, { ...valid().drug_overdose, location: { ...location, province_iso: 'O'.repeat(101) } })), { 'data.attributes.location.province_iso': 'Must be at most 100 characters' });

    // Is Home Address copies the primary address, whose state comes with its ISO abbreviation as the location stores it.
    const ohio = (await server.db.selectFrom('reference_data').select('uid').where('model', '=', 'reference-country-division').where('name', '=', 'OH').executeTakeFirstOrThrow()).uid;
    await server.db.updateTable('patient_address').set({ is_primary: false }).where('patient_uid', '=', patient).execute();
    await server.db.insertInto('patient_address').values({ patient_uid: patient, addr1: '12 Main St', city: 'Columbus', country_division_uid: ohio, is_primary: true } as never).execute();
    const home = await call(server.url, `/api/patients/${patient}/primary-address`, { token: nav.token });
    assert.equal(home.status, 200, home.text);
    assert.deepEqual([home.body.data.attributes.address1, home.body.data.attributes.state, home.body.data.attributes.state_iso], ['12 Main St', 'Ohio', 'OH']);
  });

  it('other interactions store their name and the contact\'s relationship (otherContactType); both bounded or listed', async () => {
    const created = await post(nav, withDetail(valid().other_interaction, { name: '  Health fair at the library ', other_contact_type: 'Sibling' }));
    assert.equal(created.status, 201, created.text);
    const read = await call(server.url, `/api/medical-events/${created.body.data.id}`, { token: nav.token });
    assert.deepEqual(read.body.data.attributes.detail_object, { type: interaction, name: 'Health fair at the library', method: 'Phone', other_contact_type: 'Sibling', other_contact_name: 'Ann Smith', other_contact_phone: '6145550100' });
    assert.deepEqual(fieldErrors(await post(nav, withDetail(valid().other_interaction, { other_contact_type: 'Cousin' }))), { 'data.attributes.detail_object.other_contact_type': 'Must be one of the listed options' });
    assert.deepEqual(fieldErrors(await post(nav, withDetail(valid().other_interaction, { name: 'n'.repeat(101) }))), { 'data.attributes.detail_object.name': 'Must be at most 100 characters' });
    // Not an overdose's members: never stored there.
    const overdose = await post(nav, withDetail(valid().drug_overdose, { name: 'Hidden', other_contact_type: 'Sibling', refer_to_role: randomUUID(), providers: [provider] }));
    assert.equal(overdose.status, 201, overdose.text);
    for (const member of ['name', 'other_contact_type', 'refer_to_role', 'providers']) assert.equal(overdose.body.data.attributes.detail_object[member], undefined, member);
  });

  it('a treatment referral stores the role referred to (referToRole) and its providers, each of the lists; the details name the providers', async () => {
    const role = (await server.db.selectFrom('reference_data').select('uid').where('model', '=', 'reference-provider-role').orderBy('label').executeTakeFirstOrThrow()).uid;
    const others = (await server.db.selectFrom('provider').select(['provider_uid', 'display_name', 'org_uid']).orderBy('display_name').execute());
    const org = others.find((p) => p.provider_uid === provider)!.org_uid;
    const second = others.find((p) => p.provider_uid !== provider && p.org_uid === org)!;
    const created = await post(nav, withDetail(valid().treatment_referral, { refer_to_role: role, providers: [second.provider_uid, provider, provider.toUpperCase()] }));
    assert.equal(created.status, 201, created.text);
    assert.deepEqual(created.body.data.attributes.detail_object, { refer_to_role: role, providers: [second.provider_uid, provider] }, 'each provider once');
    const read = await call(server.url, `/api/medical-events/${created.body.data.id}`, { token: nav.token });
    const first = others.find((p) => p.provider_uid === provider)!;
    assert.deepEqual(read.body.data.attributes.referred_providers, [first, second].sort((a, b) => a.display_name.localeCompare(b.display_name)).map((p) => ({ provider_uid: p.provider_uid, display_name: p.display_name })));
    // CIT staff read them too (their form lists no providers).
    assert.equal((await call(server.url, `/api/medical-events/${created.body.data.id}`, { token: cit.token })).body.data.attributes.referred_providers.length, 2);

    const elsewhere = await server.db.insertInto('organization').values({ org_name: 'Elsewhere', name: 'elsewhere' } as never).returning('org_uid').executeTakeFirstOrThrow() as { org_uid: string };
    const stranger = await server.db.insertInto('provider').values({ display_name: 'Dr. Stranger', org_uid: elsewhere.org_uid }).returning('provider_uid').executeTakeFirstOrThrow();
    for (const providers of [[stranger.provider_uid], [provider, randomUUID()], ['not-an-id']]) {
      assert.deepEqual(fieldErrors(await post(nav, withDetail(valid().treatment_referral, { providers }))), { 'data.attributes.detail_object.providers': 'Must be one of the listed options' }, providers.join());
    }
    assert.deepEqual(fieldErrors(await post(nav, withDetail(valid().treatment_referral, { refer_to_role: interaction }))), { 'data.attributes.detail_object.refer_to_role': 'Must be one of the listed options' });
    assert.deepEqual(fieldErrors(await post(nav, withDetail(valid().treatment_referral, { refer_to_role: 'counselor' }))), { 'data.attributes.detail_object.refer_to_role': 'Must be one of the listed options' });
    assert.deepEqual(fieldErrors(await post(nav, withDetail(valid().treatment_referral, { providers: Array.from({ length: 11 }, () => randomUUID()) }))), { 'data.attributes.detail_object.providers': 'At most 10 providers' });
    // Cleared on an edit: nothing kept.
    const cleared = await put(nav, created.body.data.id, withDetail(valid().treatment_referral, { refer_to_role: '', providers: [] }));
    assert.equal(cleared.status, 200, cleared.text);
    assert.deepEqual(cleared.body.data.attributes.detail_object, {});
    assert.deepEqual(cleared.body.data.attributes.referred_providers, []);
  });

  it('the same Idempotency-Key stores one event', async () => {
    const key = randomUUID();
    const body = { ...valid().other_interaction, notes: 'Double click' };
    const answers = await Promise.all([post(nav, body, key), post(nav, body, key)]);
    assert.deepEqual(answers.map((a) => a.status), [201, 201]);
    const rows = await server.db.selectFrom('medical_event_note' as never).select('medical_event_uid' as never).where('note' as never, '=', 'Double click' as never).execute();
    assert.equal(rows.length, 1);
    assert.equal((await post(nav, body, null)).status, 400, 'an Idempotency-Key is required');
  });

  it('refusals: 401 without a session, 403 without the feature or for CIT staff, 404 for an invisible patient or event', async () => {
    const v = valid().drug_overdose;
    assert.equal((await post(null, v)).status, 401);
    assert.equal((await post(sponsor, v)).status, 403);
    assert.equal((await call(server.url, `/api/patients/${patient}/medical-events/drug_overdose`, { token: sponsor.token })).status, 403);
    const refused = await post(cit, v);
    assert.equal(refused.status, 403);
    assert.match(refused.body.errors[0].message, /do not record them/);
    for (const hidden of [otherDivision, facts.restricted.others[0], facts.adoption[0]]) {
      assert.equal((await post(nav, { ...v, patient_uid: hidden })).status, 404, hidden);
      assert.equal((await call(server.url, `/api/patients/${hidden}/medical-events/drug_overdose`, { token: nav.token })).status, 404, hidden);
    }
    const type = (await server.db.selectFrom('reference_data').select('uid').where('model', '=', 'reference-medical-event').where('name', '=', 'drug_overdose').executeTakeFirstOrThrow()).uid;
    const foreign = await server.db
      .insertInto('medical_event' as never)
      .values({ patient_uid: otherDivision, medical_event_type_uid: type, event_date: new Date(), status_uid: statuses.drug_overdose.reported } as never)
      .returning('medical_event_uid' as never)
      .executeTakeFirstOrThrow() as { medical_event_uid: string };
    for (const id of [foreign.medical_event_uid, randomUUID(), 'nope']) {
      const answer = await call(server.url, `/api/medical-events/${id}`, { token: nav.token });
      assert.equal(answer.status, 404, id);
      assert.deepEqual(answer.body.errors, [{ message: 'Medical event not found' }]);
      assert.equal((await put(nav, id, v)).status, 404);
    }
    // CIT staff read the lists (their Add button is hidden) but change nothing.
    const own = (await post(nav, v)).body.data.id;
    assert.equal((await call(server.url, `/api/patients/${patient}/medical-events/drug_overdose`, { token: cit.token })).status, 200);
    assert.equal((await put(cit, own, v)).status, 403);
  });

  it('a long list shows the 100 newest of the type, ties by id, reading only those through its index', async () => {
    const hidden = [facts.restricted.mine, ...facts.restricted.others, ...facts.adoption];
    const busy = (await server.db.selectFrom('patient').select('patient_uid').where('division_uid', '=', facts.divisionUids[0]).where('patient_uid', 'not in', [...hidden, patient]).orderBy('last_name').executeTakeFirstOrThrow()).patient_uid;
    // Many events recorded for the same day (as the bench's saves are), and as many of another type.
    await sql`
      insert into medical_event (patient_uid, medical_event_type_uid, event_date, status_uid)
      select ${busy}, t.uid, date_trunc('day', now()) - (g % 3) * interval '1 day', s.uid
        from generate_series(1, 300) g
        join reference_data t on t.model = 'reference-medical-event' and t.name = case when g % 2 = 0 then 'drug_overdose' else 'other_interaction' end
        join reference_data s on s.uid = case when g % 2 = 0 then ${statuses.drug_overdose.reported}::uuid else ${statuses.other_interaction.completed}::uuid end`.execute(server.db);
    await sql`analyze medical_event`.execute(server.db);
    const statements: { text: string; values: unknown[] }[] = [];
    listenToStatements((text, values) => statements.push({ text, values }));
    const list = await call(server.url, `/api/patients/${busy}/medical-events/drug_overdose`, { token: nav.token }).finally(() => listenToStatements(null));
    const rows: { id: string; attributes: { event_date: string; medical_event_name: string } }[] = list.body.data;
    assert.equal(rows.length, 100);
    assert.ok(rows.every((r) => r.attributes.medical_event_name === 'drug_overdose'));
    const key = (r: (typeof rows)[number]) => [-Date.parse(r.attributes.event_date), r.id] as const;
    assert.deepEqual(rows, [...rows].sort((a, b) => key(a)[0] - key(b)[0] || (key(a)[1] < key(b)[1] ? -1 : 1)), 'newest first, then by id');
    const listed = statements.find((s) => /from medical_event me/.test(s.text))!;
    const plan = (await server.db.executeQuery<{ 'QUERY PLAN': string }>(CompiledQuery.raw(`explain (analyze, costs off) ${listed.text}`, listed.values))).rows.map((r) => r['QUERY PLAN']).join('\n');
    assert.match(plan, /Index Scan using medical_event_patient_type on medical_event me \(actual [^)]*rows=100\b/, plan);
    assert.doesNotMatch(plan, /Sort/, plan);
  });
});

describe('human interactions', () => {
  let gender: string;
  before(async () => {
    gender = (await server.db.selectFrom('reference_data').select('uid').where('model', '=', 'reference-gender').orderBy('default_sort_order').executeTakeFirstOrThrow()).uid;
  });
  const person = (extra: Record<string, unknown> = {}) => ({ other_contact_type: 'Sibling', first_name: 'Marta', last_name: 'Quillfeather', ...extra });
  const survivorWith = (people: Record<string, unknown>[]) => withDetail(valid().survivor_interaction, { human_interactions: people });
  const patientsNamed = (last: string) => server.db.selectFrom('patient').select(['patient_uid', 'division_uid', 'birth_date', 'gender_uid', 'mobile_phone', 'preferred_phone']).where('last_name', '=', last).execute();

  it('a survivor interaction with two people: one becomes a patient of the division (phone, e-mail, activity log), one met by street name only', async () => {
    const created = await post(nav, survivorWith([
      person({ last_name: 'Brightwater', birth_date: '1990-04-02', gender, telephone_type: 'Mobile', telephone_number: '6145550111', email: 'marta@example.org', create_patient: true }),
      { other_contact_type: 'Friend', full_name: 'Shorty', telephone_type: 'Home', telephone_number: '6145550122' },
    ]));
    assert.equal(created.status, 201, created.text);
    const [first, second] = created.body.data.attributes.detail_object.human_interactions;
    const [made] = await patientsNamed('Brightwater');
    assert.deepEqual({ ...made, birth_date: String(made.birth_date) }, { patient_uid: first.patient, division_uid: facts.divisionUids[0], birth_date: '1990-04-02', gender_uid: gender, mobile_phone: '6145550111', preferred_phone: 'Mobile' });
    assert.match(first.id, /^[0-9a-f-]{36}$/);
    assert.equal(first.is_active, true);
    assert.equal(second.full_name, 'Shorty');
    assert.equal(second.patient, null);
    assert.notEqual(second.id, first.id);
    const emails = await server.db.selectFrom('patient_email_address').select(['email_address', 'is_primary']).where('patient_uid', '=', first.patient).execute();
    assert.deepEqual(emails, [{ email_address: 'marta@example.org', is_primary: true }]);
    // Both rows are written in one transaction, so they share its time: compared as a set, not in an order.
    const audit = await server.db.selectFrom('audit_entry').select(['action', 'message']).where('patient_uid', '=', first.patient).execute();
    assert.deepEqual(audit.map((a) => a.action).sort(), ['AddedEmailAddress', 'AddedPatient']);
    assert.match(audit.find((a) => a.action === 'AddedPatient')?.message ?? '', /added the patient from a survivor interaction event/);
    // The new patient opens for the navigator like any patient of the division.
    assert.equal((await call(server.url, `/api/patients/${first.patient}`, { token: nav.token })).status, 200);

    // Saving again (the form sends the entries back, even without the patient) never adds the person twice.
    const again = structuredClone(created.body.data.attributes.detail_object.human_interactions);
    again[0].patient = null;
    const edited = await put(nav, created.body.data.id, survivorWith(again));
    assert.equal(edited.status, 200, edited.text);
    assert.equal((await patientsNamed('Brightwater')).length, 1);
    assert.equal(edited.body.data.attributes.detail_object.human_interactions[0].patient, first.patient);

    // A removed entry stays on the event, inactive.
    again[1].is_active = false;
    const removed = await put(nav, created.body.data.id, survivorWith(again));
    assert.equal(removed.status, 200, removed.text);
    assert.deepEqual(removed.body.data.attributes.detail_object.human_interactions.map((p: { is_active: boolean }) => p.is_active), [true, false]);
  });

  it('other interactions take people too; a drug overdose never stores them', async () => {
    const other = await post(nav, withDetail(valid().other_interaction, { human_interactions: [person({ last_name: 'Ostrander' })] }));
    assert.equal(other.status, 201, other.text);
    assert.equal(other.body.data.attributes.detail_object.human_interactions[0].last_name, 'Ostrander');
    const overdose = await post(nav, withDetail(valid().drug_overdose, { human_interactions: [person({ create_patient: true, last_name: 'Neverstored' })] }));
    assert.equal(overdose.status, 201, overdose.text);
    assert.equal(overdose.body.data.attributes.detail_object.human_interactions, undefined);
    assert.equal((await patientsNamed('Neverstored')).length, 0);
  });

  it('refuses each broken entry with its field message, and stores nothing', async () => {
    const at = (i: number, f: string) => `data.attributes.detail_object.human_interactions.${i}.${f}`;
    const before = (await server.db.selectFrom('patient').select(sql`count(*)`.as('n')).executeTakeFirstOrThrow()).n;
    const answer = await post(nav, survivorWith([
      { first_name: 'Al', last_name: 'Bo' },
      { other_contact_type: 'Cousin', first_name: 'Only' },
      { other_contact_type: 'Parent', first_name: 'Refused', create_patient: true },
      person({ telephone_number: '61455', telephone_type: 'Pager' }),
      person({ telephone_number: '6145550100', email: 'not-an-address', birth_date: dayFrom(today(), 1) }),
      person({ birth_date: '1900-01-01', gender: randomUUID(), create_patient: true }),
      person({ patient: otherDivision }),
    ]));
    assert.deepEqual(fieldErrors(answer), {
      [at(0, 'other_contact_type')]: 'Required',
      [at(1, 'other_contact_type')]: 'Must be one of the listed options',
      [at(1, 'first_name')]: 'Enter a first and last name or a street name',
      [at(2, 'last_name')]: 'Required',
      [at(3, 'telephone_number')]: 'Must be a 10-digit phone number',
      [at(3, 'telephone_type')]: 'Must be one of the listed options',
      [at(4, 'telephone_type')]: 'Required',
      [at(4, 'email')]: 'Must be a valid email address',
      [at(4, 'birth_date')]: 'Must not be later than today',
      [at(5, 'birth_date')]: 'Must not be more than 100 years ago',
    });
    // Once the entries read well, the ids are checked: a forged gender, a patient the navigator may not see.
    const ids = await post(nav, survivorWith([person({ gender: randomUUID(), create_patient: true }), person({ patient: otherDivision }), person({ patient: facts.restricted.others[0] })]));
    assert.deepEqual(fieldErrors(ids), {
      [at(0, 'gender')]: 'Must be one of the listed options',
      [at(1, 'patient')]: 'Must be one of the listed options',
      [at(2, 'patient')]: 'Must be one of the listed options',
    });
    assert.equal((await post(nav, survivorWith(Array.from({ length: 21 }, () => person())))).status, 422);
    assert.equal((await server.db.selectFrom('patient').select(sql`count(*)`.as('n')).executeTakeFirstOrThrow()).n, before);
  });

  it('the same Idempotency-Key adds the person once', async () => {
    const key = randomUUID();
    const body = survivorWith([person({ last_name: 'Oncemore', create_patient: true })]);
    const answers = await Promise.all([post(nav, body, key), post(nav, body, key)]);
    assert.deepEqual(answers.map((a) => a.status), [201, 201]);
    assert.equal((await patientsNamed('Oncemore')).length, 1);
  });

  it('the duplicate check: both names, then gender and birth date when given; only patients the caller may see', async () => {
    const check = (query: Record<string, string>, user = nav) => call(server.url, `/api/patients/possible-duplicates?${new URLSearchParams(query)}`, { token: user.token });
    const mine = await server.db.selectFrom('patient').select(['patient_uid', 'first_name', 'last_name', 'gender_uid', 'birth_date']).where('patient_uid', '=', patient).executeTakeFirstOrThrow();
    const byName = await check({ firstName: mine.first_name.toUpperCase(), lastName: mine.last_name.toLowerCase() });
    assert.equal(byName.status, 200, byName.text);
    assert.ok(byName.body.data.some((r: { id: string }) => r.id === patient));
    const otherGender = (await server.db.selectFrom('reference_data').select('uid').where('model', '=', 'reference-gender').where('uid', '!=', mine.gender_uid ?? randomUUID()).executeTakeFirstOrThrow()).uid;
    const wrongGender = await check({ firstName: mine.first_name, lastName: mine.last_name, genderUid: otherGender });
    assert.ok(!wrongGender.body.data.some((r: { id: string }) => r.id === patient));
    const other = await server.db.selectFrom('patient').select(['first_name', 'last_name']).where('patient_uid', '=', otherDivision).executeTakeFirstOrThrow();
    const elsewhere = await check({ firstName: other.first_name, lastName: other.last_name });
    assert.ok(!elsewhere.body.data.some((r: { id: string }) => r.id === otherDivision), 'another division is never listed');
    assert.deepEqual(fieldErrors(await check({ firstName: 'Ann', lastName: 'Lee', genderUid: 'male' })), { gender_uid: 'Must be one of the listed options' });
    assert.equal((await check({ firstName: 'Ann', lastName: 'Lee' }, sponsor)).status, 200);
  });
});

/** The navigator signed in to Summit County Care (the demo navigator works in both divisions). */
async function inSummit(): Promise<LoggedIn> {
  const me = await login(server.url, 'navigator');
  const switched = await call(server.url, '/api/session/current', { method: 'PUT', token: me.token, body: { data: { attributes: { current_division_uid: facts.divisionUids[1] } } } });
  assert.equal(switched.status, 200, switched.text);
  return { ...me, token: switched.body.data.attributes.token };
}

const specialtyUid = async () => (await server.db.selectFrom('reference_data').select('uid').where('model', '=', 'reference-provider-role').where('label', '=', 'Psychiatrist').executeTakeFirstOrThrow()).uid;
const referTo = async (user: LoggedIn, patientUid: string, divisionUid: string, eventDate: string) =>
  call(server.url, '/api/outbound-referrals', {
    token: user.token,
    headers: { 'idempotency-key': randomUUID() },
    body: { data: { type: 'outbound-referrals', attributes: { patient_uid: patientUid, specialty_uid: await specialtyUid(), event_date: eventDate, to_type: 'division', to_division_uid: divisionUid, priority: 'routine' } } },
  });
const foreignOf = (user: LoggedIn, id: string, query = '') => call(server.url, `/api/patients/${id}/foreign/medical-event${query}`, { token: user.token });

let crisis: Promise<{ eventUid: string; patientUid: string }> | undefined;
/** A crisis intervention of a Franklin patient the navigator may open: a pending demo sheet the CIT supervisor approves. */
function franklinCrisis(): Promise<{ eventUid: string; patientUid: string }> {
  crisis ??= (async () => {
    const { rows: [pending] } = await sql<{ submission_uid: string }>`
      select submission_uid from cit_submission where approval_status = 'pending' and division_uid = ${facts.divisionUids[0]} order by created_at limit 1`.execute(server.db);
    const supervisor = await login(server.url, 'cit-supervisor');
    const accepted = await call(server.url, `/api/data/public/cit-submission/${pending.submission_uid}/accept`, { method: 'PUT', token: supervisor.token });
    assert.equal(accepted.status, 200, accepted.text);
    return { eventUid: accepted.body.data.attributes.medical_event_uid, patientUid: accepted.body.data.attributes.patient_uid };
  })();
  return crisis;
}

describe('crisis contact sheets are read by CIT staff only', () => {
  it('a navigator gets the crisis intervention\'s row (when, what, status), never the sheet, on every path', async () => {
    const { eventUid, patientUid } = await franklinCrisis();
    const { rows: [sheet] } = await sql<{ detail: unknown }>`select detail from medical_event where medical_event_uid = ${eventUid}`.execute(server.db);
    const crisis = (sheet.detail as { crisis: Record<string, string> }).crisis;
    const secrets = [crisis.phoneNumber, crisis.addr1, crisis.locationAddr1, crisis.incidentNote, crisis.reportNumber].filter((v) => typeof v === 'string' && v.length > 3);
    assert.ok(secrets.length >= 2, 'the seeded sheet holds private facts to look for');

    const one = await call(server.url, `/api/medical-events/${eventUid}`, { token: nav.token });
    assert.equal(one.status, 200, one.text);
    assert.deepEqual(one.body.data.attributes.detail_object, {});
    for (const hidden of ['location', 'facility_name', 'facility_uid', 'provider_name', 'reason_label', 'previous_notes']) assert.equal(one.body.data.attributes[hidden], undefined, hidden);
    assert.equal(one.body.data.attributes.medical_event_name, 'cit');
    assert.ok(one.body.data.attributes.status_label && one.body.data.attributes.event_date_local, 'the row itself');
    const listed = await call(server.url, `/api/patients/${patientUid}/medical-events/cit`, { token: nav.token });
    assert.equal(listed.status, 200, listed.text);
    assert.ok(listed.body.data.some((r: { id: string }) => r.id === eventUid));
    const card = await call(server.url, `/api/patients/${patientUid}/medical-events`, { token: nav.token });
    const details = await call(server.url, `/api/patients/${patientUid}/events/medical_event/${eventUid}`, { token: nav.token });
    assert.equal(details.status, 200, details.text);
    assert.equal(details.body.data.attributes.notes, null);
    assert.equal(details.body.data.attributes.cit_submission_uid, null);
    for (const answer of [one, listed, card, details]) {
      for (const secret of secrets) assert.ok(!answer.text.includes(secret), `no sheet facts: ${secret}`);
      assert.doesNotMatch(answer.text, /"crisis"|citSubmissionUid|cit_submission_uid":"/);
    }

    // CIT staff read the whole sheet.
    const staff = await call(server.url, `/api/medical-events/${eventUid}`, { token: cit.token });
    assert.equal(staff.status, 200, staff.text);
    assert.equal(staff.body.data.attributes.detail_object.crisis.phone_number ?? staff.body.data.attributes.detail_object.crisis.phoneNumber, crisis.phoneNumber);
  });

  it('the other division reads at most the row of a linked record\'s events, from the referral\'s date on; a namesake made up there links to nothing', async () => {
    const { eventUid, patientUid } = await franklinCrisis();
    const person = await server.db.selectFrom('patient').select(['first_name', 'last_name', 'birth_date', 'gender_uid']).where('patient_uid', '=', patientUid).executeTakeFirstOrThrow();
    const summitNav = await inSummit();

    // The attack: a Summit user makes a namesake of the Franklin person, refers it to Franklin and reads the foreign events.
    const namesake = await server.db
      .insertInto('patient')
      .values({ division_uid: facts.divisionUids[1], first_name: person.first_name, last_name: person.last_name, birth_date: person.birth_date, gender_uid: person.gender_uid })
      .returning('patient_uid')
      .executeTakeFirstOrThrow();
    const sent = await referTo(summitNav, namesake.patient_uid, facts.divisionUids[0], '2020-01-01');
    assert.equal(sent.status, 201, sent.text);
    assert.equal((await server.db.selectFrom('outbound_referral').select('received_patient_uid').where('outbound_referral_uid', '=', sent.body.data.id).executeTakeFirstOrThrow()).received_patient_uid, null);
    const read = await foreignOf(summitNav, namesake.patient_uid);
    assert.equal(read.status, 200, read.text);
    assert.deepEqual(read.body.data, [], 'nothing of the Franklin record');
    assert.equal((await call(server.url, `/api/medical-events/${eventUid}`, { token: summitNav.token })).status, 404);

    // Franklin links it to the person by choice: the rows flow, from the referral's date on, the allow-list only.
    const linked = await call(server.url, `/api/incoming-referrals/${sent.body.data.id}/link`, {
      token: nav.token,
      headers: { 'idempotency-key': randomUUID() },
      body: { data: { type: 'incoming-referrals', attributes: { patient_uid: patientUid } } },
    });
    assert.equal(linked.status, 200, linked.text);
    const after = await foreignOf(summitNav, namesake.patient_uid);
    const row = after.body.data.find((r: { id: string }) => r.id === eventUid);
    assert.ok(row, 'linked by a person: the crisis intervention\'s row shows');
    assert.deepEqual(Object.keys(row.attributes).sort(), [
      'all_day', 'created_at', 'detail_object', 'event_date', 'event_date_local', 'event_time', 'event_time_zone', 'is_foreign',
      'medical_event_label', 'medical_event_name', 'medical_event_uid', 'patient_first_name', 'patient_last_name', 'patient_uid', 'recorded_by', 'status_label', 'status_name', 'updated_at',
    ]);
    assert.deepEqual([row.attributes.patient_first_name, row.attributes.patient_last_name], [person.first_name, person.last_name], 'this record\'s name, never the other\'s');
    assert.deepEqual(row.attributes.detail_object, {});
    assert.equal(row.attributes.recorded_by, 'Franklin County Care');
    assert.doesNotMatch(after.text, /"crisis"|phone_number|incident_note|report_number/);
    // From the referral's date on: a later referral date leaves the earlier events out.
    await server.db.updateTable('outbound_referral').set({ event_date: '2099-01-01' }).where('outbound_referral_uid', '=', sent.body.data.id).execute();
    assert.ok(!(await foreignOf(summitNav, namesake.patient_uid)).body.data.some((r: { id: string }) => r.id === eventUid));
  });
});

describe('foreign events', () => {
  it('the same person\'s events recorded by the division a linked referral reached are listed as rows, marked foreign, never opened', async () => {
    const summit = facts.divisionUids[1];
    const referral = await referTo(nav, patient, summit, today());
    assert.equal(referral.status, 201, referral.text);
    const linked = await call(server.url, `/api/incoming-referrals/${referral.body.data.id}/link`, {
      token: (await inSummit()).token,
      headers: { 'idempotency-key': randomUUID() },
      body: { data: { type: 'incoming-referrals', attributes: { create_patient: true } } },
    });
    assert.equal(linked.status, 200, linked.text);
    const received = linked.body.data.attributes.received_patient_uid as string;
    const type = async (name: string) => (await server.db.selectFrom('reference_data').select('uid').where('model', '=', 'reference-medical-event').where('name', '=', name).executeTakeFirstOrThrow()).uid;
    const recorded = await (server.db as unknown as { insertInto(t: string): any })
      .insertInto('medical_event')
      .values({
        patient_uid: received, medical_event_type_uid: await type('other_interaction'), event_date: new Date(), status_uid: statuses.other_interaction.completed, facility_uid: facility, provider_uid: provider,
        location: JSON.stringify({ addr1: '1 Hidden Way' }),
        detail: JSON.stringify({ type: interaction, method: 'Phone', otherContactName: 'Private Person', otherContactPhone: '6145550199', humanInteractions: [{ firstName: 'Third', lastName: 'Party' }] }),
      })
      .returning('medical_event_uid')
      .executeTakeFirstOrThrow() as { medical_event_uid: string };

    const list = foreignOf;
    const all = await list(nav, patient);
    assert.equal(all.status, 200, all.text);
    const row = all.body.data.find((r: { id: string }) => r.id === recorded.medical_event_uid);
    assert.ok(row, 'listed for the sender');
    assert.equal(row.attributes.is_foreign, true);
    assert.equal(row.attributes.recorded_by, 'Summit County Care');
    assert.equal(row.attributes.patient_uid, patient, 'the other record is never named');
    assert.deepEqual(row.attributes.detail_object, {}, 'date, type, status and division only');
    for (const hidden of ['location', 'provider_uid', 'provider_name', 'facility_uid', 'facility_name', 'reason_label', 'status_uid']) assert.equal(row.attributes[hidden], undefined, hidden);
    assert.doesNotMatch(all.text, /Private Person|6145550199|Third|Hidden Way/);
    assert.equal((await list(nav, patient, '?medical_event_name=other_interaction')).body.data.length, all.body.data.length);
    assert.equal((await list(nav, patient, '?medical_event_name=drug_overdose')).body.data.length, 0);
    assert.equal((await list(nav, patient, '?medical_event_name=nope')).status, 404);
    // The division's own events are never foreign, and a foreign event never opens.
    const own = await list(nav, patient);
    assert.ok(own.body.data.every((r: { attributes: { recorded_by: string } }) => r.attributes.recorded_by !== 'Franklin County Care'));
    assert.equal((await call(server.url, `/api/medical-events/${recorded.medical_event_uid}`, { token: nav.token })).status, 404);
    // Refusals: another division's patient, a restricted one, and users without the feature.
    assert.equal((await list(nav, received)).status, 404);
    assert.equal((await list(nav, facts.restricted.others[0])).status, 404);
    assert.equal((await list(sponsor, patient)).status, 403);
    // A restricted record on the other side shares nothing.
    await server.db.updateTable('patient').set({ restricted_flag: '1' }).where('patient_uid', '=', received).execute();
    assert.equal((await list(nav, patient)).body.data.some((r: { id: string }) => r.id === recorded.medical_event_uid), false);
  });
});
