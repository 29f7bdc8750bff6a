// The keys the serving benchmarks ask for, the way real clients call: every listed home of the
// snapshot in a seeded random order, list filters that vary (county pages, cities, needs), and
// 100-home check bodies drawn from the same shuffled homes (half license numbers, half names),
// and change-feed filters (since dates, counties, kinds, fields, pages) over the snapshot's log.
// Each request carries its key, so the baselines answer it with the bytes recorded for it.
import Database from 'better-sqlite3';
import { CHANGE_KINDS, type ChangeKind } from '../../contract/changes.ts';
import { NEED_KEYS } from '../../contract/facts.ts';
import { Rng } from '../../seeds/prng.ts';

/** The fewest distinct listed homes a serving cell may draw from. */
export const MIN_DISTINCT_HOMES = 2_000;
export const LIST_LIMIT = 50;
const CHECK_BODIES = 100;
const CHECK_HOMES = 100;
/** The fewest distinct change-feed queries a serving cell may draw from. */
export const MIN_CHANGE_QUERIES = 300;
/** Pages per change-feed filter: the first pages are what readers and feed pollers read. */
const CHANGE_PAGES = 4;

export interface KeyedRequest {
  key: string;
  method: 'GET' | 'POST';
  path: string;
  body?: string;
  headers?: Record<string, string>;
}

export interface RequestsFile {
  requests: KeyedRequest[];
  /** Sent first by each connection (e.g. the 2025 initialize handshake). */
  opening?: KeyedRequest[];
}

export interface ListFilter {
  county?: string;
  city?: string;
  needs?: string[];
  offset: number;
}

export interface ChangeFeedFilter {
  since?: string;
  county?: string;
  kind?: ChangeKind;
  field?: string;
  offset: number;
}

export interface BenchKeys {
  /** Every listed license, shuffled. */
  licenses: string[];
  filters: ListFilter[];
  /** How many distinct listed homes the filters' pages hold. */
  filterHomes: number;
  /** Check inputs: license numbers and names, CHECK_HOMES a body. */
  checks: string[][];
  /** How many distinct listed homes the check bodies name. */
  checkHomes: number;
  changes: ChangeFeedFilter[];
  /** How many distinct licenses the change-feed pages name. */
  changeHomes: number;
}

export function benchKeys(snapshot: string): BenchKeys {
  const rng = new Rng('bench keys');
  const db = new Database(snapshot, { readonly: true });
  try {
    const homes = rng.shuffle(db.prepare('SELECT license_number, name FROM facilities WHERE listed = 1').all() as Array<{ license_number: string; name: string }>);
    if (homes.length < MIN_DISTINCT_HOMES) throw new Error(`the snapshot lists ${homes.length} homes; the benchmarks need at least ${MIN_DISTINCT_HOMES} (use the state-scale profile)`);

    const page = db.prepare('SELECT license_number FROM facilities WHERE listed = 1 AND county = ? ORDER BY sort_key, license_number LIMIT ? OFFSET ?').pluck();
    const counties = db.prepare('SELECT county, COUNT(*) AS homes FROM facilities WHERE listed = 1 AND county IS NOT NULL GROUP BY county').all() as Array<{ county: string; homes: number }>;
    const cities = db.prepare('SELECT city FROM facilities WHERE listed = 1 AND city IS NOT NULL GROUP BY city HAVING COUNT(*) >= 20').pluck().all() as string[];
    const filters: ListFilter[] = [];
    const onPages = new Set<string>();
    for (const { county, homes: count } of counties) {
      // Up to six pages per county: the first pages are what families read.
      for (let offset = 0; offset < count && offset < 6 * LIST_LIMIT; offset += LIST_LIMIT) {
        filters.push({ county, offset });
        for (const license of page.all(county, LIST_LIMIT, offset) as string[]) onPages.add(license);
      }
    }
    for (const city of cities) filters.push({ city, offset: 0 });
    for (const { county } of counties.filter((c) => c.homes >= 200)) for (const need of NEED_KEYS) filters.push({ county, needs: [need], offset: 0 });

    const checks: string[][] = [];
    const named = new Set<string>();
    for (let body = 0; body < CHECK_BODIES; body += 1) {
      const inputs: string[] = [];
      for (let i = 0; i < CHECK_HOMES; i += 1) {
        const home = homes[(body * CHECK_HOMES + i) % homes.length]!;
        named.add(home.license_number);
        inputs.push(i % 2 ? home.license_number : home.name);
      }
      checks.push(inputs);
    }
    const changes = changeFeedFilters(db);
    return {
      licenses: homes.map((home) => home.license_number),
      filters: rng.shuffle(filters),
      filterHomes: onPages.size,
      checks,
      checkHomes: named.size,
      changes: rng.shuffle(changes.filters),
      changeHomes: changes.homes,
    };
  } finally {
    db.close();
  }
}

