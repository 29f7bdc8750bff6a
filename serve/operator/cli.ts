// The operator's CLI over the operator store (SNAPSHOTS_DIR/operator.sqlite): open and close
// clearance correction reviews, approve dispute annotations, set the hand-off mode, list state.
// The running server re-reads the store every OVERLAY_POLL_MS; nothing here needs a restart.
import { pathToFileURL } from 'node:url';
import Database from 'better-sqlite3';
import { CLEARANCE_KEYS, ISO_DATE, type ClearanceKey } from '../../contract/facts.ts';
import { licenseNumberFrom } from '../../contract/names.ts';
import { HANDOFF_MODES, OPERATOR_SETTING, type HandoffMode } from '../../contract/overlay.ts';
import { openOperatorStoreForWrite } from './writes.ts';
import { settingsFromEnv } from '../http/settings.ts';

export const USAGE = `Usage: npm run operator -- <command>
  review open <license> <clearance> [note...]   hold a clearance under correction review
  review close <license> <clearance>            release it; the recorded value shows again
  dispute add <license> <field> <YYYY-MM-DD> <text...>   publish an approved dispute annotation
  mode <${HANDOFF_MODES.join('|')}>   set the family hand-off mode
  list                                          show held reviews, annotations and the mode
  requests list                                 families' coordination requests (id, date, homes; no contact details)
  requests export                               every coordination request with contact details, one JSON object a line
  requests delete <id>                          delete one coordination request (after it was handled)
  corrections list                              corrections sent with the form (id, date, license, field)
  corrections export                            every correction in full, one JSON object a line
  corrections delete <id>                       delete one correction (after it was handled)
clearance: ${CLEARANCE_KEYS.join(', ')}`;

export interface OperatorOptions {
  snapshotsDir: string;
  now?: Date;
  out?: (line: string) => void;
}

class UsageError extends Error {}

function license(arg: string | undefined): string {
  const number = arg === undefined ? null : licenseNumberFrom(arg);
  if (!number) throw new UsageError(`not a license number: ${arg ?? '(missing)'}`);
  return number;
}

function clearance(arg: string | undefined): ClearanceKey {
  const key = CLEARANCE_KEYS.find((candidate) => candidate === arg);
  if (!key) throw new UsageError(`not a clearance: ${arg ?? '(missing)'} (one of ${CLEARANCE_KEYS.join(', ')})`);
  return key;
}

