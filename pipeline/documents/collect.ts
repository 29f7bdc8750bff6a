// Reading one home's state documents into the document store, and reading back what the store
// holds for a run to publish. One rule says what a home needs (`homeNeeds`): its detail (the live
// status) once its last check is detailMaxAgeDays old, or when its visits changed; its index when
// what it was last read for changed (the export's visit dates, else the detail's fingerprint) or
// when a report it lists is not stored; a report's page only when its ref is not yet stored, and
// only by the position of an index read in the same pass (positions shift when the state adds a
// report). Two drivers use it: the crawler (crawl/, the state's site, politely, all day: the detail
// and index of every listed home before their report pages) and a demo profile's run, whose
// document templates are local files (each home read whole). A home whose request fails keeps its
// last good data with its own dates and waits for a later pass.
import { createHash, hash } from 'node:crypto';
import pLimit from 'p-limit';
import type { DocumentStore, FacilityState, FetchProblem } from './store.ts';

export type { FetchProblem };
import { parseDetail, parseIndex, type DocumentIndex, type FacilityDetail, type IndexEntry } from './state-api.ts';
import { transcribeReport } from './transcribe.ts';

export interface DocumentTemplates {
  /** `{license}` is replaced by the 9-digit license number. */
  detail: string;
  index: string;
  /** `{license}` and `{inx}` (the report's position in the index's REPORTARRAY, from 0). */
  report: string;
}

export interface ReportListing {
  ref: string;
  position: number;
  control_number: string | null;
  date: string | null;
  type: string | null;
  title: string | null;
}

export interface FacilityDocuments {
  detail: FacilityDetail | null;
  detailCheckedOn: string | null;
  /** The instant the detail was read (ISO 8601); null when unknown (a store from before instants were kept). */
  detailCheckedAt: string | null;
  /** The document index's count (its entries are in `reports`); null when no index was ever read. */
  indexCount: number | null;
  indexFetchedOn: string | null;
  reports: ReportListing[];
}

export interface CollectStats {
  details_fetched: number;
  /** Details not read: checked within detailMaxAgeDays, visits unchanged. */
  details_reused: number;
  indexes_fetched: number;
  indexes_reused: number;
  reports_fetched: number;
  reports_already_stored: number;
  /** Document requests made (a request's retries aside). */
  requests: number;
  /** Homes whose documents are as fresh as the rules ask after this pass. */
  homes_current: number;
  /** Homes that keep their last good documents until a later pass: a request failed or was not made. */
  homes_waiting: number;
}

export function emptyStats(): CollectStats {
  return { details_fetched: 0, details_reused: 0, indexes_fetched: 0, indexes_reused: 0, reports_fetched: 0, reports_already_stored: 0, requests: 0, homes_current: 0, homes_waiting: 0 };
}

/** One license to read, with the export's visit dates for it (sorted ISO dates joined by ','); null or absent: the roster carries none. */
export interface DocumentHome {
  license: string;
  visitDates?: string | null;
  /** The export and the live record disagree and the export's reading is newer: the detail is due while its last check is older than this instant. */
  recheckAfter?: string | null;
}

const TYPE_CODES: Record<string, string> = { inspection: 'I', complaint: 'C', other: 'O' };

/**
 * `doc:<license>-<YYYYMMDD>-<type>-<control number, or a short hash of the title>`: built from what
 * the state lists about a document, so it stays the same from run to run. Same-day twins get -2, -3.
 */
export function documentRefs(license: string, entries: readonly IndexEntry[]): string[] {
  const seen = new Map<string, number>();
  return entries.map((entry) => {
    const type = TYPE_CODES[(entry.type ?? '').toLowerCase()] ?? 'X';
    const key = entry.controlNumber ?? hash('sha1', entry.title ?? '').slice(0, 8);
    const base = `doc:${license}-${(entry.date ?? '00000000').replace(/-/g, '')}-${type}-${key}`;
    const count = (seen.get(base) ?? 0) + 1;
    seen.set(base, count);
    return count === 1 ? base : `${base}-${count}`;
  });
}

