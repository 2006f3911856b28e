import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { sql } from 'kysely';
import type { Locator, Page } from 'playwright-core';
import { NO_LEGAL_STATUS } from '../../shared/legal-status';
import { REPORT_TEXT } from '../../shared/schemas/reports';
import { TOAST_MS } from '../../shared/constants';
import { resolve } from 'node:path';
import { checkA11y, loadedRows, loginAs, openPage, recordMenu, shot, SHOTS, startHarness, type Harness } from './support/harness';

/**
 * Issue 32 §5, "Everything reads as one product": reports open run, the
 * identity search survives Back, toasts stay under the top bar, empty lists
 * name what they lack, every "Add ..." looks the same, dates are MM/DD/YYYY,
 * e-mail addresses do not break inside a word, and buttons kept off say why.
 * Each screen at a desktop and a phone width.
 */

const WIDTHS = [
  [1366, 900],
  [390, 844],
] as const;

let h: Harness;

/** The first demo division's patients a navigator opens: not restricted, no case. */
const division = sql`(select division_uid from division order by division_name limit 1)`;

async function patientWithNotes(): Promise<string> {
  const { rows } = await sql<{ patient_uid: string }>`
    select n.patient_uid from patient_note n join patient p using (patient_uid)
     where not n.is_archived and p.restricted_flag = '0' and p.division_uid = ${division}
       and not exists (select 1 from patient_case c where c.patient_uid = p.patient_uid)
     group by n.patient_uid order by count(*) desc, n.patient_uid limit 1`.execute(h.server.db);
  assert.ok(rows[0], 'a patient with notes');
  return rows[0].patient_uid;
}

async function patientWithoutEvents(): Promise<string> {
  const { rows } = await sql<{ patient_uid: string }>`
    select p.patient_uid from patient p
     where p.restricted_flag = '0' and p.division_uid = ${division}
       and not exists (select 1 from patient_case c where c.patient_uid = p.patient_uid)
       and not exists (select 1 from medical_event me where me.patient_uid = p.patient_uid)
     order by p.last_name, p.first_name, p.patient_uid limit 1`.execute(h.server.db);
  assert.ok(rows[0], 'a patient without medical events');
  return rows[0].patient_uid;
}

/** A patient of the division with the longest e-mail address, which is the one most likely to wrap. */
async function patientWithEmail(): Promise<{ uid: string; email: string }> {
  const { rows } = await sql<{ patient_uid: string; email_address: string }>`
    select e.patient_uid, e.email_address from patient_email_address e join patient p using (patient_uid)
     where p.restricted_flag = '0' and p.division_uid = ${division}
       and not exists (select 1 from patient_case c where c.patient_uid = p.patient_uid)
     order by length(e.email_address) desc, e.patient_uid limit 1`.execute(h.server.db);
  assert.ok(rows[0], 'a patient with an e-mail address');
  return { uid: rows[0].patient_uid, email: rows[0].email_address };
}

/** A child of the demo extract the identity user opens (in custody, unrestricted), found by last name. */
async function openableChild(): Promise<{ uid: string; lastName: string; firstName: string }> {
  const { rows } = await sql<{ patient_uid: string; last_name: string; first_name: string }>`
    select s.patient_uid, s.last_name, s.first_name from identity_search s join patient p using (patient_uid)
     where s.restricted_flag = '0' and not s.adoption_case and p.agency_legal_status is not null
     order by s.last_name, s.first_name, s.patient_uid limit 1`.execute(h.server.db);
  assert.ok(rows[0], 'a child to open');
  return { uid: rows[0].patient_uid, lastName: rows[0].last_name, firstName: rows[0].first_name };
}

/** A child whose agency legal status is not known: the spec keeps its prints off. */
async function childWithoutLegalStatus(): Promise<string> {
  const { rows } = await sql<{ patient_uid: string }>`
    select patient_uid from patient
     where restricted_flag = '0' and not adoption_case and agency_legal_status is null and sacwis_person_id is not null
     order by patient_uid limit 1`.execute(h.server.db);
  assert.ok(rows[0], 'a child without a legal status');
  return rows[0].patient_uid;
}

