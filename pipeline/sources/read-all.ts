// Stage 2 of a run: every retrieved whole-file source parsed and validated, rejections collected,
// and each source's own date worked out.
import type { PipelineConfig } from '../config.ts';
import type { Rejection } from './csv.ts';
import type { RetrievedSource } from './retrieve.ts';
import type { SourceRecord } from '../snapshot/write.ts';
import { readRoster, type RosterResult } from './roster.ts';
import { readApprovals } from './approvals.ts';
import { readWaiverList } from './waiver.ts';
import { readGeocodes, readZipCentroids } from './geocodes.ts';
import { readHospitals } from './hospitals.ts';
import { readCountyRates, readListings } from './prices.ts';

export type RetrievedSources = Record<keyof PipelineConfig['sources'], RetrievedSource>;

function httpDate(header: string | null): string | null {
  const time = header ? Date.parse(header) : NaN;
  return Number.isNaN(time) ? null : new Date(time).toISOString().slice(0, 10);
}

/**
 * `onRoster` is called as soon as the roster is read, before the other sources are: the run
 * starts on the state documents (which need only the license numbers) while the rest is parsed.
 */
export async function readAllSources(retrieved: RetrievedSources, runDate: string, onRoster?: (roster: RosterResult) => void) {
  const rejections: Rejection[] = [];
  const reject = (rejection: Rejection) => rejections.push(rejection);
  const roster = await readRoster(retrieved.roster.file, reject);
  onRoster?.(roster);
  const approvals = await readApprovals(retrieved.approvals.file, reject);
  const waiver = await readWaiverList(retrieved.waiver.file, reject);
  const geocodes = await readGeocodes(retrieved.geocodes.file, reject);
  const centroids = await readZipCentroids(retrieved.zipCentroids.file, reject);
  const hospitals = await readHospitals(retrieved.hospitals.file, reject);
  const listings = await readListings(retrieved.listings.file, reject);
  const countyRates = await readCountyRates(retrieved.countyRates.file, reject);

  // Each source's own date, falling back to what its server says, then to the run's date.
  const rosterFileDate = roster.rows.reduce<string | null>((latest, row) => (row.file_date && (!latest || row.file_date > latest) ? row.file_date : latest), null);
  const dates = {
    roster: rosterFileDate ?? httpDate(retrieved.roster.lastModified) ?? runDate,
    approvals: approvals.asOf ?? httpDate(retrieved.approvals.lastModified),
    alwList: waiver.listDate ?? httpDate(retrieved.waiver.lastModified),
  };

  const rejectedBy = (source: string) => rejections.filter((r) => r.source === source).length;
  const record = (source: RetrievedSource, rejectionSource: string, sourceDate: string | null, rowsRead: number, rowsValid: number): SourceRecord => ({
    ...source,
    sourceDate,
    rowsRead,
    rowsValid,
    rowsRejected: rejectedBy(rejectionSource),
  });
  const sources: SourceRecord[] = [
    record(retrieved.roster, 'roster', dates.roster, roster.rowsRead, roster.rows.length),
    record(retrieved.approvals, 'approvals', dates.approvals, approvals.rowsRead, approvals.byLicense.size),
    record(retrieved.waiver, 'waiver', dates.alwList, waiver.rowsRead, waiver.rows.length),
    record(retrieved.geocodes, 'geocodes', null, geocodes.rowsRead, geocodes.byKey.size),
    record(retrieved.zipCentroids, 'zip_centroids', null, centroids.rowsRead, centroids.byZip.size),
    record(retrieved.hospitals, 'hospitals', httpDate(retrieved.hospitals.lastModified), hospitals.rowsRead, hospitals.hospitals.length),
    record(retrieved.listings, 'listings', httpDate(retrieved.listings.lastModified), listings.rowsRead, listings.listings.length),
    record(retrieved.countyRates, 'county_rates', httpDate(retrieved.countyRates.lastModified), countyRates.rowsRead, countyRates.byCounty.size),
  ];

  return { roster, approvals, waiver, geocodes, centroids, hospitals, listings, countyRates, dates, rejections, sources, rosterRejected: rejectedBy('roster') };
}

export type ParsedSources = Awaited<ReturnType<typeof readAllSources>>;
