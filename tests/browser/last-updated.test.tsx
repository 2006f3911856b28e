import { LastUpdated } from '../../shell/last-updated';
import { $session } from '../../shared/session-store';
import { deepEqual, ok } from './support/assert';
import { cleanup, render, text, waitFor } from './support/dom';
import { fakeFetch } from './support/fake-fetch';

const row = (source_name: string, status: string) => ({ id: source_name, attributes: { source_name, last_refresh_date: '2026-01-02T03:04:05Z', status, details: null } });

describe('the top bar\'s "Last Updated" popover (identity mode)', () => {
  let restore: () => void = () => undefined;
  afterEach(() => {
    restore();
    cleanup();
  });

  it('reads the sources when opened and shows each status; an unknown status is an error', async () => {
    $session.set({ apiBase: 'http://api.test/api', token: null, csrfToken: null, session: null });
    const server = fakeFetch((url) =>
      url.pathname.endsWith('/data/public/tbl_identity_source_status')
        ? { body: { data: [row('source_child', 'Complete'), row('placement', 'Warning'), row('patient_flags', 'Ok'), row('source_case', 'In Process'), row('identity_source', 'Failed: file.csv: bad quote')] } }
        : { status: 404, body: {} },
    );
    restore = server.restore;
    const el = render(<LastUpdated divisionUid="d-1" />);
    const trigger = await waitFor(() => el.querySelector<HTMLElement>('sl-button'), { message: 'the button' });
    ok(text(trigger).includes('Last Updated'));
    ok(!server.calls.some((c) => c.url.pathname.includes('tbl_identity_source_status')), 'nothing is asked before the popover opens');
    trigger.click();
    const rows = await waitFor(() => {
      const root = el.querySelector('.care-last-updated-panel')?.shadowRoot;
      const trs = root ? [...root.querySelectorAll('tbody tr')] : [];
      return trs.length === 5 ? trs : null;
    }, { message: 'the sources' });
    deepEqual(
      rows.map((r) => [text(r.querySelector('th')), text(r.querySelector('.status-badge'))]),
      [['Source child', 'Complete'], ['Placement', 'Warning'], ['Patient flags', 'Ok'], ['Source case', 'In Process'], ['Identity source', 'Error']],
    );
    ok(rows.every((r) => /01\/0[12]\/2026/.test(text(r.querySelector('td')))), 'the refresh date');
    ok(rows[4].querySelector('.status-badge.danger'), 'an error is shown as one');
  });
});
