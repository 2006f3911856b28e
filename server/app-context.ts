import type { Config } from './config';
import type { Db } from './db/connect';
import type { Metrics } from './metrics/metrics';

/** What every area plugin is given: the database and the configuration. */
export interface AppContext {
  db: Db;
  config: Config;
  /** The process's metrics (GET /metrics); absent where an app is built without a pool of its own to report. */
  metrics?: Metrics;
}