/** The text of an element line by line, as drawn. */
function linesOf(el: Locator): Promise<string[]> {
  return el.evaluate((node) => {
    const lines: { top: number; text: string }[] = [];
    const walker = document.createTreeWalker(node, NodeFilter.SHOW_TEXT);
    for (let t = walker.nextNode(); t; t = walker.nextNode()) {
      for (let i = 0; i < t.textContent!.length; i++) {
        const range = document.createRange();
        range.setStart(t, i);
        range.setEnd(t, i + 1);
        const top = Math.round(range.getClientRects()[0].top);
        if (lines.at(-1)?.top !== top) lines.push({ top, text: '' });
        lines.at(-1)!.text += t.textContent![i];
      }
    }
    return lines.map((l) => l.text);
  });
}

/** An element's accessible description: the text of what its aria-describedby names, in its own shadow root. */
function describedText(el: Locator): Promise<string> {
  return el.evaluate((node) => {
    const root = node.getRootNode() as ShadowRoot | Document;
    return (node.getAttribute('aria-describedby') ?? '')
      .split(' ')
      .filter(Boolean)
      .map((id) => root.getElementById(id)?.textContent?.trim())
      .join(' ');
  });
}

/** Every line after the first starts at a '.' or after an '@': an address never breaks inside a word. */
function assertEmailLines(lines: string[], address: string) {
  assert.equal(lines.join(''), address);
  for (let i = 1; i < lines.length; i++) assert.ok(lines[i].startsWith('.') || lines[i - 1].endsWith('@'), `broken inside a word: ${lines.join(' | ')}`);
}

/** Each "Add ..." on the screen is the kit's AddAction, and they all look the same. */
async function assertOneAddLook(page: Page, labels: string[]) {
  const adds = page.locator('.add-action');
  const found = await adds.evaluateAll((els) => els.map((el) => (el.textContent ?? '').trim()));
  for (const label of labels) assert.ok(found.includes(label), `${label} is an AddAction (found ${found.join(', ')})`);
  const looks = await adds.evaluateAll((els) =>
    els.map((el) => {
      const s = getComputedStyle(el);
      return [s.color, s.borderTopColor, s.borderTopStyle, s.fontSize, s.fontWeight, s.paddingTop, s.textDecorationLine].join(' ');
    }),
  );
  assert.equal(new Set(looks).size, 1, `one look: ${[...new Set(looks)].join(' / ')}`);
}

