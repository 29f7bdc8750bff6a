// The operator store in PostgreSQL (DATABASE_URL): one store every instance shares, so a review
// opened with the CLI or a correction sent through any instance is the same everywhere. Each
// process (each cluster worker, the CLI) holds one small pool; the schema is created on first use
// and migrated by version (contract/overlay.ts). A database that cannot be reached makes each call
// fail at once or within the connection timeout: the overlay then keeps its last good read, and a
// form says it could not save. The password is never logged: `where` names host, port and database.
import pg from 'pg';
import type { ClearanceKey } from '../../contract/facts.ts';
import {
  OPERATOR_OVERLAY_CHANNEL,
  OPERATOR_SETTING,
  OPERATOR_STORE_POSTGRES_MIGRATIONS,
  type DisputeAnnotation,
  type HandoffMode,
} from '../../contract/overlay.ts';
import type { Logger } from '../lib/log.ts';
import type { CoordinationRequestRow, CorrectionRow, HeldState, OperatorStore, StoredOverlay, SubmissionTable } from './operator-store.ts';

/** Connections per process: the overlay's poll and a form's write at most, with one to spare. */
export const POOL_MAX = 3;
const CONNECT_TIMEOUT_MS = 5_000;
/** No statement of this store takes long; one that does is a database in trouble. */
const QUERY_TIMEOUT_MS = 10_000;
const IDLE_MS = 30_000;
/** A lost LISTEN connection is made again after this (the poll covers the gap). */
const WATCH_RETRY_MS = 5_000;
/** The advisory lock that keeps two instances from migrating at once (any fixed number of ours). */
const MIGRATION_LOCK = 4_906_049_049;

type Migration = (typeof OPERATOR_STORE_POSTGRES_MIGRATIONS)[number];

/** The URL's host, port and database, never its user or password: what logs and /healthz may show. */
export function describeDatabaseUrl(url: string): string {
  try {
    const parsed = new URL(url);
    return `PostgreSQL ${parsed.host}${parsed.pathname}`;
  } catch {
    return 'PostgreSQL (DATABASE_URL)';
  }
}

/**
 * Brings the schema to the newest version this release knows: every migration above the recorded
 * version, in order, in one transaction under an advisory lock (a second instance waits, then
 * finds them applied). A database migrated by a newer release is left as it is.
 */
export async function migrateOperatorStore(client: pg.ClientBase, migrations: readonly Migration[] = OPERATOR_STORE_POSTGRES_MIGRATIONS): Promise<number[]> {
  const applied: number[] = [];
  await client.query('BEGIN');
  try {
    await client.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK]);
    await client.query(
      'CREATE TABLE IF NOT EXISTS schema_migrations (version integer PRIMARY KEY, name text NOT NULL, applied_at timestamptz NOT NULL DEFAULT now())',
    );
    const done = new Set((await client.query<{ version: number }>('SELECT version FROM schema_migrations')).rows.map((row) => row.version));
    for (const migration of [...migrations].sort((a, b) => a.version - b.version)) {
      if (done.has(migration.version)) continue;
      await client.query(migration.sql);
      await client.query('INSERT INTO schema_migrations (version, name) VALUES ($1, $2)', [migration.version, migration.name]);
      applied.push(migration.version);
    }
    await client.query('COMMIT');
  } catch (error) {
    await client.query('ROLLBACK').catch(() => {});
    throw error;
  }
  return applied;
}

export class PostgresOperatorStore implements OperatorStore {
  readonly where: string;
  private readonly pool: pg.Pool;
  /** The schema's migration, once per process; forgotten when it fails, so the next call tries again. */
  private schema: Promise<void> | null = null;

  constructor(
    private readonly url: string,
    private readonly log: Logger,
  ) {
    this.where = describeDatabaseUrl(url);
    this.pool = new pg.Pool({
      connectionString: url,
      max: POOL_MAX,
      connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
      idleTimeoutMillis: IDLE_MS,
      query_timeout: QUERY_TIMEOUT_MS,
      statement_timeout: QUERY_TIMEOUT_MS,
      application_name: 'care-home-operator-store',
    });
    // An idle connection the server drops (a restart, a failover) must not end the process.
    this.pool.on('error', (error) => this.log.warn('operator store connection lost', { store: this.where, reason: error.message }));
  }

  /**
   * One connection of the pool for several statements. A checked-out connection has no error
   * listener of the pool's: one that breaks meanwhile (the server stopped) would otherwise end the
   * process. A broken one is released as broken, so the pool drops it.
   */
  private async withClient<T>(run: (client: pg.PoolClient) => Promise<T>): Promise<T> {
    const client = await this.pool.connect();
    let broken: Error | undefined;
    const onError = (error: Error) => {
      broken = error;
    };
    client.on('error', onError);
    try {
      return await run(client);
    } catch (error) {
      broken ??= error instanceof Error ? error : new Error(String(error));
      throw error;
    } finally {
      client.off('error', onError);
      client.release(broken);
    }
  }

  private ready(): Promise<void> {
    this.schema ??= this.withClient(async (client) => {
      const applied = await migrateOperatorStore(client);
      if (applied.length > 0) this.log.info('operator store schema migrated', { store: this.where, versions: applied });
    });
    return this.schema.catch((error: unknown) => {
      this.schema = null;
      throw error;
    });
  }

  private async query<Row extends pg.QueryResultRow>(text: string, values: unknown[] = []): Promise<pg.QueryResult<Row>> {
    await this.ready();
    return this.pool.query<Row>(text, values);
  }

