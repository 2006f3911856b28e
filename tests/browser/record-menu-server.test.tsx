import { setViewport } from '@web/test-runner-commands';
import '../../widgets/patient-record/patient-record.element';
import { $recordMenuHidden } from '../../widgets/patient-record/left-menu.component';
import { deepEqual, equal, ok } from './support/assert';
import { text, waitFor } from './support/dom';
import { mountElement, plainButton, shadow } from './support/element';
import { signIn, url, visiblePatient, type Api } from './support/reminders-server';

const STORED = 'careweave.record.menuHidden';
const menu = (el: HTMLElement) => shadow(el).querySelector<HTMLElement>('nav.record-menu');
const toggle = (el: HTMLElement) => shadow(el).querySelector<HTMLButtonElement>('.record-menu-toggle');
const link = (el: HTMLElement, label: string) => [...(menu(el)?.querySelectorAll<HTMLAnchorElement>('a') ?? [])].find((a) => text(a) === label);

/** Spec 000 "Patient side navigation": the 'Show Menu' / 'Hide Menu' toggle, remembered in local storage. */
describe('<care-patient-record> left menu toggle against the real server', function () {
  let nav: Api;
  let patient: string;

  async function open() {
    const el = mountElement('care-patient-record', { token: nav.token, 'patient-id': patient });
    const navigations: string[] = [];
    el.addEventListener('care-navigate', (e) => {
      e.preventDefault();
      navigations.push((e as CustomEvent<{ path: string }>).detail.path);
    });
    await waitFor(() => toggle(el), { timeout: 10000, message: 'the record' });
    return { el, navigations };
  }

  before(async function () {
    if (!url) this.skip();
    nav = await signIn();
    patient = await visiblePatient(nav);
  });
  beforeEach(() => $recordMenuHidden.set(null));
  afterEach(async () => {
    document.querySelectorAll('care-patient-record').forEach((el) => el.remove());
    $recordMenuHidden.set(null);
    await setViewport({ width: 1280, height: 800 });
  });

  it('on a wide screen starts open; Hide Menu collapses it, and a record opened later stays collapsed', async () => {
    await setViewport({ width: 1280, height: 800 });
    let { el } = await open();
    await waitFor(() => link(el, 'Demographics'), { timeout: 10000, message: 'the menu items' });
    equal(text(toggle(el)), 'Hide Menu');
    equal(toggle(el)!.getAttribute('aria-expanded'), 'true');
    plainButton(el, 'Hide Menu')!.click();
    await waitFor(() => menu(el) === null, { message: 'the menu collapsed' });
    equal(text(toggle(el)), 'Show Menu');
    equal(localStorage.getItem(STORED), 'true');
    el.remove();
    ({ el } = await open());
    equal(menu(el), null, 'still collapsed');
    plainButton(el, 'Show Menu')!.click();
    await waitFor(() => link(el, 'Demographics'), { message: 'the menu open again' });
    equal(localStorage.getItem(STORED), 'false');
  });

  it('on a phone starts collapsed, and a page chosen from it collapses it again', async () => {
    await setViewport({ width: 390, height: 800 });
    const { el, navigations } = await open();
    equal(text(toggle(el)), 'Show Menu');
    equal(menu(el), null, 'collapsed until asked for');
    plainButton(el, 'Show Menu')!.click();
    const demographics = await waitFor(() => link(el, 'Demographics'), { timeout: 10000, message: 'the menu items' });
    demographics.click();
    deepEqual(navigations, [`/patients/${patient}/demographics`]);
    await waitFor(() => menu(el) === null, { message: 'the menu collapsed after the choice' });
    equal(text(toggle(el)), 'Show Menu');
  });

  it('on a wide screen a chosen page leaves the menu open', async () => {
    await setViewport({ width: 1280, height: 800 });
    const { el, navigations } = await open();
    const demographics = await waitFor(() => link(el, 'Demographics'), { timeout: 10000, message: 'the menu items' });
    demographics.click();
    deepEqual(navigations, [`/patients/${patient}/demographics`]);
    ok(menu(el), 'still open');
  });
});
