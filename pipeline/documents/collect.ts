// State documents, fetched incrementally and within a budget. A license's index (and its new
// reports) is read only when what it was last read for changed: the export's visit dates for the
// license, or, when the roster carries none, the detail's fingerprint. Its detail (the live status)
// is read once its last check is detailMaxAgeDays old (0: every run), or when its visits changed. A
// report's page only when its ref is not yet stored, and only by the position of an index read in
// the same run (positions shift when the state adds a report). When the run's budget of requests or
// its documents deadline is spent, every license not finished keeps its last good data with its own
// dates and waits for a later run; an endpoint that fails does the same, and the failure is reported.
import { createHash, hash } from 'node:crypto';
import pLimit from 'p-limit';
import type { DocumentStore } from './store.ts';
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
  /** The document index's count (its entries are in `reports`); null when no index was ever read. */
  indexCount: number | null;
  indexFetchedOn: string | null;
  reports: ReportListing[];
}

export interface FetchProblem {
  license_number: string;
  endpoint: 'detail' | 'index' | 'report';
  problem: string;
  kept_from: string | null;
}

export interface CollectStats {
  details_fetched: number;
  /** Details not read this run: checked within detailMaxAgeDays, visits unchanged. */
  details_reused: number;
  indexes_fetched: number;
  indexes_reused: number;
  reports_fetched: number;
  reports_already_stored: number;
  /** Document requests made (a request's retries aside). */
  requests: number;
  /** Homes whose documents are as fresh as the rules ask after this run. */
  homes_current: number;
  /** Homes that keep their last good documents until a later run: budget or deadline spent, or an endpoint failed. */
  homes_waiting: number;
  /** What ended the fetching early, if anything. */
  stopped_by: 'budget' | 'deadline' | null;
}

