import { parseFilterKey, RESERVED_PARAMS } from '../../shared/filters';
import type { AuthContext } from '../auth/context';
import type { Db } from '../db/connect';
import { parseListRequest, runList, type ListRequest } from '../dataviews/engine';
import { PUBLIC_VIEWS } from '../dataviews/registry';
import { HttpError } from '../errors';

/** A queue's membership: a list view and its stored rule, in the same filter grammar the list calls take. */
export interface QueueRule {
  queue_uid?: string;
  view_name: string;
  rule: Record<string, string>;
}

export function ruleFilters(queue: QueueRule): ListRequest['filters'] {
  return Object.entries(queue.rule).map(([key, value]) => {
    const parsed = parseFilterKey(key);
    if ('error' in parsed) throw new Error(`queue ${queue.queue_uid} has a bad rule key ${key}`);
    return { column: parsed.column, operator: parsed.operator, values: [String(value)] };
  });
}

/** How many rows of the queue's view the caller sees under the rule, in their current division. */
export async function queueCount(db: Db, auth: AuthContext, queue: QueueRule): Promise<number> {
  const view = PUBLIC_VIEWS[queue.view_name];
  const list = await runList(db, view, auth, { page: 1, pageSize: 1, allData: false, sort: [], filters: [] }, ruleFilters(queue));
  return list.total;
}

/** The rule as an admin reads and types it: `episode_status_label=Active&referral_date__>>=2026-01-01`. */
export const ruleText = (rule: Record<string, string>) => new URLSearchParams(rule).toString().replaceAll('+', '%20');

/**
 * Parses a typed rule with the list engine's own checks (columns of the view,
 * operators, values), so a saved queue can never fail when it is opened. A
 * mistake is a 422 on `field` with the engine's message.
 */
export function parseRule(viewName: string, text: string, field = 'rule'): Record<string, string> {
  const refuse = (message: string) => new HttpError(422, [{ field, message }]);
  const rule: Record<string, string> = {};
  for (const [key, value] of new URLSearchParams(text.trim())) {
    if ((RESERVED_PARAMS as readonly string[]).includes(key)) throw refuse(`'${key}' is not a filter`);
    if (Object.hasOwn(rule, key)) throw refuse(`'${key}' is given twice`);
    rule[key] = value;
  }
  try {
    parseListRequest(PUBLIC_VIEWS[viewName], rule);
  } catch (err) {
    if (err instanceof HttpError) throw refuse(err.errors[0].message);
    throw err;
  }
  return rule;
}