/** Runs one command; returns the process exit code. */
export function runOperatorCommand(args: readonly string[], options: OperatorOptions): number {
  const out = options.out ?? ((line: string) => console.log(line));
  const now = (options.now ?? new Date()).toISOString();
  const [command, sub, ...rest] = args;
  let db: Database.Database | null = null;
  try {
    if (command === 'review' && (sub === 'open' || sub === 'close')) {
      const [licenseArg, clearanceArg, ...note] = rest;
      const number = license(licenseArg);
      const key = clearance(clearanceArg);
      db = openOperatorStoreForWrite(options.snapshotsDir);
      if (sub === 'open') {
        const result = db
          .prepare(
            `INSERT INTO clearance_reviews (license_number, clearance, opened_at, note) VALUES (?, ?, ?, ?)
             ON CONFLICT DO NOTHING`,
          )
          .run(number, key, now, note.join(' ') || null);
        out(result.changes ? `review opened: ${number} ${key}` : `review already held: ${number} ${key}`);
      } else {
        const result = db
          .prepare('UPDATE clearance_reviews SET closed_at = ? WHERE license_number = ? AND clearance = ? AND closed_at IS NULL')
          .run(now, number, key);
        out(result.changes ? `review closed: ${number} ${key}` : `no review held: ${number} ${key}`);
      }
      return 0;
    }
    if (command === 'dispute' && sub === 'add') {
      const [licenseArg, field, approvedOn, ...text] = rest;
      const number = license(licenseArg);
      if (!field) throw new UsageError('missing field');
      if (!approvedOn || !ISO_DATE.test(approvedOn)) throw new UsageError(`approval date must be YYYY-MM-DD: ${approvedOn ?? '(missing)'}`);
      if (text.length === 0) throw new UsageError('missing annotation text');
      db = openOperatorStoreForWrite(options.snapshotsDir);
      db.prepare('INSERT INTO dispute_annotations (license_number, field, text, approved_on) VALUES (?, ?, ?, ?)').run(
        number,
        field,
        text.join(' '),
        approvedOn,
      );
      out(`annotation added: ${number} ${field}`);
      return 0;
    }
    if (command === 'mode') {
      const mode = HANDOFF_MODES.find((candidate) => candidate === sub) as HandoffMode | undefined;
      if (!mode) throw new UsageError(`mode must be one of ${HANDOFF_MODES.join(', ')}`);
      db = openOperatorStoreForWrite(options.snapshotsDir);
      db.prepare('INSERT INTO settings (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value').run(
        OPERATOR_SETTING.handoffMode,
        mode,
      );
      out(`hand-off mode: ${mode}`);
      return 0;
    }
    if (command === 'list') {
      db = openOperatorStoreForWrite(options.snapshotsDir);
      const reviews = db
        .prepare('SELECT license_number, clearance, opened_at, note FROM clearance_reviews WHERE closed_at IS NULL ORDER BY opened_at')
        .all() as Array<{ license_number: string; clearance: string; opened_at: string; note: string | null }>;
      const disputes = db
        .prepare('SELECT license_number, field, approved_on, text FROM dispute_annotations ORDER BY license_number, approved_on')
        .all() as Array<{ license_number: string; field: string; approved_on: string; text: string }>;
      const mode = db.prepare('SELECT value FROM settings WHERE key = ?').get(OPERATOR_SETTING.handoffMode) as { value: string } | undefined;
      out(`hand-off mode: ${mode?.value ?? 'self_serve_only (default)'}`);
      out(`reviews held: ${reviews.length}`);
      for (const review of reviews) {
        out(`  ${review.license_number} ${review.clearance} since ${review.opened_at}${review.note ? ` (${review.note})` : ''}`);
      }
      out(`dispute annotations: ${disputes.length}`);
      for (const dispute of disputes) out(`  ${dispute.license_number} ${dispute.field} ${dispute.approved_on}: ${dispute.text}`);
      return 0;
    }
    if ((command === 'requests' || command === 'corrections') && (sub === 'list' || sub === 'export' || sub === 'delete')) {
      db = openOperatorStoreForWrite(options.snapshotsDir);
      return submissions(db, command, sub, rest, out);
    }
    throw new UsageError(command ? `unknown command: ${args.join(' ')}` : 'no command given');
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    out(`${error.message}\n${USAGE}`);
    return 2;
  } finally {
    db?.close();
  }
}

/** The operator's view of what the plan page and the corrections form stored. */
function submissions(db: Database.Database, kind: 'requests' | 'corrections', action: 'list' | 'export' | 'delete', rest: string[], out: (line: string) => void): number {
  const table = kind === 'requests' ? 'coordination_requests' : 'corrections';
  if (action === 'delete') {
    const id = Number(rest[0]);
    if (!Number.isInteger(id) || id < 1) throw new UsageError(`not an id: ${rest[0] ?? '(missing)'}`);
    const result = db.prepare(`DELETE FROM ${table} WHERE id = ?`).run(id);
    out(result.changes ? `deleted: ${kind} ${id}` : `no such ${kind === 'requests' ? 'request' : 'correction'}: ${id}`);
    return result.changes ? 0 : 1;
  }
  const rows = db.prepare(`SELECT * FROM ${table} ORDER BY id`).all() as Array<Record<string, unknown>>;
  if (action === 'export') {
    for (const row of rows) {
      const exported = kind === 'requests' ? { ...row, licenses: JSON.parse(String(row.licenses)), needs: JSON.parse(String(row.needs)) } : row;
      out(JSON.stringify(exported));
    }
    return 0;
  }
  out(`${kind === 'requests' ? 'coordination requests' : 'corrections'}: ${rows.length}`);
  for (const row of rows) {
    out(
      kind === 'requests'
        ? `  #${row.id} ${row.received_at} homes ${(JSON.parse(String(row.licenses)) as string[]).join(', ')}${row.assistant_client ? ` (via ${row.assistant_client})` : ''}`
        : `  #${row.id} ${row.received_at} ${row.license_number} ${row.field}`,
    );
  }
  return 0;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  process.exitCode = runOperatorCommand(process.argv.slice(2), { snapshotsDir: settingsFromEnv().snapshotsDir });
}
