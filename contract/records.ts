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
  disputes: DisputeAnnotation[];
  links: { facility_page: string; corrections: string };
}

/** The detail form: the Facility record with `state_documents`. */
export type FacilityDetailRecord = FacilityRecord & Required<Pick<FacilityRecord, 'state_documents'>>;

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

/** The call plan's question on a home's own rate: the same facts as its line, asked of the home. */
export function ownRateQuestion(monthlyUsd: number, listing: ListingDates, asOf: string): string {
  const age = listingAgeSentence(listing, asOf);
  return (
    `T${listingSubject(listing).slice(1)} shows a starting rate of ${perMonth(monthlyUsd)}` +
    `${age ? ` (that listing is more than ${LISTING_OLD_AFTER_MONTHS} months old)` : ''}: is that rate current, and what does it include?`
  );
}

/** Sentence that accompanies any `true` waiver value (spec: MCP record conventions). */
export const ALW_SCOPE =
  'The Assisted Living Waiver pays for care services only; it does not pay for room and board.';

export function closedNote(closedOn: string | null): string {
  return closedOn
    ? `This license closed on ${closedOn}. Care approvals and waiver values are what the record held while it was open; they are history, not current approvals.`
    : 'This license is closed. Care approvals and waiver values are what the record held while it was open; they are history, not current approvals.';
}