describe('one product (issue 32 §5)', () => {
  before(async () => {
    h = await startHarness({ DEMO_EXTRACT_CHILDREN: '200' });
  });
  after(async () => {
    await h?.stop();
  });

  for (const [width, height] of WIDTHS) {
    test(`a toast sits under the top bar, never over the brand or the user menu (${width} px)`, async () => {
      const { context, page, errors } = await openPage(h, width, height);
      // Page time is the test's: the toast (2.5 s from when it is asked for, its alert loading lazily) is held for its picture.
      await page.clock.install();
      await loginAs(page, 'navigator');
      await page.getByRole('heading', { name: 'Home', level: 1 }).waitFor();
      // A little ahead, so the pause is never in the page clock's past (it runs on its own until then).
      await page.clock.pauseAt(Math.max(Date.now(), await page.evaluate(() => Date.now())) + 3000);
      // Typed into the address bar without a reload (the paused time holds): a page the navigator may not open sends them home with a warning toast.
      await page.evaluate(() => history.pushState(null, '', '/admin'));
      await page.waitForURL('**/home');
      const drawn = () => {
        const host = document.querySelector('.care-toasts')?.shadowRoot;
        // The alert's drawn box: <sl-alert> itself is display: contents.
        const alert = host?.querySelector('.toast-stack sl-alert[open]')?.shadowRoot?.querySelector('[part~="base"]');
        if (!alert) return null;
        // No named helper here: the test runner's transform would name it with a function the page lacks.
        const [bar, stack, box] = [document.querySelector('.care-top-bar')!, host!.querySelector('.toast-stack')!, alert].map((el) => el.getBoundingClientRect().toJSON() as DOMRect);
        return { bar, stack, alert: box };
      };
      // React reveals a lazily loaded part on a timer (it throttles Suspense fallbacks), which the paused clock holds:
      // the page's time moves in small steps up to half the toast's life; then the wait is the usual one, for code still on its way.
      let boxes = await page.evaluate(drawn);
      for (let moved = 0; !boxes && moved < TOAST_MS / 2; moved += 50) {
        await page.clock.runFor(50);
        boxes = await page.evaluate(drawn);
      }
      boxes ??= await (await page.waitForFunction(drawn, undefined, { polling: 'raf' })).jsonValue();
      assert.ok(boxes, 'the warning toast is drawn');
      const { bar, stack, alert } = boxes;
      assert.ok(stack.top >= bar.bottom - 0.5, `the stack starts under the bar: ${stack.top} < ${bar.bottom}`);
      assert.ok(alert.top >= bar.bottom - 0.5, `the toast is under the bar: ${alert.top} < ${bar.bottom}`);
      assert.ok(alert.right <= width + 0.5, 'inside the window');
      await page.screenshot({ path: resolve(SHOTS, `one-product-toast-${width}.png`) });
      await page.clock.resume();
      await checkA11y(page, `one-product-toast-${width}`);
      assert.deepEqual(errors, []);
      await context.close();
    });
  }

  test('identity search: Back from a child\'s record finds the criteria in the address, the form and the results again', async () => {
    const child = await openableChild();
    const { context, page, errors } = await openPage(h, 1366, 900);
    await loginAs(page, 'identity');
    const panel = page.getByRole('complementary', { name: 'Find a child' });
    await panel.getByRole('checkbox').first().waitFor();
    await panel.getByLabel('Last Name').fill(child.lastName);
    await panel.getByLabel('First Name').fill(child.firstName);
    await panel.getByRole('button', { name: 'Search' }).click();
    await page.waitForURL((url) => url.pathname === '/home' && url.searchParams.get('lastName') === child.lastName && url.searchParams.get('firstName') === child.firstName);
    const card = page.locator('article.summary-card', { hasText: `${child.lastName}, ${child.firstName}` }).first();
    await card.waitFor();
    const found = await page.getByRole('status').filter({ hasText: 'found' }).textContent();

    await card.locator('h3 button').click();
    const dialog = page.locator(`sl-dialog[label="${child.lastName}, ${child.firstName}"][open]`);
    await dialog.getByRole('button', { name: 'Continue' }).click();
    await page.waitForURL(`**/patients/${child.uid}/**`);
    await page.getByRole('heading', { level: 1 }).filter({ hasText: child.lastName }).waitFor();

    const asked = page.waitForResponse((r) => r.url().includes('/identity_search'));
    await page.goBack();
    await page.waitForURL((url) => url.pathname === '/home' && url.searchParams.get('lastName') === child.lastName);
    await asked;
    await card.waitFor();
    assert.equal(await panel.getByLabel('Last Name').inputValue(), child.lastName);
    assert.equal(await panel.getByLabel('First Name').inputValue(), child.firstName);
    assert.equal(await page.getByRole('status').filter({ hasText: 'found' }).textContent(), found);
    await shot(page, 'one-product-identity-search-back-1366');
    assert.deepEqual(errors, []);
    await context.close();
  });

  for (const [width, height] of WIDTHS) {
    test(`identity search at ${width} px: what stops a search is said beside Search too; results`, async () => {
      const child = await openableChild();
      const { context, page, errors } = await openPage(h, width, height);
      await loginAs(page, 'identity');
      await page.goto('/patients');
      const panel = page.getByRole('complementary', { name: 'Find a child' });
      await panel.getByRole('checkbox').first().waitFor();
      await panel.getByRole('button', { name: 'Search' }).click();
      const beside = panel.locator('.form-buttons .search-problem');
      await beside.waitFor();
      assert.equal((await beside.textContent())?.trim(), 'Enter at least one search criterion.');
      await beside.scrollIntoViewIfNeeded();
      await shot(page, `one-product-identity-search-error-${width}`, false);
      await panel.getByLabel('Last Name').fill(child.lastName.slice(0, 3));
      await panel.getByRole('button', { name: 'Search' }).click();
      await page.locator('article.summary-card').first().waitFor();
      assert.equal(await beside.count(), 0, 'gone once the search went');
      await page.waitForURL((url) => url.pathname === '/patients' && url.searchParams.get('lastName') === child.lastName.slice(0, 3));
      await shot(page, `one-product-identity-search-${width}`);
      assert.deepEqual(errors, []);
      await context.close();
    });
  }

  for (const [width, height] of WIDTHS) {
    test(`a report opens run with its default filters (${width} px)`, async () => {
      const { context, page, errors } = await openPage(h, width, height);
      await loginAs(page, 'director');
      await page.goto('/reports/configured/inbound-referrals');
      await page.getByRole('heading', { name: 'Inbound Referrals' }).waitFor();
      await page.getByRole('button', { name: REPORT_TEXT.update }).waitFor();
      await page.locator('figure.report-chart').first().locator('canvas, .load-state-empty').first().waitFor();
      await loadedRows(page.locator('.report')).first().or(page.locator('.report .load-state-empty').first()).waitFor();
      assert.equal(await page.getByText('Choose the filters, then Run Report.').count(), 0);
      await shot(page, `one-product-report-${width}`);
      assert.deepEqual(errors, []);
      await context.close();
    });
  }

  for (const [width, height] of WIDTHS) {
    test(`a navigator's record: empty lists name what they lack, notes dated MM/DD/YYYY, one look for every Add, e-mail addresses whole (${width} px)`, async () => {
      const { context, page, errors } = await openPage(h, width, height);
      await loginAs(page, 'navigator');
      const empty = await patientWithoutEvents();
      await page.goto(`/patients/${empty}/medical-events/survivor_interaction`);
      await page.getByRole('heading', { name: 'Survivor Interactions' }).waitFor();
      await page.getByText('No survivor interactions', { exact: true }).waitFor();
      assert.equal(await page.getByText('No medical events').count(), 0);
      await assertOneAddLook(page, ['Add Survivor Interaction']);
      await shot(page, `one-product-survivor-interactions-${width}`);

      const withNotes = await patientWithNotes();
      await page.goto(`/patients/${withNotes}/notes`);
      const rows = loadedRows(page);
      await rows.first().waitFor();
      const dates = await page.locator('tbody tr td:first-child').evaluateAll((tds) => tds.map((td) => (td.textContent ?? '').trim()));
      assert.ok(dates.length > 0 && dates.every((d) => /^\d{2}\/\d{2}\/\d{4}$/.test(d)), `MM/DD/YYYY: ${dates.join(', ')}`);
      await assertOneAddLook(page, ['Add Note']);
      await shot(page, `one-product-notes-${width}`);

      await page.goto(`/patients/${withNotes}/face-sheet`);
      const notesCard = page.locator('section.face-card', { has: page.getByRole('heading', { name: 'Notes' }) });
      await notesCard.locator('time').first().waitFor();
      const cardDates = await notesCard.locator('time').evaluateAll((ts) => ts.map((t) => (t.textContent ?? '').trim()));
      assert.ok(cardDates.every((d) => /^\d{2}\/\d{2}\/\d{4}$/.test(d)), `MM/DD/YYYY: ${cardDates.join(', ')}`);
      await assertOneAddLook(page, ['Add Note', 'Add Admission', 'Add Reminder']);
      await shot(page, `one-product-face-sheet-${width}`);

      const withEmail = await patientWithEmail();
      await page.goto(`/patients/${withEmail.uid}/demographics`);
      const email = page.locator('.contact-email > span').first();
      await email.waitFor();
      assertEmailLines(await linesOf(email), withEmail.email);
      await assertOneAddLook(page, ['Add Address', 'Add Email Address']);
      await shot(page, `one-product-demographics-${width}`);

      for (const [name, path, label] of [
        ['resources', 'resource', 'Add Resource'],
        ['care-team', 'care-team', 'Add Care Team Member'],
        ['reminders-page', 'reminders', 'Add Reminder'],
      ] as const) {
        await page.goto(`/patients/${empty}/${path}`);
        await page.locator('.add-action').first().waitFor();
        await page.locator('.load-state[aria-busy="true"]').first().waitFor({ state: 'detached' });
        await assertOneAddLook(page, [label]);
        await shot(page, `one-product-${name}-${width}`);
      }

      await page.goto('/patients');
      await loadedRows(page).first().waitFor();
      await assertOneAddLook(page, ['Add Patient']);
      await shot(page, `one-product-patients-${width}`);
      assert.deepEqual(errors, []);
      await context.close();
    });
  }

  for (const [width, height] of WIDTHS) {
    test(`admin users: e-mail addresses whole (${width} px)`, async () => {
      const { context, page, errors } = await openPage(h, width, height);
      await loginAs(page, 'admin');
      await page.goto('/admin/users');
      await loadedRows(page).first().waitFor();
      const emails = page.locator('tbody td span[style]');
      assert.ok((await emails.count()) > 0, 'e-mail addresses listed');
      for (let i = 0; i < (await emails.count()); i++) {
        const address = ((await emails.nth(i).textContent()) ?? '').trim();
        assertEmailLines(await linesOf(emails.nth(i)), address);
      }
      await assertOneAddLook(page, ['Add User']);
      await shot(page, `one-product-admin-users-${width}`);
      assert.deepEqual(errors, []);
      await context.close();
    });
  }

  for (const [width, height] of WIDTHS) {
    test(`the prints the spec keeps off say why, on hover and on focus (${width} px)`, async () => {
      const { context, page, errors } = await openPage(h, width, height);
      await loginAs(page, 'identity');
      const child = await childWithoutLegalStatus();
      await page.goto(`/patients/${child}/referrals-appointments`);
      const printAll = page.getByRole('button', { name: 'Print All' });
      await printAll.waitFor();
      assert.equal(await printAll.getAttribute('aria-disabled'), 'true');
      const why = await describedText(printAll);
      assert.match(why, /print each panel/i);
      const allTip = page.locator('[role="tooltip"]', { hasText: why });
      assert.equal(await allTip.isVisible(), false, 'hidden until wanted');
      await printAll.hover();
      await allTip.waitFor({ state: 'visible' });
      await shot(page, `one-product-identity-print-all-${width}`, false);
      const panelPrint = page.getByRole('button', { name: 'Print Upcoming Appointments' });
      assert.equal(await panelPrint.getAttribute('aria-disabled'), 'true');
      await panelPrint.focus();
      await page.locator('[role="tooltip"]', { hasText: NO_LEGAL_STATUS }).first().waitFor({ state: 'visible' });

      await page.goto(`/patients/${child}/face-sheet`);
      await recordMenu(page);
      const printPdf = page.getByRole('button', { name: 'Print PDF' });
      await printPdf.waitFor();
      assert.equal(await printPdf.getAttribute('aria-disabled'), 'true');
      // Its description is the reason, read out with the button.
      assert.equal(await describedText(printPdf), NO_LEGAL_STATUS);
      const asked: string[] = [];
      page.on('request', (r) => r.url().includes('/pdf') && asked.push(r.url()));
      // Forced: Playwright rightly takes an aria-disabled button for one that is off.
      await printPdf.click({ force: true });
      await page.locator('[role="tooltip"]', { hasText: NO_LEGAL_STATUS }).waitFor({ state: 'visible' });
      assert.deepEqual(asked, [], 'a print kept off asks for nothing');
      await printPdf.scrollIntoViewIfNeeded();
      await shot(page, `one-product-identity-print-pdf-${width}`, false);

      const contacts = await openableChild();
      await page.goto(`/patients/${contacts.uid}/primary-contacts`);
      const agency = page.getByRole('region', { name: "Public Children's Services Agency" });
      await loadedRows(agency).first().waitFor();
      const emails = agency.locator('td[data-label="Email"] span[style]');
      for (let i = 0; i < (await emails.count()); i++) {
        const address = ((await emails.nth(i).textContent()) ?? '').trim();
        assertEmailLines(await linesOf(emails.nth(i)), address);
      }
      await shot(page, `one-product-identity-contacts-${width}`);
      assert.deepEqual(errors, []);
      await context.close();
    });
  }
});
