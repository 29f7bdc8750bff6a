// Each snapshot's listed homes as CSV (RFC 4180), and the Frictionless Data Package descriptor
// (datapackage.json) that says what each column is, with the attribution and the usage
// conditions as the licence. Both are read from the snapshot's own `listed_homes` view.
import Database from 'better-sqlite3';
import { LRUCache } from 'lru-cache';
import { termsMarkdown, attributionTextSnippet } from '../http/terms.ts';
import { DEMO_SENTENCE } from '../words/wording.ts';
import { rosterDateWords, SERVICE_NAME, STATE_SOURCE } from '../words/wording.ts';
import type { Overlay } from '../records/overlay.ts';
import { applyReviewsToFlat } from '../records/reviews.ts';
import type { Settings } from '../http/settings.ts';
import type { SnapshotDownload } from './catalog.ts';

const TRI_STATE = { type: 'string', constraints: { enum: ['true', 'false', 'not_on_file'] } };
const TRI_STATE_NOTE = 'true when the state record carries the approval; false or not_on_file otherwise. not_on_file means the record does not say: never read it as no.';

/** The columns of `listed_homes`, in order, as Table Schema fields. */
export const LISTED_HOME_FIELDS: ReadonlyArray<{ name: string; type: string; description: string; constraints?: object }> = [
  { name: 'license_number', type: 'string', description: 'The state license number (9 digits), the key of every record.', constraints: { required: true, unique: true, pattern: '^\\d{9}$' } },
  { name: 'licensed_name', type: 'string', description: 'The name on the license, verbatim.' },
  { name: 'name', type: 'string', description: 'The name the home goes by.' },
  { name: 'license_status', type: 'string', description: 'The roster status, verbatim.' },
  { name: 'street', type: 'string', description: 'Street address, verbatim.' },
  { name: 'city', type: 'string', description: 'City, verbatim.' },
  { name: 'county', type: 'string', description: 'County, verbatim.' },
  { name: 'zip', type: 'string', description: 'ZIP code (kept as text: leading zeros matter).' },
  { name: 'capacity', type: 'integer', description: 'Licensed beds; empty when not on file.' },
  { name: 'dementia', ...TRI_STATE, description: `Dementia care approval. ${TRI_STATE_NOTE}` },
  { name: 'hospice', ...TRI_STATE, description: `Hospice waiver. ${TRI_STATE_NOTE}` },
  { name: 'non_ambulatory', ...TRI_STATE, description: `Non-ambulatory approval (residents who cannot walk unaided). ${TRI_STATE_NOTE}` },
  { name: 'bedridden', ...TRI_STATE, description: `Bedridden waiver. ${TRI_STATE_NOTE}` },
  { name: 'alw_participation', type: 'string', constraints: { enum: ['true', 'not_on_file'] }, description: 'On the Assisted Living Waiver (Medi-Cal) list: true, or not_on_file (never no).' },
];

export const downloadName = {
  csv: (file: string) => file.replace(/\.sqlite$/, '.csv'),
  datapackage: (file: string) => file.replace(/\.sqlite$/, '.datapackage.json'),
};

/** Text a spreadsheet would run as a formula: its first character is one of = + - @, a tab or a carriage return. */
const FORMULA_START = /^[=+\-@\t\r]/;

/** Why a text cell starts with a `'` that the record does not have (the descriptor says it too). */
export const DEFUSED_NOTE =
  "A text value that starts with = + - @, a tab or a carriage return is written with a ' before it, so a spreadsheet shows it instead of running it as a formula (OWASP, CSV injection); the SQLite file has the value as the record does.";

/**
 * One CSV cell (RFC 4180). A text value a spreadsheet would evaluate is defused as OWASP describes:
 * a leading `'` and the cell quoted. Numbers are written as numbers.
 */
