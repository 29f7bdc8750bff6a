// A later week of the state's files for the serving benchmarks: the generated state-scale roster
// and approvals rewritten the way real rosters change (licensee, name, capacity or status of some
// licenses changed, some licenses gone, some new, care approvals flipped), dated a week after the
// first. A second pipeline run over them publishes a snapshot whose change log holds dated
// `changed`, `added` and `removed` rows, as the changes endpoint serves in production. Only these
// two files are rewritten; every other source is read where the first run read it. The test
// (later-roster.test.ts) does the same at seed scale, with fewer changes.
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import config from '../../pipeline.config.ts';
import { selectProfile } from '../../pipeline/config.ts';
import { stateDateToIso } from '../../pipeline/normalize/dates.ts';
import { runPipeline, type RunResult } from '../../pipeline/run.ts';
import { csvField } from '../../seeds/files.ts';
import { headerKey } from '../../pipeline/sources/csv.ts';
import { stateCsvRows } from '../../pipeline/sources/state-csv.ts';
import { APPROVALS_AS_OF, FILE_DATE } from '../../seeds/model.ts';
import { Rng } from '../../seeds/prng.ts';

export interface RosterChanges {
  changed: number;
  removed: number;
  added: number;
  clearancesFlipped: number;
}
/** How many licenses each kind of change touches at state scale (a few percent, inside the publish guards). */
export const LATER_ROSTER_CHANGES: RosterChanges = { changed: 320, removed: 60, added: 60, clearancesFlipped: 200 };
/** The later files are dated this many days after the generated ones (a weekly refresh). */
const DAYS_LATER = 7;
/** What a status becomes: a license put on probation or closed, a pending one granted, a probation ended. */
const NEXT_STATUS: Record<string, readonly string[]> = { LICENSED: ['ON PROBATION', 'CLOSED'], PENDING: ['LICENSED'], 'ON PROBATION': ['LICENSED'] };
const CLEARANCE_COLUMNS = ['DEMENTIA_CARE', 'HOSPICE_WAIVER', 'NON_AMBULATORY', 'BEDRIDDEN_WAIVER'];

interface CsvTable {
  header: string[];
  rows: string[][];
  eol: string;
  /** A column's index by its header name. */
  at(column: string): number;
}

async function readTable(file: string): Promise<CsvTable> {
  const text = await readFile(file, 'utf8');
  // Read the state's way (one record a line, quotes inside a cell as text), as the pipeline reads it.
  const [header, ...rows] = stateCsvRows(text);
  const keys = header!.map(headerKey);
  return { header: header!, rows, eol: text.includes('\r\n') ? '\r\n' : '\n', at: (column) => keys.indexOf(headerKey(column)) };
}

/** How many rows share each key. */
function countBy<K>(rows: string[][], key: (row: string[]) => K): Map<K, number> {
  const counts = new Map<K, number>();
  for (const row of rows) counts.set(key(row), (counts.get(key(row)) ?? 0) + 1);
  return counts;
}

/** Written as the generator writes (seeds/files.ts), so an untouched row is the same bytes. */
const writeTable = (file: string, table: CsvTable) => writeFile(file, [table.header, ...table.rows].map((row) => row.map((cell) => csvField(cell)).join(',')).join(table.eol) + table.eol);