  async readOverlay(): Promise<StoredOverlay> {
    await this.ready();
    return this.withClient(async (client) => {
      // One consistent view of the three tables.
      await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
      try {
        const reviews = await client.query<StoredOverlay['reviews'][number]>(
          'SELECT license_number, clearance FROM clearance_reviews WHERE closed_at IS NULL ORDER BY license_number, clearance',
        );
        const disputes = await client.query<StoredOverlay['disputes'][number]>(
          'SELECT license_number, field, text, approved_on FROM dispute_annotations ORDER BY license_number, approved_on, id',
        );
        const mode = await client.query<{ value: string }>('SELECT value FROM settings WHERE key = $1', [OPERATOR_SETTING.handoffMode]);
        await client.query('COMMIT');
        return { reviews: reviews.rows, disputes: disputes.rows, handoffMode: mode.rows[0]?.value ?? null };
      } catch (error) {
        await client.query('ROLLBACK').catch(() => {});
        throw error;
      }
    });
  }

  /**
   * One connection of its own LISTENs on the channel migration 3 notifies; each notification (and
   * each new connection, for what changed while none listened) calls onChange. A lost connection is
   * made again after WATCH_RETRY_MS; meanwhile the poll reads as before.
   */
  watch(onChange: () => void): () => void {
    let listening: pg.Client | null = null;
    let retry: NodeJS.Timeout | null = null;
    let stopped = false;
    const again = () => {
      if (stopped || retry) return;
      retry = setTimeout(() => {
        retry = null;
        void listen();
      }, WATCH_RETRY_MS);
      retry.unref();
    };
    const listen = async () => {
      const client = new pg.Client({
        connectionString: this.url,
        connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
        application_name: 'care-home-operator-store-listen',
      });
      client.on('notification', () => onChange());
      // A dropped connection ends it: made again later, said once in the log.
      client.on('error', (error) => {
        if (listening === client) this.log.warn('operator store notifications lost; reading on the poll', { store: this.where, reason: error.message });
      });
      client.once('end', () => {
        if (listening === client) listening = null;
        again();
      });
      try {
        await this.ready();
        await client.connect();
        await client.query(`LISTEN ${OPERATOR_OVERLAY_CHANNEL}`);
      } catch {
        await client.end().catch(() => {});
        again();
        return;
      }
      if (stopped) return void client.end().catch(() => {});
      listening = client;
      onChange();
    };
    void listen();
    return () => {
      stopped = true;
      if (retry) clearTimeout(retry);
      void listening?.end().catch(() => {});
    };
  }

  async openReview(license: string, clearance: ClearanceKey, openedAt: string, note: string | null): Promise<boolean> {
    const result = await this.query(
      'INSERT INTO clearance_reviews (license_number, clearance, opened_at, note) VALUES ($1, $2, $3, $4) ON CONFLICT DO NOTHING',
      [license, clearance, openedAt, note],
    );
    return (result.rowCount ?? 0) > 0;
  }

  async closeReview(license: string, clearance: ClearanceKey, closedAt: string): Promise<boolean> {
    const result = await this.query(
      'UPDATE clearance_reviews SET closed_at = $1 WHERE license_number = $2 AND clearance = $3 AND closed_at IS NULL',
      [closedAt, license, clearance],
    );
    return (result.rowCount ?? 0) > 0;
  }

  async addDispute(license: string, annotation: DisputeAnnotation): Promise<void> {
    await this.query('INSERT INTO dispute_annotations (license_number, field, text, approved_on) VALUES ($1, $2, $3, $4)', [
      license,
      annotation.field,
      annotation.text,
      annotation.approved_on,
    ]);
  }

  async setHandoffMode(mode: HandoffMode): Promise<void> {
    await this.query('INSERT INTO settings (key, value) VALUES ($1, $2) ON CONFLICT (key) DO UPDATE SET value = excluded.value', [
      OPERATOR_SETTING.handoffMode,
      mode,
    ]);
  }

  async held(): Promise<HeldState> {
    const mode = await this.query<{ value: string }>('SELECT value FROM settings WHERE key = $1', [OPERATOR_SETTING.handoffMode]);
    const reviews = await this.query<HeldState['reviews'][number]>(
      'SELECT license_number, clearance, opened_at, note FROM clearance_reviews WHERE closed_at IS NULL ORDER BY opened_at',
    );
    const disputes = await this.query<HeldState['disputes'][number]>(
      'SELECT license_number, field, approved_on, text FROM dispute_annotations ORDER BY license_number, approved_on',
    );
    return { handoffMode: mode.rows[0]?.value ?? null, reviews: reviews.rows, disputes: disputes.rows };
  }

  async submissions(table: SubmissionTable): Promise<Array<Record<string, unknown>>> {
    return (await this.query(`SELECT * FROM ${table} ORDER BY id`)).rows;
  }

  async deleteSubmission(table: SubmissionTable, id: number): Promise<boolean> {
    return ((await this.query(`DELETE FROM ${table} WHERE id = $1`, [id])).rowCount ?? 0) > 0;
  }

  async storeCoordinationRequest(row: CoordinationRequestRow): Promise<void> {
    await this.query(
      `INSERT INTO coordination_requests
         (received_at, licenses, needs, timing, family_name, family_phone, consent, assistant_client, link_expires_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
      [row.received_at, row.licenses, row.needs, row.timing, row.family_name, row.family_phone, row.consent, row.assistant_client, row.link_expires_at],
    );
  }

  async storeCorrection(row: CorrectionRow): Promise<void> {
    await this.query(
      `INSERT INTO corrections (received_at, license_number, field, what_is_wrong, should_say, source_url) VALUES ($1, $2, $3, $4, $5, $6)`,
      [row.received_at, row.license_number, row.field, row.what_is_wrong, row.should_say, row.source_url],
    );
  }

  async close(): Promise<void> {
    await this.pool.end();
  }
}
