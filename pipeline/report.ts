// The run report: what was read, kept out and why, how licenses and waiver rows came out, what
// changed. Printed at the end of a run and stored in the snapshot's metadata (key run_report).
import { licenseStatusMeaning } from '../contract/facts.ts';
import type { FacilityRow } from './normalize/facility.ts';
import type { Rejection } from './sources/csv.ts';
import type { SourceRecord } from './snapshot/write.ts';
import type { SnapshotDiff } from './diff.ts';
import type { WaiverMatch } from './normalize/waiver-match.ts';
import type { WaiverRow } from './sources/waiver.ts';
import type { CollectStats, FetchProblem } from './documents/collect.ts';

import type { LocationOrigins, SourceJoin } from './normalize/facilities.ts';
import type { GeocoderCoverage } from './sources/census-geocoder.ts';
import type { FieldProblem, RowAccounting } from './sources/roster.ts';
import type { CatalogReading } from './sources/ckan.ts';
import type { DateShapeCounts } from './normalize/dates.ts';
import { comparisonLines, type RosterComparison } from './sources/roster-compare.ts';

/** The documents' counts in the run report, with the first few failures as the report prints them. */
export type DocumentsReport = CollectStats & {
  /** `read`: this run read a demo profile's local document files; `stored`: it published what the crawler stored; `off`: none configured. */
  source: 'read' | 'stored' | 'off';
  /** Homes published with a stored detail or document index. */
  homes_with_documents: number;
  /** The crawler's last status (`stored` only; null when no crawler has run). */
  crawler: CrawlStatus | null;
  licenses_with_problems: number;
  problem_examples: FetchProblem[];
};
import type { SourceHealth } from '../contract/source-health.ts';
import { crawlStatusLine, type CrawlStatus } from '../contract/crawl-status.ts';

const LISTED_REJECTIONS = 200;

export interface RunReport {
  run_id: string;
  profile: string;
  started_at: string;
  elapsed_ms: number;
  requests_made: number;
  /** Per source: rows_read counts every data row, readable or not; rows_read = rows_valid + rows_rejected + rows_superseded + rows merged or skipped as not applicable. */
  sources: Array<{
    name: string;
    location: string;
    fetch_status: string;
    source_date: string | null;
    lines: number;
    rows_read: number;
    rows_valid: number;
    rows_rejected: number;
    rows_superseded: number;
    /** A `ckan:` source: what the catalog said and which road the rows came by; null for a URL or file. */
    catalog: CatalogReading | null;
  }>;
  /** Sources this run did not read, and why: their facts are null or not on file. */
  sources_not_read: Array<{ name: string; reason: string }>;
  /** For each source keyed onto licenses: how many of its rows reached one. */
  joins: SourceJoin[];
  rejected: { total: number; by_reason: Record<string, number>; rows: Array<{ source: string; line: number; reason: string }> };
  /** Older rows of a license read again later: kept out, but not rejected (no guard counts them). */
  superseded: { total: number; rows: Array<{ source: string; line: number; reason: string }> };
  duplicate_rows_merged: number;
  /** Cells of kept rows stored as not on file because they cannot be true. */
  field_problems: { total: number; rows: FieldProblem[] };
  /** Per state file and date field, how many cells came in each shape (M/D/YYYY, MM/DD/YYYY, MMDDYYYY, MDDYYYY, YYYY-MM-DD, unreadable). */
  date_shapes: Record<string, DateShapeCounts>;
  /**
   * The roster of record: which shape it came in (`export`: the state's weekly Download Data file;
   * `portal`: the open-data portal's), the day it is dated by, how many homes carry visits, and
   * the placeholder cells (`Unavailable`, `See FAQs`, `N/A`) read as not on file, per field, and
   * its rows in against its rows read and rejected (a guard holds the run back when they differ).
   */
  roster: { shape: 'export' | 'portal'; as_of: string | null; homes_with_visits: number; placeholders: Record<string, number>; accounting?: RowAccounting };
  /** The roster of record against the open-data portal's file; null when the portal file was not read. */
  roster_comparison: RosterComparison | null;
  licenses: {
    total: number;
    listed: number;
    closed: number;
    /** Of those closed: the roster lists them, but the state's live record, checked after the roster's date, says closed. */
    closed_by_live_status: number;
    not_listed_not_closed: number;
    by_status: Record<string, number>;
    with_coordinates: { state_locations: number; address: number; zip_centroid: number; none: number };
  };
  /** Where each home's coordinates came from; what the live geocoder did this run (null: none configured). */
  coordinates: { homes: LocationOrigins; geocoder: GeocoderCoverage | null };
  goes_by_exceptions: number;
  waiver: {
    rows: number;
    matched_by_address: number;
    matched_by_name: number;
    unmatched: number;
    ambiguous: number;
    /** Unmatched rows whose names say they are adult residential facilities (not on the elder-care roster), reported apart. */
    adult_residential: number;
    not_matched_rows: Array<{ line: number; facility_name: string; street: string | null; city: string | null; result: string }>;
  };
  diff: { previous_snapshot: string | null; added: number; removed: number; changed: number; fields_changed: Record<string, number> };
  documents: DocumentsReport;
  hospitals: number;
  prices: Record<string, number>;
  data_hash: string;
  unchanged_since_previous: boolean;
  held_back: string[];
  warnings: string[];
  published: string | null;
  /** Optional sources carried forward from an earlier snapshot, or not on file; sources past their age (stored as metadata source_health too). */
  source_health?: SourceHealth;
  /** How the run's files went to --publish-to (set after publishing, so not inside the snapshot's own copy of the report). */
  shipped?: { destination: string; ok: boolean; files: string[]; reason: string | null };
}

