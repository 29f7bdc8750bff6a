// A roster row plus what the other sources say of that license becomes one stored facility:
// the columns the server filters on and the precomputed JSON it serves (v1 REST record, its
// detail-only state_documents Fact, and the compact check home).
import { CLEARANCE_REFS, fact, licenseStatusMeaning, type ClearanceKey, type TriState } from '../../contract/facts.ts';
import { nameKey, nameSlug, placeKey } from '../../contract/names.ts';
import {
  ALW_SCOPE,
  BASE_URL_TOKEN,
  facilityPageLinks,
  correctionsLink,
  closedNote,
  liveClosedNote,
  type CompactHome,
  type LocationMethod,
  type FacilityRecord,
  type StateDocumentsValue,
  type StateVisitsValue,
} from '../../contract/records.ts';
import type { Fact } from '../../contract/facts.ts';
import type { RosterRow } from '../sources/roster.ts';
import type { ApprovalRow } from '../sources/approvals.ts';
import type { Point } from '../sources/geocodes.ts';
import type { FacilityDocuments } from '../documents/collect.ts';
import type { Price } from './price.ts';
import { approvalsNamedBy, clientServedCodes } from './client-served.ts';

/** Dates of the sources a record is built from; each fact's `confirmed_on` comes from here. */
export interface SourceDates {
  /**
   * The roster file's newest file_date, else the day the state served it (its catalog
   * last_modified, else its Last-Modified, else the answer's Date): the snapshot's roster_as_of.
   * The weekly export states no date, so for it this is when the record was retrieved from the state.
   */
  roster: string | null;
  /** The roster's catalog last_modified, else its Last-Modified: a row without its own file_date is confirmed on this, or on nothing. */
  rosterServed: string | null;
  /** The weekly export's retrieval instant (its Last-Modified, else the answer's Date, else the fetch); null for another roster. */
  rosterRetrievedAt?: string | null;
  approvals: string | null;
  alwList: string | null;
}

export interface FacilityInputs {
  roster: RosterRow;
  goesByName: string;
  approvals: ApprovalRow | undefined;
  alwListed: boolean;
  /** False when the waiver list was switched off: then nothing is said about being on it or not. */
  alwListRead: boolean;
  location: { point: Point; method: LocationMethod } | null;
  /** What the state's transparency service says of this license; undefined when never fetched. */
  documents: FacilityDocuments | undefined;
  price: Price | null;
  dates: SourceDates;
  /**
   * The instant this home's export row took its current values (roster-readings.ts); absent: the
   * whole file's (dates.rosterRetrievedAt), as before per-home readings were kept.
   */
  rowChangedAt?: string | null;
}

/**
 * Whether the live check is fresher than the roster: by time where both instants are known (a home
 * the live record shows closed hours after the export was retrieved, the same day, reads closed),
 * else by day, strictly after (a day alone cannot say which came first).
 */
export function liveIsFresher(checkedOn: string, checkedAt: string | null, rosterRetrievedAt: string | null, rosterDate: string | null): boolean {
  if (rosterDate === null) return true;
  if (checkedAt !== null && rosterRetrievedAt !== null) return Date.parse(checkedAt) > Date.parse(rosterRetrievedAt);
  return checkedOn > rosterDate;
}

/**
 * Which status decides a home, the roster row's or the live record's: the live record closes a
 * home its row still lists only when it was checked after the row took its current values (by
 * instant where both are known, else by day). A row unchanged since the live check cannot
 * overrule it, however new the file around it.
 */
export function closedByLiveStatus(inputs: Pick<FacilityInputs, 'roster' | 'documents' | 'dates' | 'rowChangedAt'>): boolean {
  const { roster, documents, dates } = inputs;
  const detail = documents?.detail ?? null;
  const checkedOn = detail?.status ? (documents?.detailCheckedOn ?? null) : null;
  if (checkedOn === null || licenseStatusMeaning(roster.status).closed || !licenseStatusMeaning(detail?.status).closed) return false;
  return liveIsFresher(checkedOn, documents?.detailCheckedAt ?? null, rowInstant(inputs), roster.file_date ?? dates.rosterServed);
}

/** The instant the row's status is known from: its own change instant, else the whole file's; none for a row dated by its own file_date. */
function rowInstant(inputs: Pick<FacilityInputs, 'roster' | 'dates' | 'rowChangedAt'>): string | null {
  if (inputs.roster.file_date) return null;
  return inputs.rowChangedAt !== undefined ? inputs.rowChangedAt : (inputs.dates.rosterRetrievedAt ?? null);
}

/**
 * When the export and the live record disagree on whether the home is closed and the export's
 * reading is the newer, the instant of that reading: the crawler re-reads the home's detail first
 * while its last check is older than this (crawl/frontier.ts). Null when they agree, when the live
 * check is the newer, or when the live record was never read.
 */
