// The one place the operator store is chosen (docs/operations.md, "The operator store").
import type { Logger } from '../lib/log.ts';
import type { OperatorStore } from './operator-store.ts';
import { PostgresOperatorStore } from './operator-store-postgres.ts';
import { SqliteOperatorStore } from './operator-store-sqlite.ts';

export interface OperatorStoreSettings {
  snapshotsDir: string;
  /** postgres://... (DATABASE_URL), or null for the SQLite file in snapshotsDir. */
  databaseUrl: string | null;
}

/** The one place the store is chosen: PostgreSQL when DATABASE_URL is set, else the SQLite file. */
export function openOperatorStore(settings: OperatorStoreSettings, log: Logger): OperatorStore {
  return settings.databaseUrl ? new PostgresOperatorStore(settings.databaseUrl, log) : new SqliteOperatorStore(settings.snapshotsDir);
}

