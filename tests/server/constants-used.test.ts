import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import * as constants from '../../shared/constants';

/**
 * Issue 33 (spec sweep): shared/constants.ts is the one source of the spec's
 * business values (its own header says so), so a constant there that nothing
 * reads is a second copy of a value some other file spells out again, or a
 * value nothing applies. Each export must be read by the product (server/,
 * widgets/, shell/, shared/), outside the list below, where each entry says
 * why it is still unread.
 */

const ROOT = path.resolve(import.meta.dirname, '../..');
const SELF = 'shared/constants.ts';

const NOT_YET_READ: Record<string, string> = {
  REFERENCE_LIST_PAGE_SIZE: 'not in issue 33\'s list; the reference lists read with their own 1000 (EXT_REFERENCE_PAGE_SIZE, HWC_FACILITY_PAGE_SIZE)',
};

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : sourceFiles(full);
    return /\.(ts|tsx)$/.test(entry.name) ? [full] : [];
  });
}

const product = ['server', 'widgets', 'shell', 'shared']
  .flatMap((dir) => sourceFiles(path.join(ROOT, dir)))
  .filter((file) => path.relative(ROOT, file).split(path.sep).join('/') !== SELF)
  .map((file) => readFileSync(file, 'utf8'));

const readBy = (name: string) => product.filter((source) => new RegExp(`\\b${name}\\b`).test(source)).length;

describe('shared/constants.ts: one source for each spec value (issue 33)', () => {
  it('finds what it looks for: the product reads TOAST_MS and DATE_FORMAT, and nothing reads a made-up name', () => {
    assert.ok(readBy('TOAST_MS') > 0);
    assert.ok(readBy('DATE_FORMAT') > 0);
    assert.equal(readBy('NO_SUCH_CONSTANT_ANYWHERE'), 0);
  });

  it('every constant is read by the product, outside the list that says why not', () => {
    const unread = Object.keys(constants).filter((name) => !(name in NOT_YET_READ) && readBy(name) === 0);
    assert.deepEqual(unread, [], `declared in ${SELF} but read nowhere: use each where the spec applies it (replacing its literal copies), or delete it`);
  });

  it('the list names only constants that exist and are still unread', () => {
    for (const [name, reason] of Object.entries(NOT_YET_READ)) {
      assert.ok(name in constants, `${name} is no longer in ${SELF}: take it off the list`);
      assert.equal(readBy(name), 0, `${name} is read now: take it off the list`);
      assert.ok(reason.length > 20, `${name}: say why it is unread`);
    }
  });
});