export function liveRecheckAfter(inputs: Pick<FacilityInputs, 'roster' | 'documents' | 'dates' | 'rowChangedAt'>, exportReadAt: string | null): string | null {
  const { roster, documents, dates } = inputs;
  const detail = documents?.detail ?? null;
  const checkedOn = detail?.status ? (documents?.detailCheckedOn ?? null) : null;
  if (checkedOn === null) return null;
  if (licenseStatusMeaning(roster.status).closed === licenseStatusMeaning(detail?.status).closed) return null;
  const readAt = exportReadAt ?? rowInstant(inputs) ?? roster.file_date ?? dates.rosterServed;
  if (readAt === null) return null;
  const checkedAt = documents?.detailCheckedAt ?? null;
  const liveIsNewer = checkedAt !== null && !ISO_DAY.test(readAt) ? Date.parse(checkedAt) > Date.parse(readAt) : checkedOn > readAt.slice(0, 10);
  return liveIsNewer ? null : readAt;
}

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

/** One row of the `facilities` table, column for column. */
export interface FacilityRow {
  license_number: string;
  name: string;
  licensed_name: string;
  name_key: string;
  licensed_name_key: string;
  sort_key: string;
  name_slug: string;
  facility_type: string | null;
  license_status: string | null;
  listed: 0 | 1;
  closed: 0 | 1;
  on_probation: TriState;
  street: string | null;
  city: string | null;
  county: string | null;
  zip: string | null;
  city_key: string | null;
  county_key: string | null;
  capacity: number | null;
  size_words: string;
  phone: string | null;
  licensee: string | null;
  license_first_date: string | null;
  operating_since_year: number | null;
  closed_date: string | null;
  regional_office: string | null;
  latitude: number | null;
  longitude: number | null;
  location_method: string | null;
  dementia: TriState;
  hospice: TriState;
  non_ambulatory: TriState;
  bedridden: TriState;
  clearances_as_of: string | null;
  alw_participation: 'true' | 'not_on_file';
  alw_list_as_of: string | null;
  service_designations: string;
  roster_as_of: string | null;
  last_state_visit: string | null;
  license_status_live: string | null;
  live_status_checked_on: string | null;
  documents_count: number | null;
  documents_since_year: string | null;
  documents_latest_date: string | null;
  type_a_citations: number | null;
  type_b_citations: number | null;
  tallies_since_year: string | null;
  price_kind: string | null;
  price_monthly_usd: number | null;
  price_json: string | null;
  state_record_url: string;
  record_json: string;
  state_documents_json: string;
  /** The detail-only Fact of the export's visits, citations and complaint outcomes (value null when the roster carried none). */
  state_visits_json: string;
  home_json: string;
}

/** The state's own public page for a license: where its documents and live status are read. */
export function stateRecordUrl(license: string): string {
  return `https://www.ccld.dss.ca.gov/carefacilitysearch/FacDetail/${license}`;
}

/** Plain words for a bed count: a description of size, never a grade. */
export function sizeWords(capacity: number | null): string {
  if (capacity === null) return 'bed count not on file';
  if (capacity <= 6) return 'small home (6 beds or fewer)';
  if (capacity <= 15) return 'small residence (7 to 15 beds)';
  if (capacity <= 49) return 'mid-size community (16 to 49 beds)';
  if (capacity <= 99) return 'large community (50 to 99 beds)';
  return 'very large community (100 beds or more)';
}

function alwLine(listed: boolean, listDate: string | null, listRead: boolean): string {
  if (!listRead) return "Not on file: the state's Assisted Living Waiver list was not read for this snapshot.";
  const asOf = listDate ? ` as of ${listDate}` : '';
  return listed
    ? `On the state's Assisted Living Waiver list${asOf}.`
    : `Not on file: this home is not on the state's Assisted Living Waiver list${asOf}. Absence from the list is not a verified no.`;
}