/** A waiver row that matched no license and names itself an adult residential facility: not an elder-care home we failed to find. */
const isAdultResidential = ({ row, match }: { row: WaiverRow; match: WaiverMatch }) => match.method === 'unmatched' && row.adult_residential === true;

/** "facility_number is blank" and "row has 19 cells; the header has 18" group as themselves; line-specific text is cut. */
function reasonKind(reason: string): string {
  return `${reason.split(':')[0]!.replace(/license \d+ .*/, 'license repeated')}`;
}

export function buildReport(inputs: {
  runId: string;
  profile: string;
  startedAt: Date;
  sources: SourceRecord[];
  rejections: Rejection[];
  /** What the report counts of each facility. */
  /** `listed` and `closed` as the pipeline decided them (a fresher live status may close a home the roster lists). */
  facilities: ReadonlyArray<Pick<FacilityRow, 'license_status' | 'location_method' | 'price_kind'> & Partial<Pick<FacilityRow, 'listed' | 'closed'>>>;
  duplicatesMerged: number;
  fieldProblems: FieldProblem[];
  dateShapes: Record<string, DateShapeCounts>;
  notRead: Array<{ name: string; reason: string }>;
  joins: SourceJoin[];
  waiverMatches: Array<{ row: WaiverRow; match: WaiverMatch }>;
  goesByExceptions: number;
  diff: SnapshotDiff;
  previousSnapshot: string | null;
  dataHash: string;
  unchangedSincePrevious: boolean;
  heldBack: string[];
  warnings: string[];
  requestsMade: number;
  documents: DocumentsReport;
  hospitals: number;
  coordinates: RunReport['coordinates'];
  roster: RunReport['roster'];
  rosterComparison: RosterComparison | null;
}): RunReport {
  const byStatus: Record<string, number> = {};
  const coordinates = { state_locations: 0, address: 0, zip_centroid: 0, none: 0 };
  let listedCount = 0;
  let closed = 0;
  let closedByLive = 0;
  for (const facility of inputs.facilities) {
    const status = facility.license_status ?? '(blank)';
    byStatus[status] = (byStatus[status] ?? 0) + 1;
    const meaning = licenseStatusMeaning(facility.license_status);
    if (facility.listed ?? meaning.listed) listedCount += 1;
    if (facility.closed ?? meaning.closed) closed += 1;
    if (facility.closed && !meaning.closed) closedByLive += 1;
    coordinates[(facility.location_method as keyof typeof coordinates | null) ?? 'none'] += 1;
  }
  const byReason: Record<string, number> = {};
  const rejected = inputs.rejections.filter((rejection) => !rejection.superseded);
  const superseded = inputs.rejections.filter((rejection) => rejection.superseded);
  const listed = (rows: Rejection[]) => rows.slice(0, LISTED_REJECTIONS).map(({ source, line, reason }) => ({ source, line, reason }));
  for (const rejection of rejected) {
    const key = `${rejection.source}: ${reasonKind(rejection.reason)}`;
    byReason[key] = (byReason[key] ?? 0) + 1;
  }
  const prices: Record<string, number> = {};
  for (const facility of inputs.facilities) {
    const kind = facility.price_kind ?? 'none';
    prices[kind] = (prices[kind] ?? 0) + 1;
  }
  const waiverCount = (method: WaiverMatch['method']) => inputs.waiverMatches.filter(({ match }) => match.method === method).length;
  const adultResidential = inputs.waiverMatches.filter(isAdultResidential).length;
  return {
    run_id: inputs.runId,
    profile: inputs.profile,
    started_at: inputs.startedAt.toISOString(),
    elapsed_ms: 0,
    requests_made: inputs.requestsMade,
    sources: inputs.sources.map((s) => ({
      name: s.name,
      location: s.location,
      fetch_status: s.fetchStatus,
      source_date: s.sourceDate,
      lines: s.linesRead,
      rows_read: s.rowsRead,
      rows_valid: s.rowsValid,
      rows_rejected: s.rowsRejected,
      rows_superseded: s.rowsSuperseded,
      catalog: s.catalog ?? null,
    })),
    sources_not_read: inputs.notRead,
    joins: inputs.joins,
    rejected: { total: rejected.length, by_reason: byReason, rows: listed(rejected) },
    superseded: { total: superseded.length, rows: listed(superseded) },
    duplicate_rows_merged: inputs.duplicatesMerged,
    field_problems: { total: inputs.fieldProblems.length, rows: inputs.fieldProblems.slice(0, LISTED_REJECTIONS) },
    date_shapes: inputs.dateShapes,
    roster: inputs.roster,
    roster_comparison: inputs.rosterComparison,
    licenses: {
      total: inputs.facilities.length,
      listed: listedCount,
      closed,
      closed_by_live_status: closedByLive,
      not_listed_not_closed: inputs.facilities.length - listedCount - closed,
      by_status: Object.fromEntries(Object.entries(byStatus).sort(([a], [b]) => a.localeCompare(b))),
      with_coordinates: coordinates,
    },
    coordinates: inputs.coordinates,
    goes_by_exceptions: inputs.goesByExceptions,
    waiver: {
      rows: inputs.waiverMatches.length,
      matched_by_address: waiverCount('address'),
      matched_by_name: waiverCount('name'),
      unmatched: waiverCount('unmatched') - adultResidential,
      ambiguous: waiverCount('ambiguous'),
      adult_residential: adultResidential,
      not_matched_rows: inputs.waiverMatches
        .filter(({ match }) => match.license_number === null)
        .map(({ row, match }) => ({ line: row.line, facility_name: row.facility_name, street: row.street, city: row.city, result: isAdultResidential({ row, match }) ? 'adult_residential' : match.method })),
    },
    diff: {
      previous_snapshot: inputs.previousSnapshot,
      added: inputs.diff.added.length,
      removed: inputs.diff.removed.length,
      changed: inputs.diff.changed.length,
      fields_changed: inputs.diff.fieldCounts,
    },
    documents: inputs.documents,
    hospitals: inputs.hospitals,
    prices,
    data_hash: inputs.dataHash,
    unchanged_since_previous: inputs.unchangedSincePrevious,
    held_back: inputs.heldBack,
    warnings: inputs.warnings,
    published: null,
  };
}

