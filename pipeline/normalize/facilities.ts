// Stage 3 of a run: parsed sources (and each license's state documents) become the stored
// facilities: goes-by names, waiver matches, coordinates, prices, then one record per license.
import { isStateStatusShape, licenseStatusMeaning } from '../../contract/facts.ts';
import { nameSlug, placeKey } from '../../contract/names.ts';
import type { ParsedSources } from '../sources/read-all.ts';
import type { FacilityDocuments } from '../documents/collect.ts';
import { geocodeKey, type Point } from '../sources/geocodes.ts';
import { geocoderAddress, type GeocodedAddresses } from '../sources/census-geocoder.ts';
import { goesByNames } from './names.ts';
import { createWaiverMatcher } from './waiver-match.ts';
import { createPricer, type PricedHome } from './price.ts';
import { buildFacility, liveRecheckAfter, type FacilityRow } from './facility.ts';
import type { RosterReading, RosterRowReading } from '../sources/roster-readings.ts';
import type { LocationMethod } from '../../contract/records.ts';

/** Where each home's coordinates came from, for the run report. */
export interface LocationOrigins {
  /** The state's facility-locations file (sources.locations), by license number. */
  state_locations: number;
  /** A precomputed answer file (sources.geocodes). */
  geocodes_file: number;
  geocoder_cache: number;
  geocoder_asked: number;
  zip_centroid: number;
  none: number;
}

/** `runDate`: the run's date (a listed rate's age is judged against it). */
export function normalizeFacilities(
  parsed: ParsedSources,
  documents: Map<string, FacilityDocuments>,
  runDate: string,
  geocoded: GeocodedAddresses['byAddress'] = new Map(),
  /** Each home's export row reading (when its row last changed); null: the whole file's instant decides, as for a portal file. */
  readings: ReadonlyMap<string, RosterReading> | null = null,
) {
  const { roster } = parsed;
  // A stored live status in none of the state's shapes (kept before statuses were checked on
  // reading) is not served as a status: the home reads as if its live status were never read.
  const unshapedStatuses = new Set<string>();
  const documentsOf = (license: string): FacilityDocuments | undefined => {
    const stored = documents.get(license);
    const status = stored?.detail?.status;
    if (!stored || !status || isStateStatusShape(status)) return stored;
    unshapedStatuses.add(license);
    return { ...stored, detail: null, detailCheckedOn: null, detailCheckedAt: null };
  };
  const names = goesByNames(roster.rows.map((row) => ({ license_number: row.license_number, licensed_name: row.facility_name, city: row.city })));
  const matchWaiver = createWaiverMatcher(roster.rows.map((row) => ({ ...row, licensed_name: row.facility_name })));
  const waiverMatches = parsed.waiver.rows.map((row) => ({ row, match: matchWaiver(row) }));
  const onWaiverList = new Set(waiverMatches.flatMap(({ match }) => (match.license_number ? [match.license_number] : [])));

  // The state's own point for the license first; then the geocoded address (a precomputed answer,
  // else the live geocoder's); the ZIP's centroid, marked as such, only when none placed it; else nothing.
  type Located = { point: Point; method: LocationMethod; origin: keyof LocationOrigins };
  const locate = (row: (typeof roster.rows)[number]): Located | null => {
    const stated = parsed.locations.byLicense.get(row.license_number);
    if (stated) return { point: stated, method: 'state_locations', origin: 'state_locations' };
    const inputAddress = [row.street, row.city, 'CA', row.zip].filter(Boolean).join(', ');
    const precomputed = parsed.geocodes.byKey.get(geocodeKey(row.license_number, inputAddress));
    if (precomputed) return { point: precomputed, method: 'address', origin: 'geocodes_file' };
    const address = geocoderAddress(row);
    const answer = address ? geocoded.get(address.key) : undefined;
    if (answer) return { point: answer.point, method: 'address', origin: answer.fresh ? 'geocoder_asked' : 'geocoder_cache' };
    const centroid = row.zip ? parsed.centroids.byZip.get(row.zip.slice(0, 5)) : undefined;
    return centroid ? { point: centroid, method: 'zip_centroid', origin: 'zip_centroid' } : null;
  };
  const origins: LocationOrigins = { state_locations: 0, geocodes_file: 0, geocoder_cache: 0, geocoder_asked: 0, zip_centroid: 0, none: 0 };
  const located = roster.rows.map((row) => {
    const location = locate(row);
    origins[location?.origin ?? 'none'] += 1;
    const priced: PricedHome = {
      license_number: row.license_number,
      // A home the state's live status shows closed gets no price either, whatever the roster says.
      closed: licenseStatusMeaning(row.status).closed || licenseStatusMeaning(documentsOf(row.license_number)?.detail?.status).closed,
      county: row.county,
      capacity: row.capacity,
      latitude: location?.point.latitude ?? null,
      longitude: location?.point.longitude ?? null,
    };
    return { row, location, priced };
  });
  const price = createPricer({ homes: located.map((home) => home.priced), listings: parsed.listings.listings, countyRates: parsed.countyRates.byCounty, runDate });

  // In license order, built one at a time as the caller asks: the caller writes each and lets it go.
  located.sort((a, b) => a.row.license_number.localeCompare(b.row.license_number));
  function* facilities(): Generator<{ facility: FacilityRow; reading: RosterRowReading | null }> {
    for (const { row, location, priced } of located) {
      const reading = readings?.get(row.license_number);
      const statusInputs = { roster: row, documents: documentsOf(row.license_number), dates: parsed.dates, ...(reading ? { rowChangedAt: reading.changedAt } : {}) };
      const facility = buildFacility({
        ...statusInputs,
        goesByName: names.byLicense.get(row.license_number)!,
        approvals: parsed.approvals.byLicense.get(row.license_number),
        alwListed: onWaiverList.has(row.license_number),
        alwListRead: parsed.read.has('waiver'),
        location,
        price: price(priced),
      });
      yield {
        facility,
        reading: reading
          ? { license_number: row.license_number, row_sha256: reading.sha256, row_changed_at: reading.changedAt, recheck_after: liveRecheckAfter(statusInputs, parsed.dates.rosterRetrievedAt ?? null) }
          : null,
      };
    }
  }

  const hospitals = parsed.hospitals.hospitals.map((hospital) => ({
    ...hospital,
    name_slug: nameSlug(hospital.name),
    county_key: hospital.county === null ? null : placeKey(hospital.county),
  }));

  return { facilities: facilities(), count: located.length, unshapedStatuses, names, waiverMatches, hospitals, joins: joinCounts(parsed, located, waiverMatches), locationOrigins: origins };
}

