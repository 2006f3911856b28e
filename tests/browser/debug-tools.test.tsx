import { DebugTools, versionUrl } from '../../shell/debug-tools';
import { $session } from '../../shared/session-store';
import { equal, ok } from './support/assert';
import { cleanup, render, text, waitFor } from './support/dom';
import { fakeFetch } from './support/fake-fetch';

/** Issue 33, spec 000 sections 2 and 7: the debug tools' page info starts with the build (GET /version.json: version and commit). */
describe('debug tools: the build in the page info', () => {
  let restore: () => void = () => undefined;
  afterEach(() => {
    restore();
    cleanup();
    localStorage.removeItem('careweave.debug');
  });

  it('/version.json is asked beside the API root, without a session', () => {
    equal(versionUrl('/api'), `${location.origin}/version.json`);
    equal(versionUrl('http://care.test/api/'), 'http://care.test/version.json');
  });

  it('shows the version and commit the server answers, first in the page info (what Copy page info copies)', async () => {
    $session.set({ apiBase: 'http://care.test/api', token: 'tok', csrfToken: null, session: null });
    const commit = '0123456789abcdef0123456789abcdef01234567';
    const server = fakeFetch((url) => (url.href === 'http://care.test/version.json' ? { body: { version: '0.1.0', commit } } : { status: 404, body: {} }));
    restore = server.restore;
    const el = render(<DebugTools />);
    const toggle = await waitFor(() => el.querySelector<HTMLButtonElement>('button[aria-label="Debug"]'), { message: 'the debug toggle' });
    toggle.click();
    const panel = await waitFor(() => el.querySelector('.care-debug-panel'), { message: 'the page info' });
    const info = await waitFor(() => {
      const shown = JSON.parse(text(panel)) as Record<string, unknown>;
      return shown.commit ? shown : null;
    }, { message: 'the build in the page info' });
    equal(info.version, '0.1.0');
    equal(info.commit, commit);
    ok(Object.keys(info).indexOf('version') === 0 && Object.keys(info).indexOf('commit') === 1, 'the build comes first');
    const asked = server.calls.filter((c) => c.url.pathname === '/version.json');
    equal(asked.length, 1, 'asked once');
    equal(new Headers(asked[0].init?.headers).get('authorization'), null, 'no session sent: the route is public');
  });
});