/**
 * Change-feed filters over the snapshot's log: each combination of a since date (none, each
 * source date in the log, and three days before each), a county (none or each in the log), and a
 * kind and field (none or each; a field only with `changed` or no kind) that matches rows, with
 * its first pages.
 */
function changeFeedFilters(db: Database.Database): { filters: ChangeFeedFilter[]; homes: number } {
  const tooFew = (queries: number) =>
    new Error(`the snapshot's change log gives ${queries} distinct change-feed queries; the benchmarks need at least ${MIN_CHANGE_QUERIES} (a state-scale snapshot after a second, later run)`);
  if (db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'change_log'").get() === undefined) throw tooFew(0);
  const dates = db.prepare('SELECT DISTINCT observed_on FROM change_log WHERE observed_on IS NOT NULL ORDER BY 1').pluck().all() as string[];
  const daysBefore = (date: string, days: number) => new Date(Date.parse(`${date}T00:00:00Z`) - days * 86_400_000).toISOString().slice(0, 10);
  const sinces = [undefined, ...new Set(dates.flatMap((date) => [date, daysBefore(date, 3)]))];
  const counties = db.prepare('SELECT county_key AS key, MIN(county) AS name FROM change_log WHERE county_key IS NOT NULL GROUP BY county_key').all() as Array<{ key: string; name: string }>;
  const fields = db.prepare('SELECT DISTINCT field FROM change_log WHERE field IS NOT NULL ORDER BY 1').pluck().all() as string[];
  const kindFields: Array<{ kind?: ChangeKind; field?: string }> = [
    {},
    ...CHANGE_KINDS.map((kind) => ({ kind })),
    ...fields.flatMap((field) => [{ field }, { kind: 'changed' as const, field }]),
  ];

  const column: Record<string, string> = { since: 'observed_on >=', county: 'county_key =', kind: 'change =', field: 'field =' };
  const statements = new Map<string, { count: Database.Statement; page: Database.Statement }>();
  const filters: ChangeFeedFilter[] = [];
  const onPages = new Set<string>();
  for (const since of sinces) {
    for (const county of [undefined, ...counties]) {
      for (const { kind, field } of kindFields) {
        const params = Object.fromEntries(Object.entries({ since, county: county?.key, kind, field }).filter(([, value]) => value !== undefined));
        const where = Object.keys(params).map((name) => `${column[name]} @${name}`).join(' AND ');
        let statement = statements.get(where);
        if (!statement) {
          const condition = where ? `WHERE ${where}` : '';
          // The server's order (serve/records/changes.ts), so the pages name the licenses it sends.
          statement = {
            count: db.prepare(`SELECT COUNT(*) FROM change_log ${condition}`).pluck(),
            page: db.prepare(`SELECT license_number FROM change_log ${condition} ORDER BY run_seq DESC, sort_key, license_number, field LIMIT @limit OFFSET @offset`).pluck(),
          };
          statements.set(where, statement);
        }
        const total = statement.count.get(params) as number;
        for (let offset = 0; offset < total && offset < CHANGE_PAGES * LIST_LIMIT; offset += LIST_LIMIT) {
          filters.push({ since, county: county?.name, kind, field, offset });
          for (const license of statement.page.all({ ...params, limit: LIST_LIMIT, offset }) as string[]) onPages.add(license);
        }
      }
    }
  }
  if (filters.length < MIN_CHANGE_QUERIES) throw tooFew(filters.length);
  return { filters, homes: onPages.size };
}

export function listQuery(filter: ListFilter): string {
  const query = new URLSearchParams();
  if (filter.county) query.set('county', filter.county);
  if (filter.city) query.set('city', filter.city);
  if (filter.needs) query.set('needs', filter.needs.join(','));
  query.set('limit', String(LIST_LIMIT));
  query.set('offset', String(filter.offset));
  return query.toString();
}

export const restDetail = (licenses: string[]): KeyedRequest[] => licenses.map((license) => ({ key: `detail ${license}`, method: 'GET', path: `/api/v1/facilities/${license}` }));

export const restList = (filters: ListFilter[]): KeyedRequest[] =>
  filters.map((filter) => {
    const query = listQuery(filter);
    return { key: `list ${query}`, method: 'GET', path: `/api/v1/facilities?${query}` };
  });

export function changesQuery(filter: ChangeFeedFilter): string {
  const query = new URLSearchParams();
  for (const name of ['since', 'county', 'kind', 'field'] as const) if (filter[name] !== undefined) query.set(name, filter[name]);
  query.set('limit', String(LIST_LIMIT));
  query.set('offset', String(filter.offset));
  return query.toString();
}

export const restChanges = (filters: ChangeFeedFilter[]): KeyedRequest[] =>
  filters.map((filter) => {
    const query = changesQuery(filter);
    return { key: `changes ${query}`, method: 'GET', path: `/api/v1/changes?${query}` };
  });

export const restCheck = (checks: string[][]): KeyedRequest[] => checks.map((homes, index) => ({ key: `check ${index}`, method: 'POST', path: '/api/v1/check', body: JSON.stringify({ homes }) }));

export type McpEra = '2026-07-28' | '2025-11-25';

const CLIENT = { name: 'bench', version: '1' };

/** A tools/call in either era: 2026-07-28 with its _meta envelope, 2025-11-25 after initialize. */
export function mcpToolCall(era: McpEra, key: string, name: string, args: Record<string, unknown>): KeyedRequest {
  const meta =
    era === '2026-07-28'
      ? { _meta: { 'io.modelcontextprotocol/protocolVersion': era, 'io.modelcontextprotocol/clientCapabilities': {}, 'io.modelcontextprotocol/clientInfo': CLIENT } }
      : {};
  return {
    key,
    method: 'POST',
    path: '/mcp',
    // "__ID__": every message gets its own id, so no two are alike.
    body: JSON.stringify({ jsonrpc: '2.0', id: '__ID__', method: 'tools/call', params: { name, arguments: args, ...meta } }),
    headers: { accept: 'application/json, text/event-stream', 'mcp-protocol-version': era, 'mcp-method': 'tools/call', 'mcp-name': name },
  };
}

/** What a 2025-era client sends before its calls: initialize, then the initialized notification. */
export function mcpOpening(era: McpEra): KeyedRequest[] {
  if (era === '2026-07-28') return [];
  const headers = { accept: 'application/json, text/event-stream' };
  return [
    { key: 'initialize', method: 'POST', path: '/mcp', headers, body: JSON.stringify({ jsonrpc: '2.0', id: '__ID__', method: 'initialize', params: { protocolVersion: era, capabilities: {}, clientInfo: CLIENT } }) },
    { key: 'initialized', method: 'POST', path: '/mcp', headers: { ...headers, 'mcp-protocol-version': era }, body: JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' }) },
  ];
}

export function findHomesArgs(filter: ListFilter): Record<string, unknown> {
  return { ...(filter.county ? { county: filter.county } : {}), ...(filter.city ? { city: filter.city } : {}), ...(filter.needs ? { needs: filter.needs } : {}), limit: LIST_LIMIT, offset: filter.offset };
}