export function formatReport(report: RunReport): string {
  const lines = [
    `Pipeline run ${report.run_id} (profile ${report.profile}) in ${(report.elapsed_ms / 1000).toFixed(1)} s, ${report.requests_made} HTTP request(s)`,
    'Sources:',
    ...report.sources.flatMap((s) => [
      `  ${s.name.padEnd(13)} ${s.fetch_status.padEnd(12)} dated ${s.source_date ?? 'n/a'}: ${s.lines} lines, ${s.rows_read} rows read, ${s.rows_valid} valid, ${s.rows_rejected} rejected, ${s.rows_superseded} superseded`,
      ...(s.catalog ? [catalogLine(s.catalog, s.location)] : []),
    ]),
    ...(report.sources_not_read.length ? [`Not read: ${report.sources_not_read.map((s) => `${s.name} (${s.reason})`).join(', ')}`] : []),
    ...report.joins.map((j) => `  ${j.source}: ${j.joined} of ${j.rows} row(s) joined a license`),
    `Rejected rows: ${report.rejected.total}${report.duplicate_rows_merged ? ` (plus ${report.duplicate_rows_merged} exact duplicate row(s) merged)` : ''}`,
    ...Object.entries(report.rejected.by_reason).map(([reason, count]) => `  ${count} x ${reason}`),
    ...report.rejected.rows.slice(0, 20).map((r) => `    ${r.source} line ${r.line}: ${r.reason}`),
    `Superseded rows (an older row of a license read again; not rejected): ${report.superseded.total}`,
    ...dateShapeLines(report.date_shapes),
    ...rosterLines(report),
    `Licenses: ${report.licenses.total} (${report.licenses.listed} listed, ${report.licenses.closed} closed${report.licenses.closed_by_live_status ? `, ${report.licenses.closed_by_live_status} of them by the live record checked after the roster` : ''}, ${report.licenses.not_listed_not_closed} neither)`,
    ...Object.entries(report.licenses.by_status).map(([status, count]) => `  ${count} x ${status}`),
    `  coordinates: ${report.licenses.with_coordinates.state_locations ?? 0} from the state's locations file, ${report.licenses.with_coordinates.address} geocoded, ${report.licenses.with_coordinates.zip_centroid} ZIP centroid, ${report.licenses.with_coordinates.none} none`,
    ...coordinateLines(report.coordinates),
    `  goes-by names kept in full to avoid a same-city clash: ${report.goes_by_exceptions}`,
    `Waiver list: ${report.waiver.rows} rows, ${report.waiver.matched_by_address} matched by address, ${report.waiver.matched_by_name} by name, ${report.waiver.adult_residential} adult residential facilities (not on the elder-care roster), ${report.waiver.unmatched} unmatched, ${report.waiver.ambiguous} ambiguous`,
    ...report.waiver.not_matched_rows.map((r) => `  line ${r.line} ${r.result}: ${r.facility_name}, ${r.street ?? '(no street)'}, ${r.city ?? ''}`),
    ...documentLines(report.documents, new Date(report.started_at)),
    `Hospitals: ${report.hospitals}. Prices: ${Object.entries(report.prices).map(([kind, count]) => `${count} ${kind}`).join(', ')}`,
    `Diff against ${report.diff.previous_snapshot ?? 'nothing (first snapshot)'}: ${report.diff.added} added, ${report.diff.removed} removed, ${report.diff.changed} changed${report.unchanged_since_previous ? ' (data identical)' : ''}`,
    ...Object.entries(report.diff.fields_changed).map(([field, count]) => `  ${field}: ${count}`),
    ...report.warnings.map((w) => `Warning: ${w}`),
    report.held_back.length ? `HELD BACK: ${report.held_back.join('; ')}` : `Published ${report.published ?? '(nothing)'}`,
  ];
  return lines.join('\n');
}