/** `days` after a M/D/YYYY date, never after `today`; written M/D/YYYY, zero-padded when `padded`. */
function laterUsDate(usDate: string, days: number, today: string, padded: boolean): { iso: string; text: string } {
  const first = stateDateToIso(usDate)!;
  const shifted = new Date(Date.parse(`${first}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
  const iso = shifted < today ? shifted : today;
  if (iso <= first) throw new Error(`the later roster must be dated after ${first}, but today (${today}) is not: run the benchmark on a later day`);
  const [year, month, day] = iso.split('-');
  const part = (value: string) => (padded ? value : String(Number(value)));
  return { iso, text: `${part(month!)}/${part(day!)}/${year}` };
}

/** What the later files hold: their dates, and how many licenses each kind of change touched. */
export interface LaterRoster extends RosterChanges {
  rosterDate: string;
  approvalsDate: string;
}

/**
 * Writes roster.csv and approvals.csv to `outDir`: the given files with `counts` changes (seeded,
 * so the same input gives the same bytes) and later file dates.
 */
export async function mutateRoster(sources: { roster: string; approvals: string }, outDir: string, today: string, counts: RosterChanges = LATER_ROSTER_CHANGES): Promise<LaterRoster> {
  const rng = new Rng('bench later roster');
  const roster = await readTable(sources.roster);
  const approvals = await readTable(sources.approvals);
  const approvalNumber = (row: string[]) => Number(row[approvals.at('FACILITY_NUMBER')]);
  const [id, number, name, licensee, capacity, status, firstDate, closedDate, fileDate] = ['_id', 'facility_number', 'facility_name', 'licensee', 'facility_capacity', 'facility_status', 'license_first_date', 'closed_date', 'file_date'].map(roster.at);
  const rosterDate = laterUsDate(FILE_DATE, DAYS_LATER, today, false);
  const approvalsDate = laterUsDate(APPROVALS_AS_OF, DAYS_LATER, today, true);

  // Only licenses on one well-formed row change, so each change is exactly the one made here.
  const rowsOf = countBy(roster.rows, (row) => row[number!]!);
  const clean = rng.shuffle(roster.rows.filter((row) => /^\d+$/.test(row[number!]!) && rowsOf.get(row[number!]!) === 1 && /^\d+$/.test(row[capacity!]!) && row[status!]! in NEXT_STATUS));
  const { changed: changeCount, removed: removeCount, added: addCount, clearancesFlipped } = counts;
  const changed = clean.slice(0, changeCount);
  const removed = new Set(clean.slice(changeCount, changeCount + removeCount));
  // Names and license holders come from other homes of the roster: real values, moved around.
  const donors = clean.slice(changeCount + removeCount);

  changed.forEach((row, index) => {
    const donor = donors[index % donors.length]!;
    switch (index % 4) {
      case 0:
        row[licensee!] = donor[licensee!]!;
        break;
      case 1:
        row[name!] = donor[name!]!;
        break;
      case 2:
        row[capacity!] = String(Math.max(1, Number(row[capacity!]) + rng.pick([-4, -2, -1, 1, 2, 6])));
        break;
      default:
        row[status!] = rng.pick(NEXT_STATUS[row[status!]!]!);
        if (row[status!] === 'CLOSED') row[closedDate!] = rosterDate.text;
    }
  });

  // New licenses: an unused number near a real one, a name and holder of another home, pending.
  const used = new Set([...roster.rows.map((row) => Number(row[number!])), ...approvals.rows.map(approvalNumber)]);
  let nextId = Math.max(...roster.rows.map((row) => Number(row[id!]) || 0));
  const added = donors.slice(0, addCount).map((template, index) => {
    let licenseNumber = Number(template[number!]) + 1;
    while (used.has(licenseNumber)) licenseNumber += 1;
    used.add(licenseNumber);
    const row = [...template];
    const donor = donors[donors.length - 1 - index]!;
    Object.assign(row, { [number!]: String(licenseNumber), [name!]: donor[name!], [licensee!]: donor[licensee!], [status!]: 'PENDING', [firstDate!]: rosterDate.text, [closedDate!]: '' });
    if (id! >= 0) row[id!] = String((nextId += 1));
    // A new application has no visits yet: the export's visit cells and complaint tail are blank.
    const visitsFrom = roster.at('last_visit_date');
    if (visitsFrom >= 0) row.splice(visitsFrom, row.length - visitsFrom, ...Array<string>(roster.header.length - 1 - visitsFrom).fill(''));
    return row;
  });
  roster.rows = [...roster.rows.filter((row) => !removed.has(row)), ...added];
  for (const row of roster.rows) if (row[fileDate!]) row[fileDate!] = rosterDate.text;

  // Care approvals: one Y/N flag of a license flipped; every row re-dated like a refreshed file.
  // Only licenses still on the roster on one clean row, with one approvals row, so each flip is logged.
  const asOf = approvals.at('AS_OF_DATE');
  const flags = CLEARANCE_COLUMNS.map(approvals.at);
  const approvalRowsOf = countBy(approvals.rows, approvalNumber);
  const yesOrNo = (row: string[], flag: number) => row[flag] === 'Y' || row[flag] === 'N';
  const kept = new Set(clean.filter((row) => !removed.has(row)).map((row) => Number(row[number!])));
  const flippable = rng.shuffle(
    approvals.rows.filter((row) => kept.has(approvalNumber(row)) && approvalRowsOf.get(approvalNumber(row)) === 1 && flags.some((flag) => yesOrNo(row, flag))),
  );
  for (const row of flippable.slice(0, clearancesFlipped)) {
    const flag = rng.pick(flags.filter((f) => yesOrNo(row, f)));
    row[flag] = row[flag] === 'Y' ? 'N' : 'Y';
  }
  for (const row of approvals.rows) if (row[asOf]) row[asOf] = approvalsDate.text;

  await writeTable(path.join(outDir, 'roster.csv'), roster);
  // The export states no date: the headers it was served with date it (as seeds/default/roster.csv.headers does).
  if (fileDate! < 0) {
    const served = new Date(`${rosterDate.iso}T14:00:00Z`).toUTCString();
    await writeFile(path.join(outDir, 'roster.csv.headers'), `HTTP/1.1 200 OK\r\nLast-Modified: ${served}\r\nDate: ${served}\r\n\r\n`);
  }
  await writeTable(path.join(outDir, 'approvals.csv'), approvals);
  return { rosterDate: rosterDate.iso, approvalsDate: approvalsDate.iso, changed: changed.length, removed: removed.size, added: added.length, clearancesFlipped: Math.min(clearancesFlipped, flippable.length) };
}

/**
 * The second run on `snapshotsDir` (after a first run of `profile` there): the profile with its
 * roster and approvals read from their later copy, through the real pipeline.
 */
export async function runOnLaterRoster(snapshotsDir: string, profile = 'state-scale', counts: RosterChanges = LATER_ROSTER_CHANGES): Promise<{ result: RunResult; roster: LaterRoster }> {
  const base = selectProfile(config, profile);
  if (!base.sources.approvals) throw new Error(`the ${profile} profile reads no approvals file: the later roster needs one`);
  const now = new Date();
  // The run's own date, as the pipeline works it out: the later files may not be dated after it.
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: base.timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
  const dir = await mkdtemp(path.join(os.tmpdir(), 'bench-later-roster-'));
  try {
    const roster = await mutateRoster({ roster: base.sources.roster, approvals: base.sources.approvals }, dir, today, counts);
    const sources = { ...base.sources, roster: path.join(dir, 'roster.csv'), approvals: path.join(dir, 'approvals.csv') };
    return { result: await runPipeline({ snapshotsDir, now, config: { ...base, sources } }), roster };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** How many rows a snapshot's change log holds. */
export function changeLogRows(snapshot: string): number {
  const db = new Database(snapshot, { readonly: true });
  try {
    return db.prepare('SELECT COUNT(*) FROM change_log').pluck().get() as number;
  } finally {
    db.close();
  }
}
