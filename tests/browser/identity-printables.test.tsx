import { WidgetProvider } from '../../shared/widget/widget-context';
import type { RecordPatient } from '../../widgets/patient-record/patient-record.resource';
import { Toasts } from '../../widgets/kit/toasts';
import { NO_LEGAL_STATUS } from '../../shared/legal-status';
import { CHILD_HEALTH_FORM, HOSPITAL_REGISTRATION_SHEET, PDF_FAILED, PrintableMenuItems, PrintRecordButton } from '../../widgets/identity-record/identity-printables';
import { deepEqual, equal, ok } from './support/assert';
import { cleanup, description, render, settle, text, waitFor } from './support/dom';
import { catchNewTabs } from './support/element';
import { fakeFetch } from './support/fake-fetch';

/** Issue 11 section 4: the identity printables' menu items and the patient page print (spec 001 sections 4, 6 and 7). */

const API = 'http://api.test/api';
const PATIENT = 'pat-1';
const mount = (node: React.ReactNode) => render(<WidgetProvider apiBase={API} token="t0k"><Toasts />{node}</WidgetProvider>);
const session = (flags: Record<string, boolean>) => ({ data: { type: 'session', id: 's', attributes: { flags } } });
const FULL = { hasAppIdentity: true, hasIdentityViewFull: true };
const HEALTH = { hasAppIdentity: true, isIdentityHealthcareUser: true };

const patient = (extra: Partial<RecordPatient> = {}): RecordPatient => ({
  patientUid: PATIENT, divisionUid: 'd-1', firstName: 'Zoë', middleName: null, lastName: 'Peña', birthDate: '2014-05-06', genderUid: null, genderLabel: null,
  genderIdentityUid: null, genderIdentityLabel: null, preferredPhone: null, mobilePhone: null, homePhone: null, workPhone: null, phone: null, restrictedFlag: '0', note: null,
  userCanSeeRestrictedCase: false, summaryPatient: { patientEpisodeUid: null, episodeStatusUid: null, episodeStatusLabel: null }, agencyLegalStatus: 'Temporary Custody', ...extra,
});

/** The session's flags, and the printables' links (or `fail` as their status). */
function server(flags: Record<string, boolean>, asked: string[], fail?: number) {
  return (url: URL, init?: RequestInit) => {
    if (url.pathname.endsWith('/session/current')) return { body: session(flags) };
    const m = /\/data\/public\/identity\/patient\/([^/]+)\/(pdf|child-health-form|hospital-registration-sheet)$/.exec(url.pathname);
    if (m) {
      asked.push(`${init?.method ?? 'GET'} ${m[2]}`);
      return fail ? { status: fail, body: { errors: [{ message: 'Printing is available only when the agency has a legal status for this child.' }] } } : { body: { data: { link: `http://pdf.test/api/identity-pdf?token=${m[2]}` } } };
    }
    return { status: 404, body: { errors: [{ message: 'Not found' }] } };
  };
}

const items = (root: HTMLElement) => [...root.querySelectorAll('li button')].map((b) => text(b));
/** Until the session's answer has been read and drawn: the items are drawn from its flags. */
async function settled(calls: { url: URL; read: boolean }[]) {
  const sessions = () => calls.filter((c) => c.url.pathname.endsWith('/session/current'));
  await waitFor(() => sessions().length > 0 && sessions().every((c) => c.read), { message: 'the session read' });
  await settle();
}

