import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import dayjs from 'dayjs';
import { startTestServer, type TestServer } from '../../server/testing/start-test-server';
import { call, demoFacts, errorsOf, login, type DemoFacts, type LoggedIn } from './support/http';

let server: TestServer;
let facts: DemoFacts;
let nav: LoggedIn;
let community: LoggedIn;
let identity: LoggedIn;
let patient: string;
let hidden: string;
let ref: Record<'gender' | 'identity' | 'race' | 'episode', { uid: string; label: string }[]>;

const PNG = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000' + '1f15c4890000000d49444154789c6360000002000100' + '05fe02fe0000000049454e44ae426082', 'hex');

const api = (user: LoggedIn | null, path: string, method = 'GET', body?: unknown) => call(server.url, `/api${path}`, { method, body, ...(user ? { token: user.token } : {}) });
const put = (user: LoggedIn | null, patientUid: string, attributes: Record<string, unknown>, relationships?: Record<string, unknown>) =>
  api(user, `/patients/${patientUid}`, 'PUT', { data: { type: 'patients', id: patientUid, attributes, ...(relationships ? { relationships } : {}) } });
const demographics = () => ({
  first_name: 'Ada',
  middle_name: '',
  last_name: 'Lovelace',
  birth_date: '1990-04-02',
  preferred_phone: 'mobile',
  mobile_phone: '6145550100',
  home_phone: '',
  work_phone: '',
});
const links = () => ({
  gender: { data: { type: 'reference-gender', id: ref.gender[0].uid } },
  gender_identity: { data: null },
  races: { data: [ref.race[0].uid, ref.race[1].uid].map((id) => ({ type: 'reference-race', id })) },
});
const activity = async (patientUid: string) => (await api(nav, `/patients/${patientUid}/audit-messages`)).body.data.map((e: { attributes: { formatted_message: string; message?: string } }) => e.attributes.formatted_message ?? e.attributes.message);
const avatar = (user: LoggedIn, patientUid: string, bytes: Buffer, fileName = 'me.png', fileType = 'image/png') =>
  api(user, `/patients/${patientUid}/avatar`, 'POST', { fileName, fileType, base64Data: bytes.toString('base64') });

before(async () => {
  server = await startTestServer();
  facts = await demoFacts(server.db);
  [nav, community, identity] = await Promise.all([login(server.url, 'navigator'), login(server.url, 'community'), login(server.url, 'identity')]);
  const excluded = [facts.restricted.mine, ...facts.restricted.others, ...facts.adoption];
  const mine = await server.db.selectFrom('patient').select('patient_uid').where('division_uid', '=', facts.divisionUids[0]).where('patient_uid', 'not in', excluded).orderBy('last_name').limit(1).executeTakeFirstOrThrow();
  patient = mine.patient_uid;
  hidden = facts.restricted.others[0];
  const list = (model: string, type?: string) =>
    server.db.selectFrom('reference_data').select(['uid', 'label']).where('model', '=', model).$if(!!type, (q) => q.where('ref_data_type', '=', type!)).orderBy('default_sort_order').orderBy('label').execute();
  ref = { gender: await list('reference-gender'), identity: await list('reference-gender-identity'), race: await list('reference-race'), episode: await list('reference-status', 'Episode') };
});
after(async () => {
  await server?.stop();
});

