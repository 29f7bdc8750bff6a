// Stage 2 of a run: every retrieved whole-file source parsed and validated, rejections collected,
// and each source's own date worked out. A source switched off is not read at all: its results are
// empty, so nothing downstream can fill its facts in from anywhere else.
import type { PipelineConfig } from '../config.ts';
import type { Rejection } from './csv.ts';
import type { RetrievedSource } from './retrieve.ts';
import type { SourceRecord } from '../snapshot/write.ts';
import { readRoster, type FieldProblem, type RosterResult } from './roster.ts';
import { newestRowDate, readApprovals, type ApprovalsResult } from './approvals.ts';
import { readWaiverList, type WaiverResult } from './waiver.ts';
import { readGeocodes, readZipCentroids } from './geocodes.ts';
import { readLocations, type LocationsResult } from './locations.ts';
import { readHospitals } from './hospitals.ts';
import { readCountyRates, readListings } from './prices.ts';
import { catalogDate } from './ckan.ts';
import { compareRosters, type RosterComparison } from './roster-compare.ts';
import type { DateShapeCounts } from '../normalize/dates.ts';

export type SourceName = keyof PipelineConfig['sources'];

/** The roster always; every other source only when it is configured. */
export type RetrievedSources = { roster: RetrievedSource } & Partial<Record<SourceName, RetrievedSource>>;

/** The date an HTTP `Last-Modified` header states, as an ISO date; null without one. */
function httpDate(header: string | null | undefined): string | null {
  const time = header ? Date.parse(header) : NaN;
  return Number.isNaN(time) ? null : new Date(time).toISOString().slice(0, 10);
}

/**
 * The date a source's publisher gives the whole file, for facts whose rows carry none: the
 * catalog's `last_modified` of the resource, else the server's `Last-Modified`; null without either.
 */
export function servedDate(source: RetrievedSource | undefined, fileDate?: string): string | null {
  return catalogDate(source?.catalog) ?? httpDate(source?.lastModified) ?? (source?.fetchStatus === 'file' ? (fileDate ?? null) : null);
}

/**
 * The state's weekly export states no date of its own: its facts are dated by the day the state
 * served it, its `Last-Modified`, else the `Date` of the answer that brought it (a file on disk:
 * the headers saved beside it). That is when the record was retrieved from the state, never a
 * date the state wrote. Other sources never take the day they were fetched as their date.
 */
export function exportServedDate(source: RetrievedSource | undefined): string | null {
  return servedDate(source) ?? httpDate(source?.served);
}

/**
 * The instant the export's content is known to be from, for comparing with the live record by
 * time: its `Last-Modified`, else when these very bytes were first retrieved (an unchanged weekly
 * file fetched again is no fresher), else the answer's `Date`, else when this run fetched it; null
 * for a file on disk without saved headers.
 */
export function exportRetrievedAt(source: RetrievedSource | undefined): string | null {
  for (const header of [source?.lastModified, source?.firstServed, source?.served]) {
    const time = header ? Date.parse(header) : NaN;
    if (!Number.isNaN(time)) return new Date(time).toISOString();
  }
  return source && source.fetchStatus !== 'file' ? source.fetchedAt : null;
}

const NOTHING_READ = { rowsRead: 0, linesRead: 0 } as const;
const noDates = () => ({ fieldProblems: [], dateShapes: {} });

/**
 * `onRoster` is called as soon as the roster is read, before the other sources are: the run
 * starts on the state documents (which need only the license numbers) while the rest is parsed.
 */
