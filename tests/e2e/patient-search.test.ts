import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { loginAs, openPage, shot, startHarness, type Harness } from './support/harness';

let h: Harness;

before(async () => {
  h = await startHarness();
});

after(async () => {
  await h?.stop();
});

async function navigatorPage(): Promise<Page> {
  const { page } = await openPage(h, 1280, 860);
  await loginAs(page, 'navigator');
  return page;
}

/** Types into the top bar's search and waits for the debounced answer. */
async function search(page: Page, q: string) {
  const box = page.getByRole('combobox', { name: 'Search Patients' });
  await box.fill(q);
  await page.getByRole('listbox', { name: 'Search Patients' }).getByRole('option').first().waitFor();
  await page.getByText('Searching ...').waitFor({ state: 'hidden' });
  return box;
}

async function openPreview(page: Page, q: string, name: string) {
  await search(page, q);
  await page.getByRole('option', { name: new RegExp(name) }).click();
  return dialogNamed(page, name);
}

/** The sl-dialog host: its slotted content is outside the role="dialog" panel in its shadow root. */
async function dialogNamed(page: Page, label: string) {
  const dialog = page.locator(`sl-dialog[label="${label}"][open]`);
  await dialog.waitFor();
  return dialog;
}

describe('finding patients in the shell', () => {
  test('quick search: dropdown, preview, Continue records the audit and opens the record', async () => {
    const page = await navigatorPage();
    await search(page, 'garcia amara');
    await page.getByRole('option', { name: /García, Amara/ }).waitFor();
    await shot(page, 'patient-search-dropdown');

    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    const dialog = await dialogNamed(page, 'García, Amara');
    await dialog.getByText('10/15/2006').waitFor();
    await shot(page, 'patient-search-preview');
    await dialog.getByRole('button', { name: 'Continue' }).click();
    await page.waitForURL(/\/patients\/[0-9a-f-]{36}\/face-sheet$/);
    // The record's own calls are made by now: they carry on the preview's page view, so one opening is one entry.
    await page.getByRole('heading', { name: /Amara/ }).waitFor();
    await page.getByRole('navigation', { name: /record/i }).getByRole('link').first().waitFor();
    const patientUid = page.url().split('/').at(-2)!;
    const audit = await h.server.db.selectFrom('audit_entry').select(['action']).where('patient_uid', '=', patientUid).execute();
    assert.deepEqual(audit, [{ action: 'ViewedPatient' }]);
    await page.context().close();
  });

  // The custody alerts, on patients whose facts the test sets, are in patient-preview-custody.test.ts.
  test('each access alert in the preview, with Continue only where allowed', async () => {
    const page = await navigatorPage();
    type Alert = { key: string; variant: string; title: string; message: string };
    const RESTRICTED_NOT_MINE: Alert = {
      key: 'restricted-case',
      variant: 'danger',
      title: 'Restricted Case',
      message: 'This is a restricted case. Only users with permission to view restricted cases, or its worker, chief or supervisor, can open it.',
    };
    const ADOPTION: Alert = {
      key: 'restricted',
      variant: 'danger',
      title: 'Restricted',
      message: 'This record is part of an adoption case. Only users with the healthcare role or permission to view adoption cases can open it.',
    };
    const RESTRICTED_MINE: Alert = {
      key: 'restricted-case',
      variant: 'warning',
      title: 'Restricted Case',
      message: 'This is a restricted case. You can open it because you are the worker, chief or supervisor on one of its cases.',
    };
    const IN_TRANSITION: Alert = { key: 'legal-status', variant: 'neutral', title: 'Legal Status in Transition', message: 'The agency legal status of this patient is changing and is not known yet.' };
    const cases: [string, string, string, Alert[], boolean][] = [
      ['blackwood theodore', 'Blackwood, Theodore', 'restricted-case', [RESTRICTED_NOT_MINE], false],
      ['ashgrove penelope', 'Ashgrove, Penelope', 'adoption', [ADOPTION], false],
      ['whitfield', 'Whitfield, Rosalind', 'restricted-case-mine', [RESTRICTED_MINE], true],
      ['juniper hale', 'Hale, Juniper', 'legal-status', [IN_TRANSITION], true],
    ];
    await search(page, 'z');
    await page.getByText('Please enter at least 2 characters.').waitFor();
    await search(page, 'zzqx');
    await page.getByText('No results found.').waitFor();
    await shot(page, 'patient-search-no-results');
    await search(page, 'blackwood');
    await page.getByRole('option', { name: /Blackwood, Theodore/ }).waitFor();
    await shot(page, 'patient-search-dropdown-restricted');
    for (const [q, name, file, expected, continues] of cases) {
      const dialog = await openPreview(page, q, name);
      await dialog.locator('sl-alert').first().waitFor();
      // Which alerts show, in order: each one's kind, colour, title and text.
      const shown = await dialog.locator('sl-alert').evaluateAll((els) =>
        els.map((e) => ({
          key: (e as HTMLElement).dataset.alert,
          variant: (e as HTMLElement & { variant: string }).variant,
          title: e.querySelector('strong')?.textContent?.trim(),
          message: [...e.childNodes].filter((n) => n.nodeType === Node.TEXT_NODE).map((n) => n.textContent).join('').trim(),
        })),
      );
      assert.deepEqual(shown, expected, name);
      assert.equal(await dialog.getByRole('button', { name: 'Continue' }).count(), continues ? 1 : 0, name);
      await shot(page, `patient-search-alert-${file}`);
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await dialog.waitFor({ state: 'hidden' });
    }
    await page.context().close();
  });

  test('advanced search: form, results, a result opens the record', async () => {
    const page = await navigatorPage();
    await page.getByRole('combobox', { name: 'Search Patients' }).focus();
    await page.getByRole('option', { name: 'Advanced search' }).click();
    const dialog = await dialogNamed(page, 'Advanced search');
    await dialog.getByLabel('Name').fill('hale');
    await dialog.getByRole('button', { name: 'Search' }).click();
    await dialog.getByRole('link', { name: 'Hale, Juniper' }).waitFor();
    await shot(page, 'patient-search-advanced');
    await dialog.getByRole('link', { name: 'Hale, Juniper' }).click();
    await page.waitForURL(/\/patients\/[0-9a-f-]{36}\/face-sheet$/);
    await page.getByRole('heading', { name: /Juniper/ }).waitFor();
    await page.context().close();
  });
});
