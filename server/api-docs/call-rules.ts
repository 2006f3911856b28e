import { existsSync, readFileSync } from 'node:fs';

/** A call as docs/api.md names it and as a route is registered, with any parameter's name left out. */
export const callKey = (method: string, url: string) => `${method.toUpperCase()} ${url.replace(/\{[^}]*\}|:[A-Za-z_]+/g, '{}').replace(/\/$/, '')}`;

interface Row {
  key: string;
  /** `{kind}` in a row may stand for a parameter or for a family of paths (`/api/admin/{kind}`: each holder kind). */
  family: RegExp;
  text: string;
}

export interface CallRules {
  /** The rules of the call a route answers: the rows naming it, else the rows of a family it belongs to. */
  of(method: string, url: string): string | undefined;
  /** Each row's call, and whether some route answers it. */
  rows(): Row[];
}

/**
 * The rules of each call (who may, limits, messages, side effects) as docs/api.md's tables write them:
 * the OpenAPI document shows them beside the shapes it takes from the code. A row's first cell names its
 * call (`GET /api/notes/{id}`, perhaps with who may use it); its request and answer follow.
 */
export function callRules(file: string): CallRules {
  const rows: Row[] = [];
  if (existsSync(file)) {
    for (const line of readFileSync(file, 'utf8').split('\n')) {
      if (!line.startsWith('| `')) continue;
      // A cell may hold an escaped bar ('allow' \| 'deny').
      const cells = line.split(/(?<!\\)\|/).slice(1, -1).map((cell) => cell.trim().replaceAll('\\|', '|'));
      const call = /^`(GET|POST|PUT|PATCH|DELETE) (\/api\/[^`?\s]*)/.exec(cells[0] ?? '');
      if (!call || cells.length < 3) continue;
      const key = callKey(call[1], call[2]);
      const family = new RegExp(`^${key.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replaceAll('{}', '[^/]+')}$`);
      rows.push({ key, family, text: `${cells[0]}\n\n**Request:** ${cells[1]}\n\n**Answer:** ${cells[2]}` });
    }
  }
  const joined = (found: Row[]) => (found.length ? found.map((r) => r.text).join('\n\n') : undefined);
  return {
    of(method, url) {
      const key = callKey(method, url);
      return joined(rows.filter((r) => r.key === key)) ?? joined(rows.filter((r) => r.family.test(key)));
    },
    rows: () => rows,
  };
}
