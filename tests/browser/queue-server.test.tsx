import '../../widgets/session/session.element';
import '../../widgets/queue/queue.element';
import { equal, ok } from './support/assert';
import { text, waitFor } from './support/dom';

const url = __CAREWEAVE_URL__;

async function json(response: Response) {
  if (!response.ok) throw new Error(`${response.url}: HTTP ${response.status} ${await response.text()}`);
  return response.json();
}

describe('<care-queue> against the real server', function () {
  let token = '';
  let queueId = '';

  before(async function () {
    if (!url) this.skip();
    const login = await json(await fetch(`${url}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ user_name: 'navigator', password: 'careweave-demo' }) }));
    token = login.data.attributes.token;
    const queues = await json(await fetch(`${url}/api/queues`, { headers: { authorization: `Bearer ${token}` } }));
    const withRows = (queues.data as { id: string; attributes: { count: number } }[]).find((q) => q.attributes.count > 0);
    ok(withRows, 'the demo seed has a queue with rows');
    queueId = withRows.id;
  });

  afterEach(() => document.querySelectorAll('care-queue, care-session').forEach((el) => el.remove()));

  async function expectRowsAndNavigation(queue: HTMLElement) {
    const root = () => queue.shadowRoot!;
    await waitFor(() => root().querySelectorAll('tbody tr.clickable').length > 0, { timeout: 10000, message: 'rows from the server' });
    ok(text(root().querySelector('h2')).length > 0, 'queue title');
    const paths: string[] = [];
    queue.addEventListener('care-navigate', (e) => paths.push((e as CustomEvent<{ path: string }>).detail.path));
    (root().querySelector('tbody tr.clickable') as HTMLElement).click();
    equal(paths.length, 1);
    ok(/^\/patients\/[^/]+\/face-sheet$/.test(paths[0]), paths[0]);
  }

  it('renders rows with its own api-base and token; a row click fires care-navigate', async () => {
    const queue = document.createElement('care-queue');
    queue.setAttribute('queue-id', queueId);
    queue.setAttribute('api-base', `${url}/api`);
    queue.setAttribute('token', token);
    document.body.append(queue);
    await expectRowsAndNavigation(queue);
  });

  it('works inside a <care-session> without attributes of its own', async () => {
    const session = document.createElement('care-session');
    session.setAttribute('api-base', `${url}/api`);
    session.setAttribute('token', token);
    const queue = document.createElement('care-queue');
    queue.setAttribute('queue-id', queueId);
    session.append(queue);
    document.body.append(session);
    await expectRowsAndNavigation(queue);
  });
});
