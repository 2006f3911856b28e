import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { addMedicalEvents } from '../../server/db/seed/bulk-medical-events';
import { startTestServer, type TestServer } from '../../server/testing/start-test-server';
import { call, login, type LoggedIn } from './support/http';

/**
 * The CSV export streams from a cursor (2,000 rows a batch): more rows than
 * any batch or the list calls' all-data limit, in the report's order, and a
 * client that leaves mid-way gives its connection back. One connection in the
 * pool, so a leaked cursor would stop every later call.
 */
let server: TestServer;
let director: LoggedIn;
const EVENTS = 12_500;
const VIEW = 'report-medical-events';
const columns = [
  { column_name: 'event_date', display_header: 'Event Date' },
  { column_name: 'medical_event_label', display_header: 'Type' },
  { column_name: 'status_label', display_header: 'Status' },
];

before(async () => {
  server = await startTestServer({ PG_POOL_MAX: '1', PG_ACQUIRE_TIMEOUT_MS: '3000' });
  director = await login(server.url, 'director');
  await addMedicalEvents(server.db, director.session.current_division_uid, EVENTS);
});
after(async () => {
  await server?.stop();
});

const exportUrl = `/api/permissable/views/${VIEW}/csv?sort=-event_date`;

describe('CSV export of a large report', () => {
  it('holds every row of the division, in the report order, past the batch size and the all-data limit', async () => {
    const answer = await call(server.url, exportUrl, { token: director.token, body: { columns } });
    assert.equal(answer.status, 200, answer.text.slice(0, 300));
    const lines = (answer.body.data.data as string).split('\r\n');
    assert.equal(lines.pop(), '', 'ends with CRLF');
    assert.equal(lines[0], 'Event Date,Type,Status');
    // The report's own count and first row (restricted records are not the director's to see).
    const first = await call(server.url, `/api/permissable/views/${VIEW}?sort=-event_date&page-size=1`, { token: director.token });
    assert.ok(first.body.meta.total > 10_000);
    assert.equal(lines.length - 1, first.body.meta.total);
    assert.equal(lines[1].split(',')[0], new Date(first.body.data.rows[0].event_date).toISOString(), 'newest first');
    const dates = lines.slice(1).map((l) => l.split(',')[0]);
    assert.ok(dates.every((d, i) => i === 0 || d <= dates[i - 1]), 'sorted across batches');
  });

  it('gives its connection back when the client leaves mid-way', async () => {
    const abort = new AbortController();
    const res = await fetch(server.url + exportUrl, {
      method: 'POST',
      headers: { authorization: `Bearer ${director.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ columns }),
      signal: abort.signal,
    });
    const reader = res.body!.getReader();
    await reader.read();
    abort.abort();
    await reader.closed.catch(() => undefined);
    // The only connection is free again: the next calls answer.
    for (let i = 0; i < 3; i++) assert.equal((await call(server.url, '/api/session/current', { token: director.token })).status, 200);
    assert.equal((await call(server.url, exportUrl, { token: director.token, body: { columns: columns.slice(0, 1) } })).status, 200);
  });
});
