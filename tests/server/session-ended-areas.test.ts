import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { filesUnder } from './support/files-under';

/**
 * Issue 40 §5, "a test for each area's resource layer": every area of widgets/ whose elements are used signed in has
 * one of them in tests/browser/session-ended.test.tsx (a 401 in the middle of use takes it to the sign-in form). A new
 * area fails here until it is added there, or listed below as one no session reaches, with the reason.
 */

const ROOT = path.resolve(import.meta.dirname, '../..');
const SESSION_ENDED = 'tests/browser/session-ended.test.tsx';

/** Areas used without a session: a 401 there is no ended session, so there is no sign-in path to take. */
const NO_SESSION: Record<string, string> = {
  b2w: 'the public Back to Work form: a registration code, never a session',
  ext: 'the public external referral form: its own registration token, never a session',
  'opt-out': 'the public opt-out page: a token from the e-mail, never a session',
  session: '<care-session> itself: the sign-in form the others fall back to (tests/browser/session.test.tsx)',
  support: 'the public support form (/support), sent without a session',
};

/** Each area (widgets/<area>/) and the tags of its signed-in elements. */
function signedInAreas(): Map<string, string[]> {
  const areas = new Map<string, string[]>();
  for (const file of filesUnder(path.join(ROOT, 'widgets'), (name) => name.endsWith('.element.ts'))) {
    const area = path.relative(path.join(ROOT, 'widgets'), file).split(path.sep)[0];
    if (area in NO_SESSION) continue;
    const tag = /defineWidget\(\s*'([^']+)'/.exec(readFileSync(file, 'utf8'))?.[1];
    assert.ok(tag, `${path.relative(ROOT, file)}: defines its element with defineWidget('care-…')`);
    areas.set(area, [...(areas.get(area) ?? []), tag]);
  }
  return areas;
}

describe('a session that ends in the middle of use: every area (issue 40 §5)', () => {
  it('each signed-in area has an element in the session-ended test', () => {
    const tested = new Set([...readFileSync(path.join(ROOT, SESSION_ENDED), 'utf8').matchAll(/^\s*\['(care-[\w-]+)'/gm)].map((m) => m[1]));
    assert.ok(tested.size >= 30, `the list of ${SESSION_ENDED} is read (${tested.size} tags)`);
    const areas = signedInAreas();
    assert.ok(areas.has('break-glass') && areas.has('patient-record'), 'the areas are found');
    const missing = [...areas].filter(([, tags]) => !tags.some((t) => tested.has(t))).map(([area, tags]) => `${area} (${tags.join(', ')})`);
    assert.deepEqual(missing, [], `add one of each area's elements to ${SESSION_ENDED}, or list the area in NO_SESSION with the reason`);
  });

  it('the areas listed as used without a session still exist', () => {
    for (const area of Object.keys(NO_SESSION)) assert.ok(filesUnder(path.join(ROOT, 'widgets', area), (name) => name.endsWith('.element.ts')).length > 0, area);
  });
});
