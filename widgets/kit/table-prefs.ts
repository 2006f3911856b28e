import { persistentAtom } from '@nanostores/persistent';
import type { WritableAtom } from 'nanostores';

/** What a table remembers per `tableId` (spec section 9: page size and sort order). */
export interface TablePrefs {
  pageSize?: number;
  sort?: string;
}

const stores = new Map<string, WritableAtom<TablePrefs>>();

function decode(raw: string): TablePrefs {
  try {
    const value = JSON.parse(raw) as unknown;
    return value && typeof value === 'object' ? (value as TablePrefs) : {};
  } catch {
    return {};
  }
}

/** One localStorage-backed store per table, shared by every instance showing that table. */
export function tablePrefs(tableId: string): WritableAtom<TablePrefs> {
  let store = stores.get(tableId);
  if (!store) {
    store = persistentAtom<TablePrefs>(`careweave.table.${tableId}`, {}, { encode: JSON.stringify, decode });
    stores.set(tableId, store);
  }
  return store;
}
