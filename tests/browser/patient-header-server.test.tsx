import '../../widgets/patient-record/patient-header.element';
import { pictureProblem, TOO_LARGE, WRONG_TYPE } from '../../widgets/patient-record/avatar-dialog';
import { deepEqual, equal } from './support/assert';
import { byLabel, selectOption, text, typeInto, waitFor } from './support/dom';
import { signIn, url, visiblePatient, type Api } from './support/reminders-server';
import { signInAs } from './support/sign-in';
import { mountElement, shadow } from './support/element';

const mount = (api: Api, patientId: string) => mountElement('care-patient-header', { token: api.token, 'patient-id': patientId });

// A 1×1 PNG.
const PNG = Uint8Array.from(atob('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg=='), (c) => c.charCodeAt(0));
const menuItems = (el: HTMLElement) => [...shadow(el).querySelectorAll<HTMLElement>('sl-menu-item')].map((i) => text(i));
const choose = (el: HTMLElement, label: string) => [...shadow(el).querySelectorAll<HTMLElement>('sl-menu-item')].find((i) => text(i) === label)!.click();
const openDialog = (el: HTMLElement, label: string) =>
  waitFor(
    () => {
      const dialog = shadow(el).querySelector<HTMLElement & { open: boolean }>(`sl-dialog[label="${label}"]`);
      return dialog?.open ? dialog : null;
    },
    { message: `the ${label} dialog` },
  );
const slButton = (scope: ParentNode, label: string) => [...scope.querySelectorAll<HTMLElement>('sl-button')].find((b) => text(b) === label)!;
const fact = (el: HTMLElement, term: string) => text([...shadow(el).querySelectorAll('.record-facts > div')].find((d) => text(d.querySelector('dt')) === term)?.querySelector('dd'));

describe('<care-patient-header> gear menu against the real server', function () {
  let nav: Api;
  let patient: string;

  before(async function () {
    if (!url) this.skip();
    nav = await signIn();
    patient = await visiblePatient(nav);
  });
  afterEach(() => document.querySelectorAll('care-patient-header').forEach((el) => el.remove()));

  it('offers the changes to modes that edit a record, and only the page link to a mode that reads', async () => {
    const el = mount(nav, patient);
    await waitFor(() => menuItems(el).length === 5, { timeout: 10000, message: 'the full menu' });
    deepEqual(menuItems(el).map((l) => l.replace(/^(Add|Edit) /, '')), ['Change Episode Status', 'Change Profile Picture', 'Priority Note', 'Badges', 'Demographics']);
    el.remove();
    const other = mount({ token: (await signInAs('identity')).token } as Api, patient);
    // The identity user's division may not hold this patient: either the reader's menu or the not-found state.
    await waitFor(() => menuItems(other).length > 0 || text(shadow(other)).includes('Patient not found'), { timeout: 10000, message: 'the header' });
    if (menuItems(other).length) deepEqual(menuItems(other), ['Badges', 'Demographics']);
  });

  it('Change Episode Status: statuses of type Episode in their order; saving updates the label', async () => {
    const el = mount(nav, patient);
    await waitFor(() => menuItems(el).includes('Change Episode Status'), { timeout: 10000, message: 'the menu' });
    const before = fact(el, 'Episode Status');
    choose(el, 'Change Episode Status');
    const dialog = await openDialog(el, 'Change Episode Status');
    const select = await waitFor(() => {
      const s = byLabel<HTMLSelectElement>(dialog, 'Episode Status');
      return s.options.length > 1 ? s : null;
    });
    deepEqual([...select.options].slice(1).map((o) => o.text), ['Active', 'Pending', 'Closed']);
    const next = [...select.options].slice(1).find((o) => o.text !== before)!;
    selectOption(select, next.value);
    slButton(dialog, 'Save').click();
    await waitFor(() => fact(el, 'Episode Status') === next.text, { message: 'the new label' });
  });

  it('Priority Note: the banner shows what was saved; an empty note removes it', async () => {
    const el = mount(nav, patient);
    await waitFor(() => menuItems(el).some((l) => l.endsWith('Priority Note')), { timeout: 10000, message: 'the menu' });
    const item = menuItems(el).find((l) => l.endsWith('Priority Note'))!;
    choose(el, item);
    let dialog = await openDialog(el, item);
    typeInto(byLabel<HTMLTextAreaElement>(dialog, 'Priority Note'), 'Needs an interpreter');
    slButton(dialog, 'Save').click();
    await waitFor(() => text(shadow(el).querySelector('[role="note"]')) === 'Needs an interpreter', { message: 'the banner' });
    choose(el, 'Edit Priority Note');
    dialog = await openDialog(el, 'Edit Priority Note');
    typeInto(byLabel<HTMLTextAreaElement>(dialog, 'Priority Note'), '');
    slButton(dialog, 'Save').click();
    await waitFor(() => shadow(el).querySelector('[role="note"]') === null, { message: 'the banner gone' });
  });

  it('Change Profile Picture: a PNG is uploaded and shown; a text file named .png is refused by the server\'s signature check', async () => {
    const el = mount(nav, patient);
    await waitFor(() => menuItems(el).includes('Change Profile Picture'), { timeout: 10000, message: 'the menu' });
    const upload = async (file: File) => {
      choose(el, 'Change Profile Picture');
      const dialog = await openDialog(el, 'Change Profile Picture');
      const input = byLabel(dialog, 'Picture');
      const files = new DataTransfer();
      files.items.add(file);
      input.files = files.files;
      input.dispatchEvent(new Event('change', { bubbles: true }));
      slButton(dialog, 'Upload').click();
      return dialog;
    };
    // A text file that claims to be a PNG gets past the browser's type check; the server reads its bytes.
    const dialog = await upload(new File(['not a picture'], 'fake.png', { type: 'image/png' }));
    await waitFor(() => text(dialog.querySelector('.field-error')) === WRONG_TYPE, { message: 'the server refusal' });
    slButton(dialog, 'Cancel').click();
    await waitFor(() => !shadow(el).querySelector('sl-dialog[label="Change Profile Picture"]'), { message: 'the dialog closed' });
    await upload(new File([PNG], 'me.png', { type: 'image/png' }));
    await waitFor(() => shadow(el).querySelector('.record-avatar img')?.getAttribute('src')?.startsWith('blob:'), { timeout: 10000, message: 'the picture in the header' });
  });

  it('Change Profile Picture: the browser refuses what is not a JPEG, PNG or WebP, or over 5 MB', () => {
    equal(pictureProblem(new File(['plain text'], 'me.png', { type: 'text/plain' })), WRONG_TYPE);
    equal(pictureProblem(new File([new Uint8Array(5 * 1024 * 1024 + 1)], 'big.png', { type: 'image/png' })), TOO_LARGE);
    equal(pictureProblem(new File([new Uint8Array(10)], 'ok.webp', { type: 'image/webp' })), null);
  });
});