/** One license to collect, with the export's visit dates for it (sorted ISO dates joined by ','); null or absent: the roster carries none. */
export interface DocumentHome {
  license: string;
  visitDates?: string | null;
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

export async function collectStateDocuments(inputs: {
  homes: readonly DocumentHome[];
  templates: DocumentTemplates;
  /** `deadline`: the documents' own deadline, which ends a request in flight. */
  read: (location: string, deadline?: AbortSignal) => Promise<string>;
  store: DocumentStore;
  today: string;
  /** Licenses handled at once; the HTTP client bounds the requests in flight on its own. */
  concurrency: number;
  /** A detail is read again once this many days old; 0 (the default): every run. */
  detailMaxAgeDays?: number;
  /** Requests this run may make; null or absent: no limit. */
  requestBudget?: number | null;
  /** Once aborted, no further request is made and those in flight end: the run publishes with what it has. */
  deadline?: AbortSignal;
  /** Once aborted, licenses not yet started are skipped (the run is failing for another reason). */
  signal?: AbortSignal;
}): Promise<{ byLicense: Map<string, FacilityDocuments>; problems: FetchProblem[]; stats: CollectStats }> {
  const { templates, read, store, today, deadline } = inputs;
  const maxAgeDays = inputs.detailMaxAgeDays ?? 0;
  const byLicense = new Map<string, FacilityDocuments>();
  const problems: FetchProblem[] = [];
  const stats: CollectStats = {
    details_fetched: 0, details_reused: 0, indexes_fetched: 0, indexes_reused: 0, reports_fetched: 0, reports_already_stored: 0,
    requests: 0, homes_current: 0, homes_waiting: 0, stopped_by: null,
  };
  const fill = (template: string, license: string, inx = '') => template.replaceAll('{license}', license).replaceAll('{inx}', inx);
  const message = (error: unknown) => (error as Error)?.message ?? String(error);
  const ageInDays = (on: string) => (Date.parse(today) - Date.parse(on)) / 86_400_000;
  let remaining = inputs.requestBudget ?? Infinity;

  // Read once up front: what earlier runs stored for every license, and every report already held.
  const states = store.allFacilityStates();
  const knownRefs = store.allListedOn();

  /** Whether one more request may be made; when not, says why for the report. */
  function mayAsk(): boolean {
    if (deadline?.aborted) stats.stopped_by ??= 'deadline';
    else if (remaining <= 0) stats.stopped_by ??= 'budget';
    else {
      remaining -= 1;
      stats.requests += 1;
      return true;
    }
    return false;
  }

  async function collect(home: DocumentHome): Promise<void> {
    if (inputs.signal?.aborted) return;
    const license = home.license;
    const previous = states.get(license);
    // Each license is handled once: what it needs of the store is read, and the rest let go.
    states.delete(license);
    let waiting = false;
    /** One request's body, or null when it was not made (budget, deadline) or failed (reported): the license then waits. */
    const fetchBody = async (endpoint: FetchProblem['endpoint'], location: string, keptFrom: string | null, label = ''): Promise<string | null> => {
      if (!mayAsk()) {
        waiting = true;
        return null;
      }
      try {
        return await read(location, deadline);
      } catch (error) {
        waiting = true;
        // Ended by the documents' deadline: not the endpoint's failure, the license just waits.
        if (deadline?.aborted) stats.stopped_by ??= 'deadline';
        else problems.push({ license_number: license, endpoint, problem: `${label}${message(error)}`, kept_from: keptFrom });
        return null;
      }
    };

    // The store holds what an earlier run already validated and normalized: read it back as it is.
    let detail = previous?.detail_json ? (JSON.parse(previous.detail_json) as FacilityDetail) : null;
    let detailCheckedOn = previous?.detail_fetched_on ?? null;
    const visitDates = home.visitDates ?? null;
    const visitsChanged = visitDates !== null && visitDates !== previous?.index_basis;
    if (!detail || !detailCheckedOn || visitsChanged || maxAgeDays <= 0 || ageInDays(detailCheckedOn) >= maxAgeDays) {
      const body = await fetchBody('detail', fill(templates.detail, license), detailCheckedOn);
      if (body !== null) {
        try {
          const fresh = parseDetail(body, license);
          const json = JSON.stringify(fresh);
          // Already stored as it is, checked today (a second run the same day): nothing to write.
          if (json !== previous?.detail_json || previous.detail_fetched_on !== today) store.saveDetail(license, json, today);
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

    let index = previous?.index_json ? (JSON.parse(previous.index_json) as DocumentIndex) : null;
    let indexFetchedOn = previous?.index_fetched_on ?? null;
    // What the index is read for: the export's visit dates, else the detail as last read.
    const basis = visitDates ?? (detail ? `detail:${detail.fingerprint}` : null);
    const stored = index ? listings(license, index) : [];
    const reportsMissing = stored.some((report) => !knownRefs.has(report.ref));
    let listed = stored;
    if (!index || basis !== (previous?.index_basis ?? null) || reportsMissing) {
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
        // Report pages are asked by position, so only of the index just read.
        for (const report of listed) {
          if (knownRefs.has(report.ref)) {
            stats.reports_already_stored += 1;
            continue;
          }
          const html = await fetchBody('report', fill(templates.report, license, String(report.page)), null, `${report.ref}: `);
          if (html === null) continue;
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
          stats.reports_fetched += 1;
        }
        // Only refs stored before this run and last listed before today change: a report saved in
        // this run is already listed today, and one whose fetch failed is not stored.
        store.markListed(listed.flatMap((r) => ((knownRefs.get(r.ref) ?? today) < today ? [r.ref] : [])), today);
      }
    } else {
      stats.indexes_reused += 1;
    }
    if (waiting) stats.homes_waiting += 1;
    else stats.homes_current += 1;
    const reports = listed.map(({ page: _page, ...report }) => report);
    byLicense.set(license, { detail, detailCheckedOn, indexCount: index ? index.count : null, indexFetchedOn, reports });
  }

  // Licenses never checked first, then the longest unchecked: a run cut short by its budget or
  // deadline leaves the freshest waiting, and the next run starts where this one stopped.
  const order = inputs.homes
    .map((home, position) => ({ home, position, checked: states.get(home.license)?.detail_fetched_on ?? '' }))
    .sort((a, b) => a.checked.localeCompare(b.checked) || a.position - b.position)
    .map(({ home }) => home);
  const limit = pLimit(inputs.concurrency);
  await Promise.all(order.map((home) => limit(() => collect(home))));
  return { byLicense, problems, stats };
}