/** The state documents: read by this run (a demo's files) or as the crawler stored them, then the first failures. */
function documentLines(documents: DocumentsReport, now: Date): string[] {
  if (documents.source === 'off') return ['State documents: switched off'];
  const crawler = documents.crawler;
  const head =
    documents.source === 'read'
      ? [
          `State documents (read from local files by this run): ${documents.details_fetched} details checked (${documents.details_reused} checked recently, not read), ${documents.indexes_fetched} indexes fetched (${documents.indexes_reused} unchanged, not fetched), ${documents.reports_fetched} reports fetched and transcribed (${documents.reports_already_stored} already stored); ${documents.requests} requests`,
          `  homes with current documents: ${documents.homes_current}; waiting for a later run (keeping their last good documents and dates): ${documents.homes_waiting}`,
        ]
      : [
          `State documents: published as the crawler stored them (this run asked the state's site nothing): ${documents.homes_with_documents} homes with documents, each with its own dates`,
          crawler
            ? `  ${crawlStatusLine(crawler, now)}; not listed: ${crawler.not_listed.current} current, ${crawler.not_listed.waiting} waiting, ${crawler.not_listed.never_read} never read; last read: detail ${crawler.last_read.detail ?? 'never'}, index ${crawler.last_read.index ?? 'never'}, report ${crawler.last_read.report ?? 'never'}`
            : '  no crawler has run yet: start `npm run crawl -- --profile <profile>`; until it reads them, every home\'s live status and documents are not on file',
        ];
  return [
    ...head,
    ...(documents.licenses_with_problems ? [`  ${documents.licenses_with_problems} license(s) kept last good data after a failure (table document_fetch_problems), first ones:`] : []),
    ...documents.problem_examples.map((p) => `    ${p.endpoint} ${p.license_number}: ${p.problem}${p.kept_from ? ` (kept from ${p.kept_from})` : ''}`),
  ];
}

