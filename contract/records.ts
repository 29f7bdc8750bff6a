// Output shapes stored precomputed in each snapshot (as JSON) and served as they are.
// URLs inside stored JSON start with BASE_URL_TOKEN; the server puts its BASE_URL there.
import type { ClearanceKey, Fact, TriState, TriStateFact } from './facts.ts';
import type { DisputeAnnotation } from './overlay.ts';

export const BASE_URL_TOKEN = '{base_url}';

/**
 * A home's corrections-form link (`links.corrections`), as stored (base URL token first) or under
 * a given base URL: the one place its shape is written.
 */
export function correctionsLink(license: string, baseUrl: string = BASE_URL_TOKEN): string {
  return `${baseUrl}/corrections?license=${license}`;
}

/**
 * A home's page path, `/facility/<name slug>-<license>`: the one place its shape is written. The
 * pipeline stores it (after the base URL token) as `links.page`; the server routes and links to it.
 */
export function facilityPagePath(nameSlug: string, license: string): string {
  return `/facility/${nameSlug}-${license}`;
}

/** A home's page and its Markdown twin (the page's address with `.md`), under `baseUrl` (the pipeline stores BASE_URL_TOKEN there). */
export function facilityPageLinks(baseUrl: string, nameSlug: string, license: string): { page: string; markdown: string } {
  const page = baseUrl + facilityPagePath(nameSlug, license);
  return { page, markdown: `${page}.md` };
}

export interface AddressValue {
  street: string | null;
  city: string | null;
  county: string | null;
  zip: string | null;
}

/**
 * How a home's map point was found: the state's facility-locations file (by license number), the
 * Census geocoder from its address, or only its ZIP code's centroid (a distance from it is approximate).
 */
export type LocationMethod = 'state_locations' | 'address' | 'zip_centroid';
export const LOCATION_METHODS: readonly LocationMethod[] = ['state_locations', 'address', 'zip_centroid'];

export interface LocationValue {
  latitude: number;
  longitude: number;
  method: LocationMethod;
}

export interface StateDocumentsValue {
  count: number;
  since_year: string | null;
  latest_date: string | null;
}

/** Visits, Type A / Type B citations by visit type, or allegations by outcome: null where the state's cell was blank. */
export interface VisitCounts {
  inspection: number | null;
  complaint: number | null;
  other: number | null;
  total: number | null;
}

export interface CitationCounts {
  inspection: number | null;
  other: number | null;
  complaint: number | null;
  /** inspection + other + complaint, as the state sums them. */
  total: number | null;
}

/** One complaint of the export's tail: its date and how its allegations were found, with the citations it led to. */
export interface ComplaintOutcome {
  date: string | null;
  substantiated: number | null;
  inconclusive: number | null;
  unsubstantiated: number | null;
  unfounded: number | null;
  type_a: number | null;
  type_b: number | null;
}

/**
 * A home's visits, citations and complaint outcomes as the state's weekly export states them
 * (dates ISO, lists oldest first). A substantiated allegation is a finding on one complaint, not
 * a judgement of the home; the counts cover the years of `all_visit_dates` only.
 */
export interface StateVisits {
  last_visit_date: string | null;
  visits: VisitCounts;
  all_visit_dates: string[];
  inspection_visit_dates: string[];
  other_visit_dates: string[];
  type_a: CitationCounts;
  type_b: CitationCounts;
  /** Title 22 sections cited, verbatim (`87411(a)`). */
  citation_sections: string[];
  /** Dates plans of correction were due or received. */
  poc_dates: string[];
  allegations: { total: number | null; substantiated: number | null; inconclusive: number | null; unsubstantiated: number | null; unfounded: number | null };
  complaints: ComplaintOutcome[];
}

/** The visits as served: with the first year they cover (the year of the earliest visit date), without which no count is shown. */
export type StateVisitsValue = StateVisits & { since_year: string | null };

/** The v1 REST Facility record (list item and detail; detail adds `state_documents`). */
export interface FacilityRecord {
  license_number: string;
  name: Fact<string>;
  licensed_name: Fact<string>;
  facility_type: Fact<string | null>;
  license_status: Fact<string | null>;
  license_status_live: Fact<string | null>;
  on_probation: TriStateFact;
  address: Fact<AddressValue>;
  location: Fact<LocationValue | null>;
  capacity: Fact<number | null>;
  phone: Fact<string | null>;
  licensee: Fact<string | null>;
  operating_since_year: Fact<number | null>;
  clearances: Record<ClearanceKey, TriStateFact>;
  /** Absence from the waiver list is not a verified no: never 'false'. */
  alw_participation: Fact<'true' | 'not_on_file'>;
  /** null: the care approvals file does not carry the home (an empty list: it carries none for it). */
  service_designations: Fact<string[] | null>;
  last_state_visit: Fact<string | null>;
  /** Detail form only; value null until the license's state documents are loaded. */
  state_documents?: Fact<StateDocumentsValue | null>;
  /**
   * Detail form only: visits, citations and complaint outcomes from the state's weekly export;
   * confirmed_on is the day it was retrieved from the state. Value null when the roster read carries none.
   */
  state_visits?: Fact<StateVisitsValue | null>;
  disputes: DisputeAnnotation[];
  links: { facility_page: string; corrections: string };
}

/** The detail form: the Facility record with `state_documents`. */
export type FacilityDetailRecord = FacilityRecord & Required<Pick<FacilityRecord, 'state_documents'>>;

