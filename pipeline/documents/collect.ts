// State documents, fetched incrementally: every license's facility detail is read each run; its
// document index only when the detail says something changed (a new visit date, new tallies) or
// none is stored; a report's HTML only when its ref is not yet in the store. An endpoint that fails
// leaves that license's last good data in place, and the failure is reported.
import { createHash, hash } from 'node:crypto';
import pLimit from 'p-limit';
import type { DocumentStore } from './store.ts';
import { parseDetail, parseIndex, type DocumentIndex, type FacilityDetail, type IndexEntry } from './state-api.ts';
import { findCitations, htmlToText } from './transcribe.ts';

export interface DocumentTemplates {
  /** `{license}` is replaced by the 9-digit license number. */
  detail: string;
  index: string;
  /** `{license}` and `{inx}` (the index entry's REPORTPAGE). */
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
  indexes_fetched: number;
  indexes_reused: number;
  reports_fetched: number;
  reports_already_stored: number;
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
  licenses: readonly string[];
  templates: DocumentTemplates;
  read: (location: string) => Promise<string>;
  store: DocumentStore;
  today: string;
  /** Licenses handled at once; the HTTP client bounds the requests in flight on its own. */
  concurrency: number;
  /** Once aborted, licenses not yet started are skipped (the run is failing for another reason). */
  signal?: AbortSignal;
}): Promise<{ byLicense: Map<string, FacilityDocuments>; problems: FetchProblem[]; stats: CollectStats }> {
  const { templates, read, store, today } = inputs;
  const byLicense = new Map<string, FacilityDocuments>();
  const problems: FetchProblem[] = [];
  const stats: CollectStats = { details_fetched: 0, indexes_fetched: 0, indexes_reused: 0, reports_fetched: 0, reports_already_stored: 0 };
  const fill = (template: string, license: string, inx = '') => template.replaceAll('{license}', license).replaceAll('{inx}', inx);
  const message = (error: unknown) => (error as Error)?.message ?? String(error);

  // Read once up front: what earlier runs stored for every license, and every report already held.
  const states = store.allFacilityStates();
  const knownRefs = store.allListedOn();

  async function collect(license: string): Promise<void> {
    if (inputs.signal?.aborted) return;
    const previous = states.get(license);
    // Each license is handled once: what it needs of the store is read, and the rest let go.
    states.delete(license);
    // The store holds what an earlier run already validated and normalized: read it back as it is.
    const previousDetail = previous?.detail_json ? (JSON.parse(previous.detail_json) as FacilityDetail) : null;

    let detail = previousDetail;
    let detailCheckedOn = previous?.detail_fetched_on ?? null;
    let detailChanged = false;
    try {
      detail = parseDetail(await read(fill(templates.detail, license)), license);
      detailCheckedOn = today;
      detailChanged = detail.fingerprint !== previousDetail?.fingerprint;
      const json = JSON.stringify(detail);
      // Already stored as it is, checked today (a second run the same day): nothing to write.
      if (json !== previous?.detail_json || previous.detail_fetched_on !== today) store.saveDetail(license, json, today);
      stats.details_fetched += 1;
    } catch (error) {
      problems.push({ license_number: license, endpoint: 'detail', problem: message(error), kept_from: detailCheckedOn });
    }

    let index = previous?.index_json ? (JSON.parse(previous.index_json) as DocumentIndex) : null;
    let indexFetchedOn = previous?.index_fetched_on ?? null;
    const detailFresh = detailCheckedOn === today;
    if (!index || (detailFresh && detailChanged)) {
      try {
        index = parseIndex(await read(fill(templates.index, license)), license);
        indexFetchedOn = today;
        store.saveIndex(license, JSON.stringify(index), today);
        stats.indexes_fetched += 1;
      } catch (error) {
        problems.push({ license_number: license, endpoint: 'index', problem: message(error), kept_from: indexFetchedOn });
      }
    } else {
      stats.indexes_reused += 1;
    }

    const listed = index ? listings(license, index) : [];
    if (index) {
      for (const report of listed) {
        if (knownRefs.has(report.ref)) {
          stats.reports_already_stored += 1;
          continue;
        }
        try {
          const html = await read(fill(templates.report, license, String(report.page)));
          const text = htmlToText(html);
          store.saveDocument(
            {
              ref: report.ref,
              license_number: license,
              control_number: report.control_number,
              date: report.date,
              type: report.type,
              title: report.title,
              text,
              citations: findCitations(text),
              html_sha256: createHash('sha256').update(html).digest('hex'),
            },
            today,
          );
          stats.reports_fetched += 1;
        } catch (error) {
          problems.push({ license_number: license, endpoint: 'report', problem: `${report.ref}: ${message(error)}`, kept_from: null });
        }
      }
      // Only refs stored before this run and last listed before today change: a report saved in
      // this run is already listed today, and one whose fetch failed is not stored.
      if (indexFetchedOn === today) store.markListed(listed.flatMap((r) => ((knownRefs.get(r.ref) ?? today) < today ? [r.ref] : [])), today);
    }
    const reports = listed.map(({ page: _page, ...report }) => report);
    byLicense.set(license, { detail, detailCheckedOn, indexCount: index ? index.count : null, indexFetchedOn, reports });
  }

  const limit = pLimit(inputs.concurrency);
  await Promise.all(inputs.licenses.map((license) => limit(() => collect(license))));
  return { byLicense, problems, stats };
}