/** Newest first; the state's own order breaks ties. Each with the page its HTML is fetched by. */
function listings(license: string, index: DocumentIndex): Array<ReportListing & { page: number }> {
  const refs = documentRefs(license, index.entries);
  return index.entries
    .map((entry, order) => ({ entry, order, ref: refs[order]! }))
    .sort((a, b) => (b.entry.date ?? '').localeCompare(a.entry.date ?? '') || a.order - b.order)
    .map(({ entry, ref }, position) => ({ ref, position, control_number: entry.controlNumber, date: entry.date, type: entry.type, title: entry.title, page: entry.page }));
}

/** When a home's documents count as due. */
export interface ReadRules {
  /** A detail is read again once this many days old; 0: on every pass. */
  detailMaxAgeDays: number;
  /** Report pages dated before this ISO date wait for a pass that reads older years; null: every page is due. */
  reportsFrom: string | null;
  /** False: this pass reads the detail and index only, and report pages wait for their own pass (absent: true). */
  reportPages?: boolean;
}

/** What a home needs read, by the one rule both drivers and the crawler's frontier follow. */
export interface HomeNeeds {
  neverRead: boolean;
  detail: boolean;
  /** The export's visit dates differ from what the stored index was read for. */
  visitsChanged: boolean;
  index: boolean;
  /** Listed report pages not stored, within `reportsFrom`; and older ones. */
  missingReports: number;
  missingOlderReports: number;
  /** When the detail was last read (an instant where known, else the day), for oldest-first re-checks. */
  checkedAt: string | null;
  /** The export's newer reading disagrees with the live status read before it: the detail is read first. */
  disputed: boolean;
}

const parsedIndex = (state: FacilityState | undefined) => (state?.index_json ? (JSON.parse(state.index_json) as DocumentIndex) : null);
const parsedDetail = (state: FacilityState | undefined) => (state?.detail_json ? (JSON.parse(state.detail_json) as FacilityDetail) : null);

export function homeNeeds(home: DocumentHome, state: FacilityState | undefined, knownRefs: ReadonlyMap<string, string>, rules: ReadRules, now: Date): HomeNeeds {
  const visitDates = home.visitDates ?? null;
  const detail = parsedDetail(state);
  const checkedAt = state?.detail_checked_at ?? state?.detail_fetched_on ?? null;
  const visitsChanged = visitDates !== null && state?.index_json != null && visitDates !== state.index_basis;
  const ageDays = checkedAt ? (now.getTime() - Date.parse(checkedAt)) / 86_400_000 : Infinity;
  const disputed = !!detail && !!home.recheckAfter && (checkedAt === null || Date.parse(checkedAt) < Date.parse(home.recheckAfter));
  // A new visit asks the live status again, unless the stored detail already shows it (read after
  // the visit, its index lost to a kill or an outage); a lost index alone asks only the index.
  const newestVisit = visitDates?.split(',').sort().at(-1) ?? null;
  const detailShowsVisit = newestVisit !== null && detail?.lastVisitDate != null && detail.lastVisitDate >= newestVisit;
  const detailDue = disputed || !detail || checkedAt === null || (visitsChanged && !detailShowsVisit) || rules.detailMaxAgeDays <= 0 || ageDays >= rules.detailMaxAgeDays;
  const index = parsedIndex(state);
  let missingReports = 0;
  let missingOlderReports = 0;
  if (index) {
    for (const report of listings(home.license, index)) {
      if (knownRefs.has(report.ref)) continue;
      if (rules.reportsFrom !== null && report.date !== null && report.date < rules.reportsFrom) missingOlderReports += 1;
      else missingReports += 1;
    }
  }
  const basis = visitDates ?? (detail ? `detail:${detail.fingerprint}` : null);
  return {
    neverRead: !state?.detail_json && !state?.index_json,
    detail: detailDue,
    visitsChanged,
    index: !index || basis !== (state?.index_basis ?? null),
    missingReports,
    missingOlderReports,
    checkedAt,
    disputed,
  };
}

/** What a pass over homes shares: where documents are, how one is read, where it is kept. */
export interface ReadContext {
  templates: DocumentTemplates;
  /** One request's body (of the document named: its size cap is by kind); throws when it fails (the home then waits). */
  read: (location: string, endpoint: FetchProblem['endpoint']) => Promise<string>;
  store: DocumentStore;
  /** The day (in the pipeline's time zone) and the instant a read is dated by. */
  today: () => string;
  now: () => Date;
  /** Every report ref stored, with the day an index last listed it; updated as pages are stored. */
  knownRefs: Map<string, string>;
  rules: ReadRules;
  stats: CollectStats;
  problems: FetchProblem[];
  /** Whether one more request may be made (false once the crawler is stopping); absent: always. */
  mayAsk?: () => boolean;
  /** A failure that is not the endpoint's (the crawler paused a host that is down): the home waits, nothing is reported. */
  notTheEndpoints?: (error: unknown) => boolean;
}

