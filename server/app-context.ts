import type { Config } from './config';
import type { Db } from './db/connect';

/** What every area plugin is given: the database and the configuration. */
export interface AppContext {
  db: Db;
  config: Config;
}