/** The roster's shape and date, its placeholders, and its comparison with the portal's file. */
function rosterLines(report: RunReport): string[] {
  // Reports stored before these keys existed have none.
  if (!report.roster) return [];
  const { shape, as_of, homes_with_visits, placeholders } = report.roster;
  const lines = [
    shape === 'export'
      ? `Roster: the state's weekly export, retrieved from the state on ${as_of ?? 'an unknown date (no Last-Modified or Date header, no saved headers)'} (the file states no date of its own); ${homes_with_visits} home(s) with visits, citations and complaint outcomes`
      : `Roster: the open-data portal's file, dated ${as_of ?? 'nowhere'}; it carries no visits or citations`,
  ];
  const { accounting } = report.roster;
  if (accounting) {
    const balanced = accounting.rows_in === accounting.read + accounting.rejected;
    lines.push(`  rows in: ${accounting.rows_in} ${balanced ? '=' : '≠'} ${accounting.read} read + ${accounting.rejected} rejected`);
  }
  const held = Object.entries(placeholders);
  if (held.length) lines.push(`  placeholders read as not on file: ${held.map(([field, count]) => `${count} ${field}`).join(', ')}`);
  if (report.roster_comparison) lines.push(...comparisonLines(report.roster_comparison));
  return lines;
}

/** What the catalog answered for a `ckan:` source, and which road its rows came by. */
function catalogLine(catalog: CatalogReading, location: string): string {
  const found = `${catalog.asked} found resource ${catalog.resourceId}${catalog.resourceName ? ` "${catalog.resourceName}"` : ''} (${catalog.format ?? 'no format stated'}), last modified ${catalog.lastModified ?? 'not stated'}`;
  const road = catalog.datastore
    ? `read from its datastore: ${catalog.datastore.rows} row(s) in ${catalog.datastore.pages} page(s) of up to ${catalog.datastore.pageSize}`
    : `read from its file ${location}`;
  return `    catalog ${catalog.spec}: ${found}; ${road}`;
}

/** "roster file_date: 12 MMDDYYYY, 1 unreadable": which shapes each state file's dates came in. */
function dateShapeLines(shapes: RunReport['date_shapes']): string[] {
  const lines = Object.entries(shapes).flatMap(([source, fields]) =>
    Object.entries(fields).map(([field, counts]) => `  ${source} ${field}: ${Object.entries(counts).map(([shape, count]) => `${count} ${shape}`).join(', ')}`),
  );
  return lines.length ? ['Dates by shape:', ...lines] : [];
}

/** Where coordinates came from, and what the live geocoder was asked and answered. */
function coordinateLines({ homes, geocoder }: RunReport['coordinates']): string[] {
  const lines = [
    `    by origin: ${homes.state_locations ?? 0} from the state's locations file, ${homes.geocodes_file} from a geocodes file, ${homes.geocoder_cache} from the geocoder cache, ${homes.geocoder_asked} newly geocoded, ${homes.zip_centroid} ZIP centroid (fallback), ${homes.none} none`,
  ];
  if (geocoder) {
    lines.push(
      `    geocoder ${geocoder.url}: ${geocoder.addresses} address(es), ${geocoder.from_cache} answered by the cache, ${geocoder.asked} asked in ${geocoder.batches_sent} batch(es) (${geocoder.batches_failed} failed): ${geocoder.placed} placed, ${geocoder.not_placed} not placed, ${geocoder.unanswered} unanswered`,
    );
  }
  return lines;
}

/** "0 of 39 waiver rows matched a license": a source that joins nothing, or too little, is likely the wrong file. */
export function joinWarnings(joins: readonly SourceJoin[], minShare: number): string[] {
  return joins.flatMap(({ source, rows, joined }) => {
    if (rows === 0) return [`${source}: the source has no valid rows`];
    if (joined === 0 || joined / rows < minShare) {
      return [`${source}: ${joined} of ${rows} row(s) joined a license (under ${Math.round(minShare * 100)}%): is it the right file?`];
    }
    return [];
  });
}

/** One warning per kind of impossible cell: "3 roster row(s): facility_zip neither 5 digits nor ZIP+4 (lines 4, 9, 12); stored as not on file". */
export function fieldProblemWarnings(problems: readonly FieldProblem[]): string[] {
  const byKind = new Map<string, number[]>();
  for (const { source, field, reason, line } of problems) {
    const key = `${source} row(s): ${field} ${reason}`;
    byKind.set(key, [...(byKind.get(key) ?? []), line]);
  }
  return [...byKind].map(([kind, lines]) => `${lines.length} ${kind} (line${lines.length === 1 ? '' : 's'} ${lines.slice(0, 10).join(', ')}${lines.length > 10 ? ', ...' : ''}); stored as not on file`);
}
