// DATABASE_URL chooses the operator store, and its password never shows: a value that is no
// postgres:// URL stops start-up with a message that does not repeat it, and the store names
// itself by host, port and database only.
import test from 'ava';
import { settingsFromEnv } from '../../serve/http/settings.ts';
import { describeDatabaseUrl } from '../../serve/records/operator-store-postgres.ts';
import { openOperatorStore } from '../../serve/records/operator-store-open.ts';
import { createLogger } from '../../serve/lib/log.ts';

test('unset or empty: no database, the SQLite file; a postgres:// or postgresql:// URL is taken as given', (t) => {
  t.is(settingsFromEnv({}).databaseUrl, null);
  t.is(settingsFromEnv({ DATABASE_URL: '  ' }).databaseUrl, null);
  t.is(settingsFromEnv({ DATABASE_URL: 'postgres://care:pw@db.internal:5432/care' }).databaseUrl, 'postgres://care:pw@db.internal:5432/care');
  t.is(settingsFromEnv({ DATABASE_URL: 'postgresql://db/care?sslmode=require' }).databaseUrl, 'postgresql://db/care?sslmode=require');
});

test('anything else is refused with what is accepted, and without the value (it may hold a password)', (t) => {
  for (const value of ['mysql://care:hunter2secret@db/care', 'hunter2secret', 'file:///hunter2secret']) {
    const error = t.throws(() => settingsFromEnv({ DATABASE_URL: value }));
    t.regex(error!.message, /DATABASE_URL must be a postgres:\/\//);
    t.false(error!.message.includes('hunter2secret'));
  }
});

test('the store is chosen in one place and names itself without user or password', async (t) => {
  const log = createLogger('silent');
  const sqlite = openOperatorStore({ snapshotsDir: '/tmp/nowhere', databaseUrl: null }, log);
  t.is(sqlite.where, '/tmp/nowhere/operator.sqlite');
  const postgres = openOperatorStore({ snapshotsDir: '/tmp/nowhere', databaseUrl: 'postgres://care:hunter2secret@db.internal:6543/care' }, log);
  t.is(postgres.where, 'PostgreSQL db.internal:6543/care');
  await postgres.close();
  t.is(describeDatabaseUrl('postgres://u:p%40ss@[::1]:5432/x'), 'PostgreSQL [::1]:5432/x');
});