describe('PUT /api/patients/{id}: demographics', () => {
  it('saves names, birth date, sex, races and phones, answers the patient, and the activity log says what changed', async () => {
    const answer = await put(nav, patient, demographics(), links());
    assert.equal(answer.status, 200, answer.text);
    const attrs = answer.body.data.attributes;
    assert.equal(attrs.first_name, 'Ada');
    assert.equal(attrs.birth_date, '1990-04-02');
    assert.equal(attrs.gender_uid, ref.gender[0].uid);
    assert.equal(attrs.phone, '6145550100');
    const races = await api(nav, `/patients/${patient}/races`);
    assert.equal(races.status, 200);
    assert.deepEqual(races.body.data.map((r: { id: string }) => r.id).sort(), [ref.race[0].uid, ref.race[1].uid].sort());
    const log = await activity(patient);
    assert.match(log[0], /^Nora Navigator edited the demographics \(.*first name.*race/);
  });

  it('refuses what section 5 refuses, with the field and its message', async () => {
    const future = dayjs().add(1, 'day').format('YYYY-MM-DD');
    const ancient = dayjs().subtract(101, 'year').format('YYYY-MM-DD');
    const fields = (answer: Awaited<ReturnType<typeof put>>) => Object.fromEntries(errorsOf(answer, 422).map((e) => [e.field, e.message]));
    assert.deepEqual(fields(await put(nav, patient, { ...demographics(), first_name: ' ', birth_date: future }, links())), {
      'data.attributes.first_name': 'Required',
      'data.attributes.birth_date': 'Must not be in the future',
    });
    assert.deepEqual(fields(await put(nav, patient, { ...demographics(), birth_date: ancient })), { 'data.attributes.birth_date': 'Must be within the last 100 years' });
    assert.deepEqual(fields(await put(nav, patient, { ...demographics(), birth_date: '' })), { 'data.attributes.birth_date': 'Required' });
    assert.deepEqual(fields(await put(nav, patient, { ...demographics(), preferred_phone: 'home' })), { 'data.attributes.home_phone': 'Required' });
    assert.deepEqual(fields(await put(nav, patient, { mobile_phone: '12ab' })), { 'data.attributes.mobile_phone': 'Must be a 10-digit phone number' });
    assert.deepEqual(fields(await put(nav, patient, { last_name: 'x'.repeat(101) })), { 'data.attributes.last_name': 'Must be at most 100 characters' });
    assert.deepEqual(fields(await put(nav, patient, {}, { gender: { data: { type: 'reference-gender', id: ref.race[0].uid } } })), { 'data.relationships.gender': 'Must be one of the choices' });
    assert.deepEqual(fields(await put(nav, patient, {}, { gender: { data: null } })), { 'data.relationships.gender': 'Required' });
    assert.equal(errorsOf(await put(nav, patient, {}), 422)[0].message, 'Nothing to change');
    assert.equal((await api(nav, `/patients/${patient}`)).body.data.attributes.first_name, 'Ada', 'nothing refused was written');
  });

  it('community mode may leave the birth date out', async () => {
    const community1 = await server.db.selectFrom('user_division').innerJoin('app_user', 'app_user.user_uid', 'user_division.user_uid').select('division_uid').where('app_user.user_name', '=', 'community').executeTakeFirstOrThrow();
    const theirs = await server.db.selectFrom('patient').select('patient_uid').where('division_uid', '=', community1.division_uid).where('restricted_flag', '=', '0').where('patient_uid', 'not in', facts.adoption).orderBy('last_name', 'desc').limit(1).executeTakeFirstOrThrow();
    const answer = await put(community, theirs.patient_uid, { ...demographics(), birth_date: null }, links());
    assert.equal(answer.status, 200, answer.text);
    assert.equal(answer.body.data.attributes.birth_date, null);
  });

  it('401 without a session, 403 for a mode that reads but does not edit, 404 for a patient the caller may not see', async () => {
    assert.equal((await put(null, patient, { note: 'x' })).status, 401);
    errorsOf(await put(identity, patient, { note: 'x' }), 403);
    assert.equal(errorsOf(await put(nav, hidden, { note: 'x' }), 404)[0].message, 'Patient not found');
    assert.equal((await api(null, `/patients/${patient}/races`)).status, 401);
    assert.equal((await api(nav, `/patients/${hidden}/races`)).status, 404);
  });
});

describe('GET /api/patients/{id}?include=', () => {
  it('includes addresses, e-mail addresses and insurance, and refuses an unknown include', async () => {
    await server.db.insertInto('patient_email_address').values({ patient_uid: patient, email_address: 'ada@example.test', is_primary: true }).execute();
    const answer = await api(nav, `/patients/${patient}?include=addresses,insurance-providers,email-addresses`);
    assert.equal(answer.status, 200, answer.text);
    assert.deepEqual(Object.keys(answer.body.data.relationships).sort(), ['addresses', 'email-addresses', 'insurance-providers']);
    const emails = answer.body.included.filter((r: { type: string }) => r.type === 'email-addresses');
    assert.ok(emails.some((e: { attributes: { email_address: string } }) => e.attributes.email_address === 'ada@example.test'));
    assert.equal(errorsOf(await api(nav, `/patients/${patient}?include=secrets`), 400)[0].message, 'Unknown include: secrets');
  });
});

describe('PUT /api/patients/{id}: priority note', () => {
  it('sets and removes the note, each in the activity log', async () => {
    const set = await put(nav, patient, { note: '  Call before visiting  ' });
    assert.equal(set.status, 200, set.text);
    assert.equal(set.body.data.attributes.note, 'Call before visiting');
    assert.equal((await activity(patient))[0], 'Nora Navigator set the priority note');
    assert.equal((await put(nav, patient, { note: '' })).body.data.attributes.note, null);
    assert.equal((await activity(patient))[0], 'Nora Navigator removed the priority note');
    assert.equal(errorsOf(await put(nav, patient, { note: 'x'.repeat(5001) }), 422)[0].field, 'data.attributes.note');
  });
});

describe('PUT /api/patient-episodes/{patientEpisodeUid}', () => {
  const episodeOf = async (patientUid: string) => (await api(nav, `/patients/${patientUid}`)).body.data.attributes.summary_patient.patient_episode_uid as string;
  const change = (user: LoggedIn | null, episode: string, status: unknown) => api(user, `/patient-episodes/${episode}`, 'PUT', { data: { type: 'patient-episodes', id: episode, attributes: { 'new-status': status } } });

  it('changes the status; the patient shows the new label and the activity log says so', async () => {
    const episode = await episodeOf(patient);
    const current = (await api(nav, `/patients/${patient}`)).body.data.attributes.summary_patient.episode_status_uid;
    const target = ref.episode.find((s) => s.uid !== current)!;
    const answer = await change(nav, episode, target.uid);
    assert.equal(answer.status, 200, answer.text);
    assert.equal(answer.body.data.attributes.status_label, target.label);
    assert.equal((await api(nav, `/patients/${patient}`)).body.data.attributes.summary_patient.episode_status_label, target.label);
    assert.equal((await activity(patient))[0], `Nora Navigator changed the episode status to ${target.label}`);
    await change(nav, episode, target.uid);
    assert.equal((await activity(patient))[0], `Nora Navigator changed the episode status to ${target.label}`, 'the same status again changes nothing');
    assert.equal((await activity(patient))[1], 'Nora Navigator removed the priority note');
  });

  it('refuses a status that is not an episode status, and a missing one', async () => {
    const episode = await episodeOf(patient);
    assert.deepEqual(errorsOf(await change(nav, episode, ref.race[0].uid), 422), [{ field: 'data.attributes.new-status', message: 'Must be an episode status' }]);
    assert.equal(errorsOf(await change(nav, episode, ''), 422)[0].message, 'Required');
  });

  it('401, 403 for a read-only mode, 404 for an episode of a patient the caller may not see', async () => {
    const episode = await episodeOf(patient);
    const hiddenEpisode = await server.db.selectFrom('patient_episode').select('patient_episode_uid').where('patient_uid', '=', hidden).executeTakeFirstOrThrow();
    assert.equal((await change(null, episode, ref.episode[0].uid)).status, 401);
    errorsOf(await change(identity, episode, ref.episode[0].uid), 403);
    assert.equal(errorsOf(await change(nav, hiddenEpisode.patient_episode_uid, ref.episode[0].uid), 404)[0].message, 'Episode not found');
    assert.equal((await change(nav, 'not-an-id', ref.episode[0].uid)).status, 404);
  });
});

describe('POST /api/patients/{id}/avatar', () => {
  it('accepts a PNG, stores it by its content hash and serves it back to whoever may see the patient', async () => {
    const answer = await avatar(nav, patient, PNG);
    assert.equal(answer.status, 201, answer.text);
    const image = answer.body.data.attributes.person_image as string;
    assert.match(image, new RegExp(`^patients/${patient}/avatar\\?v=[0-9a-f]{16}$`));
    const served = await fetch(`${server.url}/api/${image}`, { headers: { authorization: `Bearer ${nav.token}` } });
    assert.equal(served.status, 200);
    assert.equal(served.headers.get('content-type'), 'image/png');
    assert.deepEqual(Buffer.from(await served.arrayBuffer()), PNG);
    const row = await server.db.selectFrom('patient').select('avatar_file').where('patient_uid', '=', patient).executeTakeFirstOrThrow();
    assert.match(row.avatar_file!, /^[0-9a-f]{64}\.png$/);
    assert.equal((await activity(patient))[0], 'Nora Navigator changed the profile picture');
    const total = async () => (await api(nav, `/patients/${patient}/audit-messages`)).body.meta.total as number;
    const entries = await total();
    assert.equal((await avatar(nav, patient, PNG)).status, 201, 'the same picture again');
    assert.equal(await total(), entries, 'the same picture again is no new change');
    assert.equal((await api(nav, `/patients/${hidden}/avatar`)).status, 404);
    assert.equal((await api(null, `/patients/${patient}/avatar`)).status, 401);
  });

  it('refuses a text file named .png, a picture over 5 MB, and a body without data', async () => {
    const text = await avatar(nav, patient, Buffer.from('just some text, not a picture'), 'me.png', 'image/png');
    assert.deepEqual(errorsOf(text, 415), [{ field: 'base64_data', message: 'The picture must be a JPEG, PNG or WebP image' }]);
    const big = Buffer.concat([PNG, Buffer.alloc(5 * 1024 * 1024)]);
    assert.deepEqual(errorsOf(await avatar(nav, patient, big), 413), [{ field: 'base64_data', message: 'The picture must be at most 5 MB' }]);
    const fields = errorsOf(await api(nav, `/patients/${patient}/avatar`, 'POST', { fileName: 'x.png', base64Data: '%%%' }), 422);
    assert.deepEqual(fields, [{ field: 'base64_data', message: 'Must be base64' }]);
  });

  it('401, 403 for a read-only mode, 404 for a patient the caller may not see', async () => {
    assert.equal((await api(null, `/patients/${patient}/avatar`, 'POST', {})).status, 401);
    errorsOf(await avatar(identity, patient, PNG), 403);
    errorsOf(await avatar(nav, hidden, PNG), 404);
  });
});