export async function readAllSources(
  retrieved: RetrievedSources,
  runDate: string,
  onRoster?: (roster: RosterResult) => void,
  /** A local file's date as the profile states it (PipelineConfig.fileDates). */
  fileDates: Partial<Record<SourceName, string>> = {},
) {
  const rejections: Rejection[] = [];
  const reject = (rejection: Rejection) => rejections.push(rejection);
  /** Optional sources retrieved but unreadable (a misshapen file): the run goes on without them. */
  const unreadable: Array<{ source: SourceName; reason: string }> = [];
  /**
   * Parses a source when it was retrieved; an absent source gives `empty`. Only the roster is
   * required: another source that cannot be read gives `empty` too, its rejections dropped, and is
   * named in `unreadable` (run.ts carries its last values forward).
   */
  const readIf = async <T>(name: SourceName, read: (file: string, reject: (r: Rejection) => void) => Promise<T>, empty: T): Promise<T> => {
    const source = retrieved[name];
    if (!source) return empty;
    const own: Rejection[] = [];
    try {
      const result = await read(source.file, (rejection) => own.push(rejection));
      rejections.push(...own);
      return result;
    } catch (error) {
      unreadable.push({ source: name, reason: `unreadable: ${(error as Error).message}` });
      return empty;
    }
  };
  const roster = await readRoster(retrieved.roster.file, reject, runDate);
  onRoster?.(roster);
  // The portal's file is compared with the export, never used for a home's facts: unreadable, it is left out.
  const portal = await readIf<RosterResult | null>('portalRoster', (file, rejectRow) => readRoster(file, rejectRow, runDate, 'portal_roster'), null);
  const approvals = await readIf<ApprovalsResult>('approvals', readApprovals, { byLicense: new Map(), ...NOTHING_READ, ...noDates(), asOf: null });
  const waiver = await readIf<WaiverResult>('waiver', readWaiverList, { rows: [], ...NOTHING_READ, ...noDates(), listDate: null });
  const geocodes = await readIf('geocodes', readGeocodes, { byKey: new Map(), ...NOTHING_READ });
  const locations = await readIf<LocationsResult>('locations', readLocations, { byLicense: new Map(), ...NOTHING_READ, columns: null });
  const centroids = await readIf('zipCentroids', readZipCentroids, { byZip: new Map(), ...NOTHING_READ });
  const hospitals = await readIf('hospitals', readHospitals, { hospitals: [], ...NOTHING_READ, otherTypes: 0 });
  const listings = await readIf('listings', readListings, { listings: [], ...NOTHING_READ });
  const countyRates = await readIf('countyRates', readCountyRates, { byCounty: new Map(), ...NOTHING_READ });
  const readable = (name: SourceName) => retrieved[name] !== undefined && !unreadable.some((failure) => failure.source === name);

  // A file dated after the run (a typo in the state's file) would date its facts in the future:
  // like the roster's impossible dates, such a date is dropped (not on file) and reported.
  const fieldProblems: FieldProblem[] = [...roster.fieldProblems, ...(portal?.fieldProblems ?? []), ...approvals.fieldProblems, ...waiver.fieldProblems];
  const afterRun = (source: string, line: number, field: string, date: string | null) => {
    if (date === null || date <= runDate) return false;
    fieldProblems.push({ source, line, field, value: date, reason: `not a possible date (after the run, ${runDate})` });
    return true;
  };
  for (const row of approvals.byLicense.values()) if (afterRun('approvals', row.line, 'as_of_date', row.as_of)) row.as_of = null;
  // The file's date is its newest row date: read again from the rows left.
  if (approvals.asOf && approvals.asOf > runDate) {
    approvals.asOf = newestRowDate(approvals.byLicense.values());
  }

  // Each source's own date: what the file states, else what its publisher states (the catalog's
  // last_modified, or Last-Modified, kept in `sources`), else none. Never the run's date: null
  // means "the source states no date".
  const rosterServed = roster.shape === 'export' ? exportServedDate(retrieved.roster) : servedDate(retrieved.roster);
  const newestFileDate = (rows: RosterResult['rows']) => rows.reduce<string | null>((latest, row) => (row.file_date && (!latest || row.file_date > latest) ? row.file_date : latest), null);
  const rosterFileDate = newestFileDate(roster.rows);
  const portalDate = portal ? (newestFileDate(portal.rows) ?? servedDate(retrieved.portalRoster)) : null;
  const dates = {
    roster: rosterFileDate ?? rosterServed,
    /** For a roster row without its own file_date. */
    rosterServed,
    rosterRetrievedAt: roster.shape === 'export' ? exportRetrievedAt(retrieved.roster) : null,
    approvals: readable('approvals') ? (approvals.asOf ?? servedDate(retrieved.approvals)) : null,
    alwList: readable('waiver') ? (waiver.listDate ?? servedDate(retrieved.waiver, fileDates.waiver)) : null,
  };
  // The waiver list states no date in its rows: its catalog's or server's date is checked instead.
  if (afterRun('waiver', 1, 'list date', dates.alwList)) dates.alwList = null;
  /** Which shape each date field of the state files came in, for the files read. */
  const dateShapes: Record<string, DateShapeCounts> = { roster: roster.dateShapes };
  if (portal) dateShapes.portal_roster = portal.dateShapes;
  if (readable('approvals')) dateShapes.approvals = approvals.dateShapes;
  if (readable('waiver')) dateShapes.waiver = waiver.dateShapes;

  const rejectedBy = (source: string) => rejections.filter((r) => r.source === source && !r.superseded).length;
  const supersededBy = (source: string) => rejections.filter((r) => r.source === source && r.superseded).length;
  const sources: SourceRecord[] = [];
  const record = (name: SourceName, rejectionSource: string, sourceDate: string | null, read: { rowsRead: number; linesRead: number }, rowsValid: number) => {
    const source = retrieved[name];
    if (!source || !readable(name)) return;
    sources.push({
      ...source,
      sourceDate,
      linesRead: read.linesRead,
      rowsRead: read.rowsRead,
      rowsValid,
      rowsRejected: rejectedBy(rejectionSource),
      rowsSuperseded: supersededBy(rejectionSource),
    });
  };
  record('roster', 'roster', dates.roster, roster, roster.rows.length);
  if (portal) record('portalRoster', 'portal_roster', portalDate, portal, portal.rows.length);
  const rosterComparison: RosterComparison | null = portal ? compareRosters(roster.rows, portal.rows, { roster: dates.roster, portal: portalDate }) : null;
  record('approvals', 'approvals', dates.approvals, approvals, approvals.byLicense.size);
  record('waiver', 'waiver', dates.alwList, waiver, waiver.rows.length);
  record('geocodes', 'geocodes', servedDate(retrieved.geocodes), geocodes, geocodes.byKey.size);
  record('locations', 'locations', servedDate(retrieved.locations), locations, locations.byLicense.size);
  record('zipCentroids', 'zip_centroids', servedDate(retrieved.zipCentroids), centroids, centroids.byZip.size);
  record('hospitals', 'hospitals', servedDate(retrieved.hospitals), hospitals, hospitals.hospitals.length);
  record('listings', 'listings', servedDate(retrieved.listings), listings, listings.listings.length);
  record('countyRates', 'county_rates', servedDate(retrieved.countyRates), countyRates, countyRates.byCounty.size);

  return {
    roster,
    /** The roster of record against the portal's file; null when the portal file was not read. */
    rosterComparison,
    approvals,
    waiver,
    geocodes,
    locations,
    centroids,
    hospitals,
    listings,
    countyRates,
    dates,
    dateShapes,
    rejections,
    sources,
    /** Sources this run read (not switched off, absent or unreadable): the waiver list's absence is not "not on the list". */
    read: new Set((Object.keys(retrieved) as SourceName[]).filter(readable)),
    unreadable,
    /** Cells that cannot be true, stored as not on file: the roster's, and source dates after the run. */
    fieldProblems,
    rosterRejected: rejectedBy('roster'),
    rosterSuperseded: supersededBy('roster'),
  };
}

export type ParsedSources = Awaited<ReturnType<typeof readAllSources>>;
