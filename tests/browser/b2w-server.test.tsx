import { useState } from 'react';
import { B2W_CODE_SENT, B2W_DO_NOT_REPORT, B2W_MISSING_VENDOR, B2W_REPORT } from '../../shared/schemas/b2w';
import { WidgetProvider } from '../../shared/widget/widget-context';
import { BackToWork } from '../../widgets/b2w/b2w.component';
import { B2W_STORAGE } from '../../widgets/b2w/b2w.resource';
import { $toasts } from '../../widgets/kit/toasts';
import { equal, ok } from './support/assert';
import { byLabel, cleanup, render, text, typeInto, waitFor, waitForAsync } from './support/dom';

const url = __CAREWEAVE_URL__;
const VENDOR = 'DEMO-B2W';
const LUIS = { employeeId: 'E1002', ssn: '5678', phone: '6145550132' };
const PRIYA = { employeeId: 'E1003', ssn: '9012', phone: '6145550133' };

/** BackToWork with "the page reloads" replaced by a remount (what a reload does to it), counted. */
function mount(vendorCode: string) {
  const reloads = { count: 0 };
  function Harness() {
    const [n, setN] = useState(0);
    return (
      <WidgetProvider apiBase={`${url}/api`}>
        <BackToWork
          key={n}
          vendorCode={vendorCode}
          reload={() => {
            reloads.count++;
            setN((x) => x + 1);
          }}
        />
      </WidgetProvider>
    );
  }
  const el = render(<Harness />);
  return { el, reloads };
}

const slButton = (el: HTMLElement, label: string) => [...el.querySelectorAll<HTMLElement>('sl-button')].find((b) => text(b) === label);
const fieldError = (el: HTMLElement, name: string) => text(el.querySelector(`[data-field="${name}"] .field-error`));
const group = (el: HTMLElement, legendStart: string) => [...el.querySelectorAll('fieldset.field')].find((f) => text(f.querySelector('legend')).startsWith(legendStart)) as HTMLFieldSetElement | undefined;
function choose(el: HTMLElement, legendStart: string, answer: string) {
  const label = [...group(el, legendStart)!.querySelectorAll('label')].find((l) => text(l) === answer)!;
  label.querySelector('input')!.click();
}

/** The newest Back to Work code sent to a phone, read from /demo/outbox as a person would. */
async function codeFor(phone: string): Promise<string> {
  const codeInOutbox = async () => {
    const page = await (await fetch(`${url}/demo/outbox`)).text();
    const article = page.split('<article>').find((a) => a.includes(`to ${phone}`) && a.includes('Back to Work code'));
    return /code is (\d{6})/.exec(article ?? '')?.[1];
  };
  return waitForAsync(codeInOutbox, { timeout: 5000, interval: 100, message: `a code for ${phone} in the outbox` });
}

async function register(el: HTMLElement, who: { phone: string; ssn?: string; employeeId?: string }) {
  await waitFor(() => slButton(el, 'Register'), { timeout: 10000, message: 'the registration form' });
  typeInto(byLabel(el, 'Telephone Number'), `(${who.phone.slice(0, 3)}) ${who.phone.slice(3, 6)}-${who.phone.slice(6)}`);
  if (who.employeeId) typeInto(byLabel(el, 'Employee ID'), who.employeeId);
  if (who.ssn) typeInto(byLabel(el, 'Last 4 digits of SSN'), who.ssn);
  slButton(el, 'Register')!.click();
}

async function confirm(el: HTMLElement, phone: string) {
  await waitFor(() => text(el).includes(B2W_CODE_SENT), { timeout: 10000, message: 'the confirm form' });
  typeInto(byLabel(el, 'Code'), await codeFor(phone));
  slButton(el, 'Confirm')!.click();
  await waitFor(() => group(el, 'Is your temperature'), { timeout: 10000, message: 'the assessment form' });
}

