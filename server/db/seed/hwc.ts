import type { Db } from '../connect';
import type { DemoIds } from './demo';

export async function seedHwc(_db: Db, _ids: DemoIds): Promise<void> {}