export function csvCell(value: unknown): string {
  if (value === null || value === undefined) return '';
  const text = typeof value === 'string' && FORMULA_START.test(value) ? `'${value}` : String(value);
  return /[",\r\n]/.test(text) || text !== String(value) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** CSV bodies kept per file and overlay version (a snapshot never changes; reviews do). */
const csvCache = new LRUCache<string, string>({ maxSize: 64 * 1024 * 1024, sizeCalculation: (text) => text.length || 1 });

/**
 * A clearance under correction review reads not_on_file here as on every other surface (spec
 * "Facility record" rule 2), so the CSV follows the overlay, not only the file.
 */
export function listedHomesCsv(download: SnapshotDownload, overlay: Overlay): string {
  const key = `${download.path}:${download.sha256}:${overlay.version}`;
  let text = csvCache.get(key);
  if (text === undefined) {
    const db = new Database(download.path, { readonly: true, fileMustExist: true });
    try {
      const names = LISTED_HOME_FIELDS.map((field) => field.name);
      const lines = [names.join(',')];
      for (const row of db.prepare(`SELECT ${names.join(', ')} FROM listed_homes`).iterate() as IterableIterator<Record<string, unknown>>) {
        applyReviewsToFlat(row, overlay.reviewsOf(row.license_number as string));
        lines.push(names.map((name) => csvCell(row[name])).join(','));
      }
      text = lines.join('\r\n') + '\r\n';
    } finally {
      db.close();
    }
    csvCache.set(key, text);
  }
  return text;
}

/** The usage conditions, as the terms page words them. */
function conditions(baseUrl: string, budgets: Pick<Settings, 'rateLimits' | 'mcp'>): string {
  const terms = termsMarkdown(baseUrl, budgets);
  const start = terms.indexOf('## The four conditions');
  const end = terms.indexOf('\n## ', start + 1);
  return terms.slice(start, end === -1 ? undefined : end).replace(/^## [^\n]*\n+/, '').trim();
}

export function dataPackage(baseUrl: string, budgets: Pick<Settings, 'rateLimits' | 'mcp'>, download: SnapshotDownload): object {
  const date = download.snapshot_date ?? 'unknown date';
  const demo = download.demo_data ? `${DEMO_SENTENCE} ` : '';
  return {
    profile: 'tabular-data-package',
    name: download.file.replace(/\.sqlite$/, '').toLowerCase().replace(/[^a-z0-9._-]/g, '-'),
    title: `${download.demo_data ? 'Demo data (invented homes): ' : ''}Licensed residential care homes for the elderly in California, snapshot of ${date}`,
    description:
      demo +
      `The homes a list shows (LICENSED, LICENSED/PENDING INCREASE, probationary) in ${SERVICE_NAME}'s snapshot ${download.file}, ` +
      `alphabetical by name then license number. Facts ${rosterDateWords(download.roster_as_of, download.roster_shape).per}. The whole snapshot (every license, ` +
      'the change log, sources, rejected rows) is the SQLite file. Nothing is ranked; open beds are never in this data.',
    homepage: `${baseUrl}/data`,
    created: download.last_modified,
    version: download.run_id ?? download.file,
    demo_data: download.demo_data,
    sources: [{ title: STATE_SOURCE, path: 'https://www.ccld.dss.ca.gov/carefacilitysearch/' }],
    contributors: [{ title: SERVICE_NAME, path: baseUrl, role: 'publisher' }],
    licenses: [{ name: 'covelight-terms', title: `${SERVICE_NAME} terms of use: free, including commercial use, with attribution`, path: `${baseUrl}/terms` }],
    attribution: attributionTextSnippet(baseUrl),
    usage_conditions: conditions(baseUrl, budgets),
    resources: [
      {
        name: 'listed_homes',
        path: `${baseUrl}/data/${downloadName.csv(download.file)}`,
        profile: 'tabular-data-resource',
        format: 'csv',
        mediatype: 'text/csv',
        encoding: 'utf-8',
        dialect: { delimiter: ',', lineTerminator: '\r\n', header: true, doubleQuote: true, quoteChar: '"' },
        description: DEFUSED_NOTE,
        schema: { fields: LISTED_HOME_FIELDS, primaryKey: ['license_number'], missingValues: [''] },
      },
      {
        name: 'snapshot',
        path: `${baseUrl}/data/${download.file}`,
        format: 'sqlite',
        mediatype: 'application/vnd.sqlite3',
        bytes: download.bytes,
        hash: `sha256:${download.sha256}`,
        description: 'The whole snapshot as SQLite; `SELECT * FROM about;` says what each table and view holds.',
      },
    ],
  };
}