const message = (error: unknown) => (error as Error)?.message ?? String(error);
const fill = (template: string, license: string, inx = '') => template.replaceAll('{license}', license).replaceAll('{inx}', inx);

/** Reads what one home needs into the store, and says what it now holds and whether it still waits. */
export async function readHome(home: DocumentHome, previous: FacilityState | undefined, context: ReadContext): Promise<{ documents: FacilityDocuments; waiting: boolean }> {
  const { templates, read, store, knownRefs, stats, problems } = context;
  const license = home.license;
  const today = context.today();
  let waiting = false;
  const needs = homeNeeds(home, previous, knownRefs, context.rules, context.now());
  /** One request's body, or null when it was not made or failed (reported): the license then waits. */
  const fetchBody = async (endpoint: FetchProblem['endpoint'], location: string, keptFrom: string | null, label = ''): Promise<string | null> => {
    if (context.mayAsk && !context.mayAsk()) {
      waiting = true;
      return null;
    }
    stats.requests += 1;
    try {
      return await read(location, endpoint);
    } catch (error) {
      waiting = true;
      // A paused host is not the endpoint's failure: the license just waits.
      if (!context.notTheEndpoints?.(error)) problems.push({ license_number: license, endpoint, problem: `${label}${message(error)}`, kept_from: keptFrom });
      return null;
    }
  };

  // The store holds what an earlier pass already validated and normalized: read it back as it is.
  let detail = parsedDetail(previous);
  let detailCheckedOn = previous?.detail_fetched_on ?? null;
  let detailCheckedAt = previous?.detail_checked_at ?? null;
  const visitDates = home.visitDates ?? null;
  if (needs.detail) {
    const body = await fetchBody('detail', fill(templates.detail, license), detailCheckedOn);
    if (body !== null) {
      try {
        const fresh = parseDetail(body, license);
        detailCheckedAt = context.now().toISOString();
        store.saveDetail(license, JSON.stringify(fresh), today, detailCheckedAt);
        detail = fresh;
        detailCheckedOn = today;
        stats.details_fetched += 1;
      } catch (error) {
        waiting = true;
        problems.push({ license_number: license, endpoint: 'detail', problem: message(error), kept_from: detailCheckedOn });
      }
    }
  } else {
    stats.details_reused += 1;
  }

  let index = parsedIndex(previous);
  let indexFetchedOn = previous?.index_fetched_on ?? null;
  // What the index is read for: the export's visit dates, else the detail as last read.
  const basis = visitDates ?? (detail ? `detail:${detail.fingerprint}` : null);
  let listed = index ? listings(license, index) : [];
  let indexRead = false;
  if (needs.index || basis !== (previous?.index_basis ?? null)) {
    const body = await fetchBody('index', fill(templates.index, license), indexFetchedOn);
    let fresh: DocumentIndex | null = null;
    if (body !== null) {
      try {
        fresh = parseIndex(body, license);
      } catch (error) {
        waiting = true;
        problems.push({ license_number: license, endpoint: 'index', problem: message(error), kept_from: indexFetchedOn });
      }
    }
    if (fresh) {
      index = fresh;
      indexFetchedOn = today;
      store.saveIndex(license, JSON.stringify(index), today, basis);
      stats.indexes_fetched += 1;
      listed = listings(license, index);
      indexRead = true;
    }
  } else {
    stats.indexes_reused += 1;
  }
  // Report pages are asked by position: of the index just read, or of the stored one while what it
  // was read for stands (the state adds a report only with a visit, which changes that). Older
  // years may wait for their own pass.
  if (indexRead) stats.reports_already_stored += listed.filter((report) => knownRefs.has(report.ref)).length;
  if (index && context.rules.reportPages !== false && (indexRead || basis === (previous?.index_basis ?? null))) {
    const { reportsFrom } = context.rules;
    for (const report of listed) {
      if (knownRefs.has(report.ref)) continue;
      if (reportsFrom !== null && report.date !== null && report.date < reportsFrom) continue;
      const html = await fetchBody('report', fill(templates.report, license, String(report.page)), null, `${report.ref}: `);
      if (html === null) continue;
      // A PDF or other non-HTML answer is kept as a document with no text, never parsed as a page.
      const transcript = transcribeReport(html);
      store.saveDocument(
        {
          ref: report.ref,
          license_number: license,
          control_number: report.control_number,
          date: report.date,
          type: report.type,
          title: report.title,
          text: transcript.text ?? '',
          citations: transcript.citations,
          html_sha256: createHash('sha256').update(html).digest('hex'),
        },
        today,
      );
      knownRefs.set(report.ref, today);
      stats.reports_fetched += 1;
    }
  }
  if (indexRead) {
    // Only refs stored before today and last listed before today change.
    store.markListed(listed.flatMap((r) => ((knownRefs.get(r.ref) ?? today) < today ? [r.ref] : [])), today);
    for (const report of listed) if (knownRefs.has(report.ref)) knownRefs.set(report.ref, today);
  }
  const reports = listed.map(({ page: _page, ...report }) => report);
  return { documents: { detail, detailCheckedOn, detailCheckedAt, indexCount: index ? index.count : null, indexFetchedOn, reports }, waiting };
}