describe('Back to Work against the real server', function () {
  before(function () {
    if (!url) this.skip();
  });
  beforeEach(() => localStorage.clear());
  afterEach(() => {
    cleanup();
    localStorage.clear();
    sessionStorage.clear();
    $toasts.set([]);
  });

  it('without a vendor code: the missing vendor code message and no form', async () => {
    const { el } = mount('');
    await waitFor(() => text(el).includes(B2W_MISSING_VENDOR), { message: 'the message' });
    equal(el.querySelector('form'), null);
  });

  it('registration: required fields, employee id OR SSN, phone format, field errors and the summary after submit', async () => {
    const { el } = mount(VENDOR);
    await waitFor(() => slButton(el, 'Register'), { timeout: 10000 });
    equal(byLabel(el, 'Vendor Code').value, VENDOR);
    // Whose form: the vendor code's employer, with its logo.
    await waitFor(() => text(el.querySelector('.public-form-name')!) === 'Riverside Logistics (demo)', { message: "the employer's name" });
    ok(el.querySelector('.public-form-brand img')?.getAttribute('src')?.startsWith('data:image/svg+xml'), "the employer's logo");
    equal(el.querySelector('.error-summary'), null);
    slButton(el, 'Register')!.click();
    await waitFor(() => el.querySelector('.error-summary'), { message: 'the summary' });
    equal(fieldError(el, 'telephoneNumber'), 'Telephone Number is required');
    equal(fieldError(el, 'employeeId'), 'Employee ID is required');
    equal(fieldError(el, 'ssn'), 'Last 4 digits of SSN is required');
    typeInto(byLabel(el, 'Last 4 digits of SSN'), '12');
    typeInto(byLabel(el, 'Telephone Number'), '555-1234');
    slButton(el, 'Register')!.click();
    await waitFor(() => fieldError(el, 'ssn') === 'Must be the last 4 digits of your SSN', { message: 'ssn message' });
    equal(fieldError(el, 'employeeId'), '', 'an SSN is enough');
    equal(fieldError(el, 'telephoneNumber'), 'Must be a 10-digit phone number');
  });

  it('an unknown vendor code: the server answers the missing vendor code message on the form', async () => {
    const { el, reloads } = mount('NO-SUCH-VENDOR');
    await register(el, { phone: '6145550131', employeeId: 'E1001' });
    await waitFor(() => fieldError(el, 'vendorCode') === B2W_MISSING_VENDOR, { timeout: 10000, message: 'the message under the vendor code' });
    equal(text(el.querySelector('.public-form-name')!), 'Careweave', "an unknown code names no employer: the product's name");
    equal(reloads.count, 0);
    equal(localStorage.getItem(B2W_STORAGE.registration), null);
  });

  it('register → code → assessment → "report to work"; the form locks; Start over clears everything', async () => {
    const { el, reloads } = mount(VENDOR);
    await register(el, { phone: LUIS.phone, ssn: LUIS.ssn });
    await waitFor(() => text(el).includes(B2W_CODE_SENT), { timeout: 10000, message: 'the confirm form after a reload' });
    equal(reloads.count, 1);
    const stored = JSON.parse(localStorage.getItem(B2W_STORAGE.registration)!);
    equal(stored.vendorCode, VENDOR);
    equal(localStorage.getItem(B2W_STORAGE.code), null);

    slButton(el, 'Confirm')!.click();
    await waitFor(() => fieldError(el, 'code') === 'Code is required', { message: 'code required' });
    const code = await codeFor(LUIS.phone);
    typeInto(byLabel(el, 'Code'), code === '000000' ? '111111' : '000000');
    slButton(el, 'Confirm')!.click();
    await waitFor(() => fieldError(el, 'code') === 'The code is not correct.', { timeout: 10000, message: 'wrong code' });
    typeInto(byLabel(el, 'Code'), code);
    slButton(el, 'Confirm')!.click();
    await waitFor(() => group(el, 'Is your temperature'), { timeout: 10000, message: 'the assessment form' });
    equal(reloads.count, 2);
    equal(JSON.parse(localStorage.getItem(B2W_STORAGE.code)!), code);

    // lowTempComplications only when highTemp is No; required then; cleared when the answer turns Yes.
    equal(group(el, 'Do you have any other symptoms'), undefined);
    slButton(el, 'Submit')!.click();
    await waitFor(() => fieldError(el, 'highTemp') === 'Is your temperature 100.4 °F or higher? is required', { message: 'highTemp required' });
    choose(el, 'Is your temperature', 'No');
    await waitFor(() => group(el, 'Do you have any other symptoms'), { message: 'the complications question' });
    slButton(el, 'Submit')!.click();
    await waitFor(() => fieldError(el, 'lowTempComplications').endsWith('is required'), { message: 'complications required' });
    choose(el, 'Do you have any other symptoms', 'Yes');
    choose(el, 'Is your temperature', 'Yes');
    await waitFor(() => !group(el, 'Do you have any other symptoms'), { message: 'hidden again' });
    choose(el, 'Is your temperature', 'No');
    await waitFor(() => group(el, 'Do you have any other symptoms'), { message: 'shown again' });
    ok(![...group(el, 'Do you have any other symptoms')!.querySelectorAll('input')].some((i) => i.checked), 'the earlier answer was cleared');
    choose(el, 'Do you have any other symptoms', 'No');
    slButton(el, 'Submit')!.click();
    await waitFor(() => text(el).includes(B2W_REPORT), { timeout: 10000, message: 'the report message' });
    equal(el.querySelector<HTMLElement & { variant: string }>('sl-alert')!.variant, 'success');
    ok(el.querySelector<HTMLFieldSetElement>('fieldset.b2w-assessment')!.disabled, 'locked');
    equal(slButton(el, 'Submit'), undefined);
    ok(localStorage.getItem(B2W_STORAGE.result));

    // Still locked after a reload; Start over clears the stored state and reloads to registration.
    cleanup();
    const again = mount(VENDOR);
    await waitFor(() => text(again.el).includes(B2W_REPORT), { message: 'locked after a reload' });
    [...again.el.querySelectorAll('button')].find((b) => text(b) === 'Start over')!.click();
    await waitFor(() => slButton(again.el, 'Register'), { message: 'the registration form' });
    equal(again.reloads.count, 1);
    equal(localStorage.getItem(B2W_STORAGE.registration), null);
    equal(localStorage.getItem(B2W_STORAGE.code), null);
    equal(localStorage.getItem(B2W_STORAGE.result), null);
  });

  it('a high temperature: "do not report" (danger); a double click stores one assessment', async () => {
    const { el } = mount(VENDOR);
    await register(el, { phone: PRIYA.phone, employeeId: PRIYA.employeeId });
    await confirm(el, PRIYA.phone);
    choose(el, 'Is your temperature', 'Yes');
    const real = window.fetch;
    let posts = 0;
    window.fetch = ((...args: Parameters<typeof fetch>) => (String(args[0]).endsWith('/b2w/status') && posts++, real(...args))) as typeof fetch;
    try {
      slButton(el, 'Submit')!.click();
      slButton(el, 'Submit')?.click();
      await waitFor(() => text(el).includes(B2W_DO_NOT_REPORT), { timeout: 10000, message: 'the do-not-report message' });
    } finally {
      window.fetch = real;
    }
    equal(posts, 1);
    equal(el.querySelector<HTMLElement & { variant: string }>('sl-alert')!.variant, 'danger');
  });
});
