import '../../widgets/badges/badges.element';
import { $toasts } from '../../widgets/kit/toasts';
import { SAVED_TEXT } from '../../widgets/badges/badges.component';
import { equal, ok } from './support/assert';
import { text, waitFor } from './support/dom';
import { fakeFetch } from './support/fake-fetch';
import { mountElement, shadow } from './support/element';

const PATIENT = 'pat-1';
const group = (id: string, label: string, isExclusive: boolean, badges: [string, string][]) => ({
  data: { type: 'reference-badge-groups', id, attributes: { badge_group_uid: id, badge_group_name: id, badge_group_label: label, badge_group_color: '#495057', is_exclusive: isExclusive, default_sort_order: 0 }, relationships: { reference_badges: { data: badges.map(([b]) => ({ type: 'reference-badges', id: b })) } } },
  included: badges.map(([b, l]) => ({ type: 'reference-badges', id: b, attributes: { badge_uid: b, badge_group_uid: id, badge_name: b, badge_label: l, color: null, default_sort_order: 0 } })),
});
const risk = group('g-risk', 'Risk Level', true, [['b-low', 'Low Risk'], ['b-high', 'High Risk']]);
const needs = group('g-needs', 'Care Needs', false, [['b-fall', 'Fall Risk'], ['b-wheel', 'Wheelchair User']]);
const GROUPS = { data: [risk.data, needs.data], included: [...risk.included, ...needs.included] };
const patientBadge = (id: string, badge: string, groupUid: string, label: string) => ({ type: 'patient-badges', id, attributes: { patient_badge_uid: id, badge_uid: badge, badge_group_uid: groupUid, badge_label: label, color: null } });
const HAS_LOW = { data: [patientBadge('pb-1', 'b-low', 'g-risk', 'Low Risk')], meta: { total: 1 } };

function respond(saved: { status?: number; body?: unknown } = { body: HAS_LOW }) {
  return (url: URL, init?: RequestInit) => {
    if (url.pathname.endsWith('/reference-data/reference-badge-groups')) return { body: GROUPS };
    if (url.pathname.endsWith(`/patients/${PATIENT}/patient-badges`)) return init?.method === 'PUT' ? saved : { body: HAS_LOW };
    return { status: 404, body: { errors: [{ message: 'Not found' }] } };
  };
}

const mount = () => shadow(mountElement('care-badges', { 'api-base': 'http://api.test/api', token: 't0k', 'patient-id': PATIENT }));

const option = (root: ShadowRoot, label: string) => {
  const found = [...root.querySelectorAll('label.badge-option')].find((l) => text(l) === label)?.querySelector('input');
  if (!found) throw new Error(`No choice "${label}"`);
  return found;
};
const saveButton = (root: ShadowRoot) => [...root.querySelectorAll('sl-button')].find((b) => text(b) === 'Save') as HTMLElement & { disabled: boolean };

describe('<care-badges> (stubbed server)', () => {
  let restore: () => void = () => undefined;
  afterEach(() => {
    restore();
    document.querySelectorAll('care-badges').forEach((el) => el.remove());
    $toasts.set([]);
  });

  it('shows each group: an exclusive one as radios with None, the others as checkboxes; the patient\'s badges chosen', async () => {
    restore = fakeFetch(respond()).restore;
    const root = mount();
    await waitFor(() => root.querySelector('.badge-group'), { message: 'groups' });
    const [riskSet, needsSet] = [...root.querySelectorAll('fieldset')];
    equal(text(riskSet.querySelector('legend')), 'Risk Level');
    equal([...riskSet.querySelectorAll('input')].map((i) => i.type).join(','), 'radio,radio,radio');
    equal(text(riskSet.querySelector('.badge-hint')), 'Choose one');
    equal([...riskSet.querySelectorAll('label')].map((l) => text(l)).join(','), 'None,Low Risk,High Risk');
    equal(text(needsSet.querySelector('.badge-hint')), 'Choose any');
    equal([...needsSet.querySelectorAll('input')].map((i) => i.type).join(','), 'checkbox,checkbox');
    ok(option(root, 'Low Risk').checked);
    ok(!option(root, 'None').checked);
    ok(saveButton(root).disabled, 'nothing to save yet');
    const back = root.querySelector('a')!;
    equal(text(back), 'Back to Details');
    equal(back.getAttribute('href'), `/patients/${PATIENT}/details`);
  });

  it('an exclusive group keeps one choice; Save sends the difference form-encoded and says so', async () => {
    const server = fakeFetch(respond());
    restore = server.restore;
    const root = mount();
    await waitFor(() => root.querySelector('.badge-group'), { message: 'groups' });
    option(root, 'High Risk').click();
    await waitFor(() => !option(root, 'Low Risk').checked, { message: 'Low Risk unchosen by choosing High Risk' });
    option(root, 'Fall Risk').click();
    option(root, 'Wheelchair User').click();
    option(root, 'Wheelchair User').click();
    await waitFor(() => !saveButton(root).disabled, { message: 'Save enabled' });
    saveButton(root).click();
    const put = await waitFor(() => server.calls.find((c) => c.init?.method === 'PUT'), { message: 'the save' });
    ok(put.init!.body instanceof URLSearchParams, 'a form body');
    equal(
      decodeURIComponent(String(put.init!.body)),
      'create[0][badge_uid]=b-high&create[0][badge_group_uid]=g-risk&create[1][badge_uid]=b-fall&create[1][badge_group_uid]=g-needs&delete[0][patient_badge_uid]=pb-1',
    );
    await waitFor(() => $toasts.get().some((t) => t.message === SAVED_TEXT), { message: 'saved toast' });
    equal(SAVED_TEXT, 'Successfully Saved!');
  });

  it('None clears an exclusive group', async () => {
    const server = fakeFetch(respond());
    restore = server.restore;
    const root = mount();
    await waitFor(() => root.querySelector('.badge-group'), { message: 'groups' });
    option(root, 'None').click();
    await waitFor(() => !saveButton(root).disabled, { message: 'Save enabled' });
    saveButton(root).click();
    const put = await waitFor(() => server.calls.find((c) => c.init?.method === 'PUT'), { message: 'the save' });
    equal(decodeURIComponent(String(put.init!.body)), 'delete[0][patient_badge_uid]=pb-1');
  });

  it('a refused save shows the server\'s message in the error summary', async () => {
    restore = fakeFetch(respond({ status: 422, body: { errors: [{ field: 'create.0.badge_uid', message: 'Unknown badge' }] } })).restore;
    const root = mount();
    await waitFor(() => root.querySelector('.badge-group'), { message: 'groups' });
    option(root, 'Fall Risk').click();
    await waitFor(() => !saveButton(root).disabled, { message: 'Save enabled' });
    saveButton(root).click();
    const summary = await waitFor(() => root.querySelector('.error-summary'), { message: 'error summary' });
    ok(text(summary).includes('Unknown badge'), text(summary));
    ok(option(root, 'Fall Risk').checked, 'the choice stays');
  });

  it('skeleton while loading, the error state when the groups cannot be read', async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    restore = fakeFetch(async () => (await gate, { status: 500, body: { errors: [{ message: 'boom' }] } })).restore;
    const root = mount();
    await waitFor(() => root.querySelector('sl-skeleton'), { message: 'skeleton' });
    release();
    await waitFor(() => text(root.querySelector('[role="alert"]')) === 'Oops, something went wrong!', { message: 'error state' });
  });
});