/** The REST detail endpoint's record: the detail form with the export's visits (the check's `record` carries its tallies in `state_record` instead). */
export type RestFacilityDetail = FacilityDetailRecord & Required<Pick<FacilityRecord, 'state_visits'>>;

/** The compact `home` of a batch-check result. */
export interface CompactHome {
  license_number: string;
  name: string;
  licensed_name: string;
  city: string | null;
  county: string | null;
  license_status: string | null;
  license_closed: boolean;
  status_as_of: string | null;
  beds: number | null;
  size_words: string;
  clearances: Record<ClearanceKey, TriState> & {
    as_of: string | null;
    license_closed: boolean;
    closed_note: string | null;
  };
  medi_cal_alw: {
    value: 'true' | 'not_on_file';
    line: string;
    scope: string | null;
    list_as_of: string | null;
    license_closed: boolean;
    closed_note: string | null;
  };
  price: null | {
    kind: PriceKind;
    is_this_homes_own_rate: boolean;
    monthly_usd: number | null;
    likely_range_usd: { low: number; high: number } | null;
    line: string;
    listing?: { site: string; url: string; seen_on: string | null; updated_on: string | null };
  };
  state_record: {
    documents_on_file: number | null;
    latest_visit_date: string | null;
    type_a_citations: number | null;
    type_b_citations: number | null;
    tallies_since_year: string | null;
  };
  page: string;
  markdown: string;
}

export type PriceKind = 'home_listed' | 'home_confirmed' | 'covelight_estimate' | 'area_typical';

/**
 * Whether a price kind is the home's own rate (spec: only `is_this_homes_own_rate: true` makes the
 * figure a price). An estimate or an area figure is never this home's price, so nothing may be
 * decided about the home on it (a budget filter keeps such homes in).
 */
export function isOwnRateKind(kind: string | null | undefined): boolean {
  return kind === 'home_listed' || kind === 'home_confirmed';
}

/**
 * A listed rate's age. A rate line names the listing's own date (when the listing was last
 * updated), never the day we read it, and says plainly when that date is more than this many
 * months before the data was loaded (the run's date, which is the snapshot's date): a rate that
 * old may no longer hold. docs/api.md ("Prices") documents the threshold.
 */
export const LISTING_OLD_AFTER_MONTHS = 12;

type ListingDates = { site: string; seen_on: string | null; updated_on: string | null };

const perMonth = (usd: number) => `$${usd.toLocaleString('en-US')} a month`;

/** Whether the listing was last updated more than LISTING_OLD_AFTER_MONTHS before `asOf` (a date, YYYY-MM-DD). */
export function listingIsOld(updatedOn: string | null, asOf: string): boolean {
  if (updatedOn === null) return false;
  const [year, month, day] = asOf.split('-').map(Number) as [number, number, number];
  const cutoff = new Date(Date.UTC(year, month - 1 - LISTING_OLD_AFTER_MONTHS, day)).toISOString().slice(0, 10);
  return updatedOn < cutoff;
}

/**
 * "the listing on caringplaces.example, last updated 2025-08-29," (or: it gives no date of its
 * own), as the subject of a sentence: the closing comma is there when the date clause needs it.
 */
function listingSubject(listing: ListingDates): string {
  return listing.updated_on
    ? `the listing on ${listing.site}, last updated ${listing.updated_on},`
    : `the listing on ${listing.site} (it gives no date of its own${listing.seen_on ? `; we read it on ${listing.seen_on}` : ''})`;
}

/** The plain sentence on an old listing, or '' when it is not old (or has no date). */
export function listingAgeSentence(listing: ListingDates, asOf: string): string {
  return listingIsOld(listing.updated_on, asOf)
    ? `That listing is more than ${LISTING_OLD_AFTER_MONTHS} months old, so the rate may no longer hold.`
    : '';
}

/** A home's own rate, as its price line says it (quoted the same way by the family's call plan). */
export function ownRateLine(monthlyUsd: number, listing: ListingDates & { confirmed_by_home: boolean }, asOf: string): string {
  const amount = perMonth(monthlyUsd);
  const age = listingAgeSentence(listing, asOf);
  return listing.confirmed_by_home
    ? `${amount}: this home's own starting rate, which ${listingSubject(listing)} says the home confirmed.${age ? ` ${age}` : ''} Rates change; confirm with the home.`
    : `${amount}: this home's own starting rate as published in ${listingSubject(listing).replace(/,$/, '')}, not confirmed by the home.${age ? ` ${age}` : ''} Confirm with the home.`;
}

/** Sentence that accompanies any `true` waiver value (spec: MCP record conventions). */
export const ALW_SCOPE =
  'The Assisted Living Waiver pays for care services only; it does not pay for room and board.';

/**
 * The state's live record, checked after the roster's date, shows the license closed while the
 * roster still lists it: the note names both sources and both dates.
 */
export function liveClosedNote(live: { status: string; checkedOn: string }, roster: { status: string | null; asOf: string | null }): string {
  const rosterSaid = roster.asOf ? `the state roster of ${roster.asOf}` : 'the state roster';
  return (
    `The state's live record, checked on ${live.checkedOn}, shows this license as "${live.status}"; ${rosterSaid} still listed it as ${roster.status ?? 'not on file'}. ` +
    'Care approvals and waiver values are what the record held while it was open; they are history, not current approvals.'
  );
}

export function closedNote(closedOn: string | null): string {
  return closedOn
    ? `This license closed on ${closedOn}. Care approvals and waiver values are what the record held while it was open; they are history, not current approvals.`
    : 'This license is closed. Care approvals and waiver values are what the record held while it was open; they are history, not current approvals.';
}