describe('identity printables', () => {
  let restore: () => void = () => undefined;
  afterEach(() => {
    restore();
    cleanup();
  });

  const cases: [string, Record<string, boolean>, Partial<RecordPatient>, string[]][] = [
    ['full view, legal status', FULL, {}, [CHILD_HEALTH_FORM]],
    ['full view, no legal status', FULL, { agencyLegalStatus: null }, []],
    ['full view, restricted and may see it, no legal status', FULL, { restrictedFlag: '1', userCanSeeRestrictedCase: true, agencyLegalStatus: null }, [CHILD_HEALTH_FORM]],
    ['full view, restricted and may not see it', FULL, { restrictedFlag: '1', userCanSeeRestrictedCase: false }, []],
    ['healthcare, legal status', HEALTH, {}, [HOSPITAL_REGISTRATION_SHEET]],
    ['healthcare, no legal status', HEALTH, { agencyLegalStatus: null }, []],
    ['both', { ...FULL, ...HEALTH }, {}, [CHILD_HEALTH_FORM, HOSPITAL_REGISTRATION_SHEET]],
    ['plain identity user', { hasAppIdentity: true }, {}, []],
  ];
  for (const [name, flags, extra, expected] of cases) {
    it(`shows ${expected.join(' and ') || 'no printable'} for ${name}`, async () => {
      const fake = fakeFetch(server(flags, []));
      restore = fake.restore;
      const root = mount(<ul><PrintableMenuItems patient={patient(extra)} /></ul>);
      await settled(fake.calls);
      deepEqual(items(root), expected);
    });
  }

  it('opens the form’s signed link in a new tab', async () => {
    const asked: string[] = [];
    restore = fakeFetch(server(FULL, asked)).restore;
    const root = mount(<ul><PrintableMenuItems patient={patient()} /></ul>);
    const button = await waitFor(() => [...root.querySelectorAll<HTMLButtonElement>('li button')].find((b) => text(b) === CHILD_HEALTH_FORM), { message: 'item' });
    const caught = catchNewTabs();
    try {
      button.click();
      await waitFor(() => caught.tabs[0]?.location.href, { message: 'the tab sent to the link' });
    } finally {
      caught.restore();
    }
    deepEqual(asked, ['GET child-health-form']);
    equal(caught.tabs[0].location.href, 'http://pdf.test/api/identity-pdf?token=child-health-form');
    equal(caught.tabs[0].opener, null);
  });

  it("prints the patient page with POST, off without a legal status, and says 'Failed to build PDF.' when the link cannot be had", async () => {
    const asked: string[] = [];
    restore = fakeFetch(server(FULL, asked, 403)).restore;
    const root = mount(
      <>
        <PrintRecordButton patient={patient()} />
        <div id="none">
          <PrintRecordButton patient={patient({ agencyLegalStatus: null })} />
        </div>
      </>,
    );
    const none = await waitFor(() => root.querySelector<HTMLButtonElement>('#none button'), { message: 'the print buttons' });
    equal(none.getAttribute('aria-disabled'), 'true', 'off without a legal status');
    const caught = catchNewTabs();
    try {
      root.querySelector<HTMLButtonElement>('.id-print-record button')!.click();
      await waitFor(() => caught.tabs[0]?.closed, { message: 'the tab closed again' });
    } finally {
      caught.restore();
    }
    deepEqual(asked, ['POST pdf'], 'the button that is off asked for nothing');
    await waitFor(() => document.body.textContent?.includes(PDF_FAILED) || [...document.querySelectorAll('sl-alert')].some((a) => text(a as HTMLElement).includes(PDF_FAILED)), { message: 'the failure toast' });
  });

  it('Print PDF without a legal status says why (issue 32 §5): a tooltip on hover and focus, and its accessible description', async () => {
    restore = fakeFetch(server(FULL, [])).restore;
    const root = mount(<PrintRecordButton patient={patient({ agencyLegalStatus: null })} />);
    const button = await waitFor(() => root.querySelector<HTMLButtonElement>('.id-print-record button'), { message: 'Print PDF' });
    equal(text(button), 'Print PDF');
    equal(description(button), NO_LEGAL_STATUS);
    const tip = root.querySelector<HTMLElement>('[role="tooltip"]')!;
    equal(text(tip), NO_LEGAL_STATUS);
    equal(getComputedStyle(tip).visibility, 'hidden', 'out of sight until wanted');
    // Still in the tab order (a disabled button is not, and could say nothing to a keyboard user).
    button.focus();
    equal(document.activeElement, button);
    await waitFor(() => getComputedStyle(tip).visibility === 'visible', { message: 'the tooltip shown on focus' });
    const [b, t] = [button.getBoundingClientRect(), tip.getBoundingClientRect()];
    ok(t.top >= b.bottom && t.left < b.right, `the tooltip under the button: ${JSON.stringify([b, t])}`);
  });
});