export function buildFacility(inputs: FacilityInputs): FacilityRow {
  const { roster, approvals, dates } = inputs;
  const license = roster.license_number;
  // A row's own file date first; never the run's date (null: the source states none).
  const rosterDate = roster.file_date ?? dates.rosterServed;
  const status = licenseStatusMeaning(roster.status);
  const onProbation: TriState = roster.status === null ? 'not_on_file' : status.probation ? 'true' : 'false';
  // The approvals file, when it carries the home, decides. Else the live detail's client-served
  // codes, verbatim and dated by the detail's check; a code sets an approval only where its words
  // name it (client-served.ts), and nothing here ever reads false.
  const detailCodes = approvals ? null : clientServedCodes(inputs.documents?.detail?.clientServed);
  const codesCheckedOn = detailCodes ? (inputs.documents?.detailCheckedOn ?? null) : null;
  const namedByCodes = detailCodes ? approvalsNamedBy(detailCodes) : new Set<ClearanceKey>();
  const clearanceValue = (key: ClearanceKey): TriState =>
    approvals ? approvals[key] : namedByCodes.has(key) ? 'true' : 'not_on_file';
  const clearancesAsOf = approvals?.as_of ?? (namedByCodes.size > 0 ? codesCheckedOn : dates.approvals);
  const clearanceDate = (key: ClearanceKey): string | null => (namedByCodes.has(key) ? codesCheckedOn : (approvals?.as_of ?? dates.approvals));
  // A home neither source carries: its designations are not on file (null), not an empty list.
  const designations = approvals ? approvals.service_designations : detailCodes;
  const designationsAsOf = detailCodes ? codesCheckedOn : clearancesAsOf;
  const alw = inputs.alwListed ? 'true' : 'not_on_file';
  const operatingSinceYear = roster.license_first_date ? Number(roster.license_first_date.slice(0, 4)) : null;
  const slug = nameSlug(inputs.goesByName);
  const detail = inputs.documents?.detail ?? null;
  const detailCheckedOn = inputs.documents?.detailCheckedOn ?? null;
  const indexCount = inputs.documents?.indexCount ?? null;
  const reportDates = (inputs.documents?.reports ?? []).flatMap((report) => (report.date ? [report.date] : [])).sort();
  const documentsValue: StateDocumentsValue | null =
    indexCount !== null ? { count: indexCount, since_year: reportDates[0]?.slice(0, 4) ?? null, latest_date: reportDates.at(-1) ?? null } : null;
  // The fresher status decides closure: the live record, checked after the roster, that says
  // closed closes the home on every surface (the roster's own words stay as they are).
  const liveCheckedOn = detail?.status ? detailCheckedOn : null;
  const closedLive = closedByLiveStatus(inputs);
  const closed = status.closed || closedLive;
  const listed = status.listed && !closedLive;
  const { page, markdown } = facilityPageLinks(BASE_URL_TOKEN, slug, license);
  // The export's visits and tallies are the record's; a roster without them (the portal's shape)
  // leaves the detail's in place. Either way a tally's years come with it, or no tally is given.
  const exported = roster.visits;
  const visitsValue: StateVisitsValue | null = exported ? { ...exported, since_year: exported.all_visit_dates[0]?.slice(0, 4) ?? null } : null;
  const lastVisit = exported ? exported.last_visit_date : (detail?.lastVisitDate ?? null);
  const lastVisitConfirmed = exported ? rosterDate : detail ? detailCheckedOn : null;
  const typeA = exported ? exported.type_a.total : (detail?.typeA ?? null);
  const typeB = exported ? exported.type_b.total : (detail?.typeB ?? null);
  const talliesSinceYear = exported ? visitsValue!.since_year : (documentsValue?.since_year ?? null);
  const stateRoster = <T>(value: T, ref: string): Fact<T> => fact(value, 'state', rosterDate, ref);
  const clearance = (key: ClearanceKey) => fact(clearanceValue(key), 'state', clearanceDate(key), CLEARANCE_REFS[key]);

  const record: FacilityRecord = {
    license_number: license,
    name: stateRoster(roster.facility_name, 'roster:facility_name'),
    licensed_name: stateRoster(roster.facility_name, 'roster:facility_name'),
    facility_type: stateRoster(roster.facility_type, 'roster:facility_type'),
    license_status: stateRoster(roster.status, 'roster:license_status'),
    // Only the pipeline checks the state's live status; the date of its last check is confirmed_on.
    license_status_live: fact(detail?.status ?? null, 'state', liveCheckedOn, 'roster:license_status_live'),
    on_probation: stateRoster(onProbation, 'roster:on_probation'),
    address: stateRoster({ street: roster.street, city: roster.city, county: roster.county, zip: roster.zip }, 'roster:address'),
    location: fact(
      inputs.location ? { latitude: inputs.location.point.latitude, longitude: inputs.location.point.longitude, method: inputs.location.method } : null,
      'machine_extracted',
      null,
      'derived:geocode',
    ),
    capacity: stateRoster(roster.capacity, 'roster:bed_count'),
    phone: stateRoster(roster.phone, 'roster:phone'),
    licensee: stateRoster(roster.licensee, 'roster:licensee'),
    operating_since_year: stateRoster(operatingSinceYear, 'roster:license_first_date'),
    clearances: {
      dementia: clearance('dementia'),
      hospice: clearance('hospice'),
      non_ambulatory: clearance('non_ambulatory'),
      bedridden: clearance('bedridden'),
    },
    alw_participation: fact(alw, 'state', dates.alwList, 'roster:alw_participating'),
    // The ref stays the spec's for either source (its Facility table fixes it); the date tells them apart.
    service_designations: fact(designations, 'state', designationsAsOf, 'roster:client_served'),
    last_state_visit: fact(lastVisit, 'state', lastVisitConfirmed, 'roster:last_visit'),
    disputes: [],
    links: { facility_page: page, corrections: correctionsLink(license) },
  };

  const stateDocuments: Fact<StateDocumentsValue | null> = fact(
    documentsValue,
    'state',
    documentsValue ? (inputs.documents?.indexFetchedOn ?? null) : null,
    'derived:state_documents',
  );

  const stateVisits: Fact<StateVisitsValue | null> = fact(visitsValue, 'state', visitsValue ? rosterDate : null, 'roster:state_visits');

  const note = closedLive
    ? liveClosedNote({ status: detail!.status!, checkedOn: liveCheckedOn! }, { status: roster.status, asOf: rosterDate })
    : status.closed
      ? closedNote(roster.closed_date)
      : null;
  const home: CompactHome = {
    license_number: license,
    name: inputs.goesByName,
    licensed_name: roster.facility_name,
    city: roster.city,
    county: roster.county,
    // The status that decides, with its own date: the live one when it closed the home.
    license_status: closedLive ? detail!.status : roster.status,
    license_closed: closed,
    status_as_of: closedLive ? liveCheckedOn : rosterDate,
    beds: roster.capacity,
    size_words: sizeWords(roster.capacity),
    clearances: {
      dementia: clearanceValue('dementia'),
      hospice: clearanceValue('hospice'),
      non_ambulatory: clearanceValue('non_ambulatory'),
      bedridden: clearanceValue('bedridden'),
      as_of: clearancesAsOf,
      license_closed: closed,
      closed_note: note,
    },
    medi_cal_alw: {
      value: alw,
      line: alwLine(inputs.alwListed, dates.alwList, inputs.alwListRead),
      scope: inputs.alwListed ? ALW_SCOPE : null,
      list_as_of: dates.alwList,
      license_closed: closed,
      closed_note: note,
    },
    price: inputs.price,
    state_record: {
      documents_on_file: documentsValue?.count ?? null,
      latest_visit_date: lastVisit,
      type_a_citations: typeA,
      type_b_citations: typeB,
      tallies_since_year: talliesSinceYear,
    },
    page,
    markdown,
  };

  return {
    license_number: license,
    name: inputs.goesByName,
    licensed_name: roster.facility_name,
    name_key: nameKey(inputs.goesByName),
    licensed_name_key: nameKey(roster.facility_name),
    sort_key: nameKey(roster.facility_name),
    name_slug: slug,
    facility_type: roster.facility_type,
    license_status: roster.status,
    listed: listed ? 1 : 0,
    closed: closed ? 1 : 0,
    on_probation: onProbation,
    street: roster.street,
    city: roster.city,
    county: roster.county,
    zip: roster.zip,
    city_key: roster.city === null ? null : placeKey(roster.city),
    county_key: roster.county === null ? null : placeKey(roster.county),
    capacity: roster.capacity,
    size_words: sizeWords(roster.capacity),
    phone: roster.phone,
    licensee: roster.licensee,
    license_first_date: roster.license_first_date,
    operating_since_year: operatingSinceYear,
    closed_date: roster.closed_date,
    regional_office: roster.regional_office,
    latitude: inputs.location?.point.latitude ?? null,
    longitude: inputs.location?.point.longitude ?? null,
    location_method: inputs.location?.method ?? null,
    dementia: clearanceValue('dementia'),
    hospice: clearanceValue('hospice'),
    non_ambulatory: clearanceValue('non_ambulatory'),
    bedridden: clearanceValue('bedridden'),
    clearances_as_of: clearancesAsOf,
    alw_participation: alw,
    alw_list_as_of: dates.alwList,
    service_designations: JSON.stringify(designations),
    roster_as_of: rosterDate,
    last_state_visit: lastVisit,
    license_status_live: detail?.status ?? null,
    live_status_checked_on: liveCheckedOn,
    documents_count: documentsValue?.count ?? null,
    documents_since_year: documentsValue?.since_year ?? null,
    documents_latest_date: documentsValue?.latest_date ?? null,
    type_a_citations: typeA,
    type_b_citations: typeB,
    tallies_since_year: talliesSinceYear,
    price_kind: inputs.price?.kind ?? null,
    price_monthly_usd: inputs.price?.monthly_usd ?? null,
    price_json: inputs.price ? JSON.stringify(inputs.price) : null,
    state_record_url: stateRecordUrl(license),
    record_json: JSON.stringify(record),
    state_documents_json: JSON.stringify(stateDocuments),
    state_visits_json: JSON.stringify(stateVisits),
    home_json: JSON.stringify(home),
  };
}