/**
 * Every home read in one pass (a demo profile's local document files): licenses never checked
 * first, then the longest unchecked.
 */
export async function collectStateDocuments(inputs: {
  homes: readonly DocumentHome[];
  templates: DocumentTemplates;
  read: (location: string) => Promise<string>;
  store: DocumentStore;
  today: string;
  /** The instant reads are dated by (default: the clock). */
  now?: () => Date;
  /** Licenses handled at once. */
  concurrency: number;
  detailMaxAgeDays?: number;
  /** Once aborted, licenses not yet started are skipped (the run is failing for another reason). */
  signal?: AbortSignal;
}): Promise<{ byLicense: Map<string, FacilityDocuments>; problems: FetchProblem[]; stats: CollectStats }> {
  const states = inputs.store.allFacilityStates();
  const context: ReadContext = {
    templates: inputs.templates,
    read: inputs.read,
    store: inputs.store,
    today: () => inputs.today,
    now: inputs.now ?? (() => new Date()),
    knownRefs: inputs.store.allListedOn(),
    rules: { detailMaxAgeDays: inputs.detailMaxAgeDays ?? 0, reportsFrom: null },
    stats: emptyStats(),
    problems: [],
  };
  const byLicense = new Map<string, FacilityDocuments>();
  const order = inputs.homes
    .map((home, position) => ({ home, position, checked: states.get(home.license)?.detail_fetched_on ?? '' }))
    .sort((a, b) => a.checked.localeCompare(b.checked) || a.position - b.position)
    .map(({ home }) => home);
  const limit = pLimit(inputs.concurrency);
  await Promise.all(
    order.map((home) =>
      limit(async () => {
        if (inputs.signal?.aborted) return;
        const previous = states.get(home.license);
        // Each license is handled once: what it needs of the store is read, and the rest let go.
        states.delete(home.license);
        const { documents, waiting } = await readHome(home, previous, context);
        if (waiting) context.stats.homes_waiting += 1;
        else context.stats.homes_current += 1;
        byLicense.set(home.license, documents);
      }),
    ),
  );
  return { byLicense, problems: context.problems, stats: context.stats };
}

/** What the store holds for each license, as a run publishes it: no request is made. */
export function storedDocuments(store: DocumentStore, licenses: ReadonlySet<string>): Map<string, FacilityDocuments> {
  const byLicense = new Map<string, FacilityDocuments>();
  // Row by row: only what is published of each state is kept, never every stored JSON text at once.
  for (const [license, state] of store.eachFacilityState()) {
    if (!licenses.has(license)) continue;
    const index = parsedIndex(state);
    byLicense.set(license, {
      detail: parsedDetail(state),
      detailCheckedOn: state.detail_fetched_on,
      detailCheckedAt: state.detail_checked_at,
      indexCount: index ? index.count : null,
      indexFetchedOn: state.index_fetched_on,
      reports: index ? listings(license, index).map(({ page: _page, ...report }) => report) : [],
    });
  }
  return byLicense;
}
