import '../../widgets/patient-record/patient-record.element';
import '../../widgets/documents/patient-documents.element';
import { $toasts } from '../../widgets/kit/toasts';
import { equal, ok } from './support/assert';
import { byLabel, pickFile, selectOption, text, typeInto, waitFor } from './support/dom';
import { fieldError, mountElement, shadow, slButton } from './support/element';
import { signIn, url, visiblePatient, type Api } from './support/reminders-server';

const PDF = '%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\n%%EOF\n';

/** The record frame on one page, as the shell shows it; `care-navigate` paths are collected, not followed. */
function openPage(api: Api, patientId: string, page: string) {
  const el = mountElement('care-patient-record', { token: api.token, 'patient-id': patientId, page });
  const paths: string[] = [];
  el.addEventListener('care-navigate', (e) => {
    e.preventDefault();
    paths.push((e as CustomEvent<{ path: string }>).detail.path);
  });
  return { el, paths };
}

const labelled = (el: HTMLElement, label: string) => {
  try {
    return byLabel(shadow(el), label);
  } catch {
    return null;
  }
};
const form = (el: HTMLElement) => shadow(el).querySelector<HTMLFormElement>('form');


describe('documents against the real server', function () {
  let nav: Api;
  let patient: string;

  before(async function () {
    if (!url) this.skip();
    nav = await signIn();
    patient = await visiblePatient(nav);
  });
  afterEach(() => {
    document.querySelectorAll('care-patient-record, care-patient-documents').forEach((el) => el.remove());
    $toasts.set([]);
  });

  it('the form shows the Link field for a Link and the File field for every other type, each with its rule', async () => {
    const { el, paths } = openPage(nav, patient, 'docs/add');
    const type = await waitFor(() => labelled(el, 'Document Type') as HTMLSelectElement | null, { timeout: 10000, message: 'the form' });
    equal(labelled(el, 'Link'), null, 'no Link field before a type is chosen');
    equal(labelled(el, 'File'), null, 'no File field before a type is chosen');

    selectOption(type, 'Link');
    const link = await waitFor(() => labelled(el, 'Link'), { message: 'the Link field' });
    equal(labelled(el, 'File'), null, 'a Link has no file');
    typeInto(byLabel(shadow(el), 'Title'), 'School plan');
    typeInto(link, 'not a link');
    form(el)!.requestSubmit();
    await waitFor(() => fieldError(el, 'link') === 'Must be a valid http or https URL', { message: 'the URL rule' });

    for (const choice of ['PDF', 'Image', 'Text']) {
      selectOption(type, choice);
      await waitFor(() => labelled(el, 'File'), { message: `the File field for ${choice}` });
      equal(labelled(el, 'Link'), null, `${choice} has no Link field`);
    }
    selectOption(type, 'PDF');
    form(el)!.requestSubmit();
    await waitFor(() => fieldError(el, 'fileName') === 'File is required', { message: 'the file rule' });
    pickFile(labelled(el, 'File')!, new File(['hello'], 'notes.txt', { type: 'text/plain' }));
    form(el)!.requestSubmit();
    await waitFor(() => fieldError(el, 'fileName') === 'A PDF document must be a .pdf file', { message: 'the ending rule' });

    pickFile(labelled(el, 'File')!, new File([PDF], 'plan.pdf', { type: 'application/pdf' }));
    await waitFor(() => text(shadow(el)).includes('plan.pdf ('), { message: 'the chosen file' });
    form(el)!.requestSubmit();
    await waitFor(() => paths.includes(`/patients/${patient}/docs`), { timeout: 10000, message: 'back to the list' });
    ok($toasts.get().some((t) => t.message === 'Successfully saved!'), 'the saved toast');
    const list = (await nav.call(`/data/public/patient-attachment?patient_uid=${patient}`)).body.data;
    equal(list[0].attributes.file_name, 'plan.pdf');
  });

  it('deletes a document only after the confirmation, and the list element lists it until then', async () => {
    const response = await fetch(`${url}/api/attachments`, {
      method: 'POST',
      headers: { authorization: `Bearer ${nav.token}`, 'content-type': 'application/json', 'idempotency-key': crypto.randomUUID() },
      body: JSON.stringify({ data: { type: 'attachments', attributes: { patient_uid: patient, doc_type: 'Link', title: 'Court portal', link: 'https://court.example/case' } } }),
    });
    const id = (await response.json()).data.id as string;

    const list = mountElement('care-patient-documents', { token: nav.token, 'patient-id': patient });
    await waitFor(() => text(shadow(list)).includes('Court portal'), { timeout: 10000, message: 'the document in the list' });
    ok(text(shadow(list)).includes('Add Document'));

    const { el, paths } = openPage(nav, patient, `docs/${id}`);
    const remove = await waitFor(() => slButton(el, 'Delete Document'), { timeout: 10000, message: 'the document' });
    ok(text(shadow(el)).includes('https://court.example/case'));
    equal(slButton(el, 'Download'), undefined, 'a link has nothing to download');
    const dialog = () => shadow(el).querySelector<HTMLElement & { open: boolean }>('sl-dialog[label="Delete Document"]')!;
    remove.click();
    await waitFor(() => dialog().open, { message: 'the confirmation' });
    slButton(el, 'Cancel')!.click();
    await waitFor(() => !dialog().open, { message: 'the dialog to close' });
    equal((await nav.call(`/attachments/${id}`)).status, 200, 'Cancel deletes nothing');

    remove.click();
    await waitFor(() => dialog().open, { message: 'the confirmation again' });
    slButton(el, 'Delete')!.click();
    await waitFor(() => paths.includes(`/patients/${patient}/docs`), { timeout: 10000, message: 'back to the list' });
    ok($toasts.get().some((t) => t.message === 'Successfully deleted!'), 'the deleted toast');
    equal((await nav.call(`/attachments/${id}`)).status, 404);
  });
});
