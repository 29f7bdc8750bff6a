// The operator's CLI over the operator store (SNAPSHOTS_DIR/operator.sqlite, or PostgreSQL with
// DATABASE_URL): open and close clearance correction reviews, approve dispute annotations, set the
// hand-off mode, list state, and list, export or delete what the forms stored. Every server re-reads
// the store every OVERLAY_POLL_MS; nothing here needs a restart. What families typed is printed
// with its hidden controls escaped (contract HIDDEN_CONTROLS), so a terminal shows what is stored.
import { pathToFileURL } from 'node:url';
import { CLEARANCE_KEYS, ISO_DATE, type ClearanceKey } from '../../contract/facts.ts';
import { licenseNumberFrom } from '../../contract/names.ts';
import { HANDOFF_MODES, HIDDEN_CONTROLS, type HandoffMode } from '../../contract/overlay.ts';
import { createLogger } from '../lib/log.ts';
import { openOperatorStore } from '../records/operator-store-open.ts';
import { whenRead, type MaybePromise, type OperatorStore, type SubmissionTable } from '../records/operator-store.ts';
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
  /** DATABASE_URL: the store in PostgreSQL; unset or null, the SQLite file in snapshotsDir. */
  databaseUrl?: string | null;
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

const HIDDEN_ANYWHERE = new RegExp(HIDDEN_CONTROLS.source, 'g');
const escaped = (char: string) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`;

/** A stored row as one JSON line: hidden controls and line separators escaped (JSON.stringify leaves them raw). */
export function exportLine(row: unknown): string {
  return JSON.stringify(row).replace(HIDDEN_ANYWHERE, escaped).replace(/[\u2028\u2029]/g, escaped);
}

/** Stored text inside a line of a list: hidden controls and line breaks escaped, so one row stays one line. */
function shown(text: unknown): string {
  return String(text).replace(HIDDEN_ANYWHERE, escaped).replace(/[\t\n\r\u2028\u2029]/g, escaped);
}

/** A command, checked: what it does with the store, and the exit code it ends with. */
type Command = (store: OperatorStore, out: (line: string) => void) => MaybePromise<number>;

function command(args: readonly string[], now: string): Command {
  const [verb, sub, ...rest] = args;
  if (verb === 'review' && (sub === 'open' || sub === 'close')) {
    const [licenseArg, clearanceArg, ...note] = rest;
    const number = license(licenseArg);
    const key = clearance(clearanceArg);
    if (sub === 'open') {
      return (store, out) =>
        whenRead(store.openReview(number, key, now, note.join(' ') || null), (opened) => {
          out(opened ? `review opened: ${number} ${key}` : `review already held: ${number} ${key}`);
          return 0;
        });
    }
    return (store, out) =>
      whenRead(store.closeReview(number, key, now), (closed) => {
        out(closed ? `review closed: ${number} ${key}` : `no review held: ${number} ${key}`);
        return 0;
      });
  }
  if (verb === 'dispute' && sub === 'add') {
    const [licenseArg, field, approvedOn, ...text] = rest;
    const number = license(licenseArg);
    if (!field) throw new UsageError('missing field');
    if (!approvedOn || !ISO_DATE.test(approvedOn)) throw new UsageError(`approval date must be YYYY-MM-DD: ${approvedOn ?? '(missing)'}`);
    if (text.length === 0) throw new UsageError('missing annotation text');
    return (store, out) =>
      whenRead(store.addDispute(number, { field, text: text.join(' '), approved_on: approvedOn }), () => {
        out(`annotation added: ${number} ${shown(field)}`);
        return 0;
      });
  }
  if (verb === 'mode') {
    const mode = HANDOFF_MODES.find((candidate) => candidate === sub) as HandoffMode | undefined;
    if (!mode) throw new UsageError(`mode must be one of ${HANDOFF_MODES.join(', ')}`);
    return (store, out) =>
      whenRead(store.setHandoffMode(mode), () => {
        out(`hand-off mode: ${mode}`);
        return 0;
      });
  }
  if (verb === 'list') {
    return (store, out) =>
      whenRead(store.held(), (held) => {
        out(`hand-off mode: ${held.handoffMode !== null ? shown(held.handoffMode) : 'self_serve_only (default)'}`);
        out(`reviews held: ${held.reviews.length}`);
        for (const review of held.reviews) {
          out(`  ${review.license_number} ${review.clearance} since ${review.opened_at}${review.note ? ` (${shown(review.note)})` : ''}`);
        }
        out(`dispute annotations: ${held.disputes.length}`);
        for (const dispute of held.disputes) out(`  ${dispute.license_number} ${shown(dispute.field)} ${dispute.approved_on}: ${shown(dispute.text)}`);
        return 0;
      });
  }
  if ((verb === 'requests' || verb === 'corrections') && (sub === 'list' || sub === 'export' || sub === 'delete')) {
    return submissions(verb, sub, rest);
  }
  throw new UsageError(verb ? `unknown command: ${args.join(' ')}` : 'no command given');
}

/** The operator's view of what the plan page and the corrections form stored. */
function submissions(kind: 'requests' | 'corrections', action: 'list' | 'export' | 'delete', rest: string[]): Command {
  const table: SubmissionTable = kind === 'requests' ? 'coordination_requests' : 'corrections';
  if (action === 'delete') {
    const id = Number(rest[0]);
    if (!Number.isInteger(id) || id < 1) throw new UsageError(`not an id: ${rest[0] ?? '(missing)'}`);
    return (store, out) =>
      whenRead(store.deleteSubmission(table, id), (deleted) => {
        out(deleted ? `deleted: ${kind} ${id}` : `no such ${kind === 'requests' ? 'request' : 'correction'}: ${id}`);
        return deleted ? 0 : 1;
      });
  }
  return (store, out) =>
    whenRead(store.submissions(table), (rows) => {
      if (action === 'export') {
        for (const row of rows) {
          const exported = kind === 'requests' ? { ...row, licenses: JSON.parse(String(row.licenses)), needs: JSON.parse(String(row.needs)) } : row;
          out(exportLine(exported));
        }
        return 0;
      }
      out(`${kind === 'requests' ? 'coordination requests' : 'corrections'}: ${rows.length}`);
      for (const row of rows) {
        out(
          kind === 'requests'
            ? `  #${row.id} ${row.received_at} homes ${(JSON.parse(String(row.licenses)) as string[]).join(', ')}${row.assistant_client ? ` (via ${shown(row.assistant_client)})` : ''}`
            : `  #${row.id} ${row.received_at} ${row.license_number} ${shown(row.field)}`,
        );
      }
      return 0;
    });
}