export interface SourceJoin {
  source: string;
  /** The source's valid rows. */
  rows: number;
  /** How many of them reached a license of the roster. */
  joined: number;
}

/** For each source that keys onto licenses and was read: how many of its rows reached one. */
function joinCounts(
  parsed: ParsedSources,
  located: ReadonlyArray<{ row: { license_number: string; county: string | null }; location: { origin: keyof LocationOrigins } | null }>,
  waiverMatches: ReadonlyArray<{ match: { license_number: string | null } }>,
): SourceJoin[] {
  const licenses = new Set(located.map(({ row }) => row.license_number));
  const counties = new Set(located.flatMap(({ row }) => (row.county ? [placeKey(row.county)] : [])));
  const joins: Array<SourceJoin & { name: Parameters<typeof parsed.read.has>[0] }> = [
    { name: 'approvals', source: 'approvals', rows: parsed.approvals.byLicense.size, joined: [...parsed.approvals.byLicense.keys()].filter((license) => licenses.has(license)).length },
    { name: 'waiver', source: 'waiver', rows: waiverMatches.length, joined: waiverMatches.filter(({ match }) => match.license_number !== null).length },
    { name: 'geocodes', source: 'geocodes', rows: parsed.geocodes.byKey.size, joined: located.filter(({ location }) => location?.origin === 'geocodes_file').length },
    { name: 'listings', source: 'listings', rows: parsed.listings.listings.length, joined: parsed.listings.listings.filter((listing) => licenses.has(listing.license_number)).length },
    { name: 'countyRates', source: 'county_rates', rows: parsed.countyRates.byCounty.size, joined: [...parsed.countyRates.byCounty.keys()].filter((county) => counties.has(county)).length },
  ];
  return joins.filter(({ name }) => parsed.read.has(name)).map(({ source, rows, joined }) => ({ source, rows, joined }));
}