/**
 * Runs one command; returns the process exit code: at once with the SQLite file, as a promise
 * with PostgreSQL. A store that cannot be reached rejects (the command-line entry says why, exit 1).
 */
export function runOperatorCommand(args: readonly string[], options: OperatorOptions & { databaseUrl?: null }): number;
export function runOperatorCommand(args: readonly string[], options: OperatorOptions): MaybePromise<number>;
export function runOperatorCommand(args: readonly string[], options: OperatorOptions): MaybePromise<number> {
  const out = options.out ?? ((line: string) => console.log(line));
  let run: Command;
  try {
    run = command(args, (options.now ?? new Date()).toISOString());
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    out(`${error.message}\n${USAGE}`);
    return 2;
  }
  // Logs (a migration, a lost connection) go to stderr: stdout is the command's answer.
  const log = createLogger('warn', (line) => process.stderr.write(line));
  const store = openOperatorStore({ snapshotsDir: options.snapshotsDir, databaseUrl: options.databaseUrl ?? null }, log);
  let code: MaybePromise<number>;
  try {
    code = run(store, out);
  } catch (error) {
    void store.close();
    throw error;
  }
  if (code instanceof Promise) return code.finally(() => store.close());
  void store.close();
  return code;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const settings = settingsFromEnv();
  Promise.resolve()
    .then(() => runOperatorCommand(process.argv.slice(2), { snapshotsDir: settings.snapshotsDir, databaseUrl: settings.databaseUrl }))
    .then(
      (code) => {
        process.exitCode = code;
      },
      (error: unknown) => {
        console.error(`the operator store cannot be used: ${error instanceof Error ? error.message : String(error)}`);
        process.exitCode = 1;
      },
    );
}
