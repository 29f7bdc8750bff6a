// The MCP flat record: one shaper for every tool that returns a home, a pure function of the home
// record (which carries the overlay). The compact form (lists, comparisons, hand-off) reads its
// compact home; the full form (get_home) adds the detail Facility and names the clearances under
// correction review in clearances.under_review.
import type * as z from 'zod/v4';
import { CLEARANCE_KEYS, licenseStatusMeaning, TRI_STATES, type TriState } from '../../contract/facts.ts';
import type { CompactHome, RestFacilityDetail } from '../../contract/records.ts';
import { APPROXIMATE_DISTANCE, isApproximateLocation, locationNote, approvalsSourceNote, CLOSED_PHONE } from '../words/wording.ts';
import type { compactRecord, dataDates, fullRecord, listedHome } from './schemas.ts';
import type { HomeRecord, ListedView } from '../records/home-record.ts';
import type { Snapshot } from '../records/snapshot.ts';
import { waiverLine } from '../shape/waiver-line.ts';
import type { ShapeContext } from '../records/context.ts';
import type { Language } from '../words/language.ts';
import { say } from '../words/catalog.ts';
import { RECORD_WORDS, recordSentenceIn as said, sizeWordsIn } from '../words/record-words.ts';
import { priceLineIn } from '../words/price-words.ts';
import { pageIn } from './language.ts';

export type McpCompactRecord = z.infer<typeof compactRecord>;

export function mcpDataDates(snapshot: Snapshot): z.infer<typeof dataDates> {
  return {
    state_record_loaded_on: snapshot.meta.rosterAsOf,
    alw_list_as_of: snapshot.meta.alwListAsOf,
    care_approvals_as_of: snapshot.meta.approvalsAsOf,
    snapshot_date: snapshot.meta.snapshotDate,
  };
}

/**
 * The roster's status and date. The stored compact home carries the status that decided (the live
 * record's when it closed the home, with the live check's date); license.status is the roster's,
 * as its label and the REST record say, and the live one is status_live (get_home) and the closed note.
 */
function rosterStatus(context: ShapeContext, row: { license_status: string | null }, home: CompactHome): { status: string | null; as_of: string | null } {
  if (home.license_status === row.license_status) return { status: home.license_status, as_of: home.status_as_of };
  return { status: row.license_status, as_of: context.snapshot.meta.rosterAsOf };
}

/** A status that is not a license yet says so (pending is an application everywhere). */
function statusNoteOf(status: string | null, language: Language): string | null {
  return licenseStatusMeaning(status).pending ? say(RECORD_WORDS.pending, language) : null;
}

function triState(value: string | null | undefined): TriState {
  return (TRI_STATES as readonly string[]).includes(value ?? '') ? (value as TriState) : 'not_on_file';
}

/** A link to this service's page of a home, to the Spanish twin for a Spanish ask. */
function linkIn(context: ShapeContext, url: string, language: Language): string {
  return language === 'en' ? url : pageIn(language, url, context.filler.baseUrl);
}

// Each block below names the schema's keys in its order as an object literal: the MCP record
// carries no field the schema does not declare (a stored block may hold more), and a literal is
// built and written out faster than a copy made key by key (lists shape 20 to 50 homes a call).

/** The stored price block with exactly the keys the schema names (`listing` only when present). */
function priceOf({ price }: CompactHome, language: Language = 'en'): McpCompactRecord['price'] {
  if (!price) return null;
  const { likely_range_usd: range, listing } = price;
  const block: McpCompactRecord['price'] = {
    kind: price.kind,
    is_this_homes_own_rate: price.is_this_homes_own_rate,
    monthly_usd: price.monthly_usd,
    likely_range_usd: range ? { low: range.low, high: range.high } : null,
    line: language === 'en' ? price.line : (priceLineIn(price, language) ?? price.line),
  };
  if (listing) block.listing = { site: listing.site, url: listing.url, seen_on: listing.seen_on, updated_on: listing.updated_on };
  return block;
}

function clearancesOf({ clearances: c }: CompactHome, approvalsRead: boolean, language: Language) {
  return {
    source_note: said(approvalsSourceNote(approvalsRead, [c.dementia, c.hospice, c.non_ambulatory, c.bedridden]), language),
    dementia: c.dementia,
    hospice: c.hospice,
    non_ambulatory: c.non_ambulatory,
    bedridden: c.bedridden,
    as_of: c.as_of,
    license_closed: c.license_closed,
    closed_note: said(c.closed_note, language),
  };
}

function mediCalAlwOf(snapshot: Snapshot, { license_number, medi_cal_alw: alw }: CompactHome, language: Language): McpCompactRecord['medi_cal_alw'] {
  return {
    value: alw.value,
    line: said(waiverLine(snapshot, license_number, alw), language),
    scope: said(alw.scope, language),
    list_as_of: alw.list_as_of,
    license_closed: alw.license_closed,
    closed_note: said(alw.closed_note, language),
  };
}

function stateRecordOf({ state_record: record }: CompactHome): McpCompactRecord['state_record'] {
  return {
    documents_on_file: record.documents_on_file,
    latest_visit_date: record.latest_visit_date,
    type_a_citations: record.type_a_citations,
    type_b_citations: record.type_b_citations,
    tallies_since_year: record.tallies_since_year,
  };
}

/** Compact form: what every list, comparison and hand-off carries per home. */
export function mcpCompactRecord(context: ShapeContext, { row, compact: home }: ListedView, language: Language = 'en'): McpCompactRecord {
  const meta = context.snapshot.meta;
  return {
    license_number: home.license_number,
    name: home.name,
    licensed_name: home.licensed_name,
    city: home.city,
    county: home.county,
    license: {
      ...rosterStatus(context, row, home),
      closed: home.license_closed,
      closed_note: home.license_closed ? said(home.clearances.closed_note, language) : null,
      status_note: statusNoteOf(home.license_status, language),
      on_probation: triState(row.on_probation),
    },
    beds: home.beds,
    size_words: sizeWordsIn(home.size_words, language),
    clearances: clearancesOf(home, meta.approvalsRead, language),
    medi_cal_alw: mediCalAlwOf(context.snapshot, home, language),
    price: priceOf(home, language),
    state_record: stateRecordOf(home),
    state_record_url: row.state_record_url,
    links: { page: linkIn(context, home.page, language), markdown: linkIn(context, home.markdown, language) },
    state_record_loaded_on: meta.rosterAsOf,
    alw_list_as_of: meta.alwListAsOf,
  };
}

/** A list item: the lean listed home (schemas.ts listedHome) and its distance from the caller's point (null without one). */
export function mcpListedHome(context: ShapeContext, { row, compact: home }: ListedView, distanceKm: number | null, language: Language = 'en'): z.infer<typeof listedHome> {
  const c = home.clearances;
  return {
    license_number: home.license_number,
    name: home.name,
    licensed_name: home.licensed_name,
    city: home.city,
    county: home.county,
    license: { status: home.license_status, on_probation: triState(row.on_probation), as_of: home.status_as_of },
    beds: home.beds,
    clearances: {
      dementia: c.dementia,
      hospice: c.hospice,
      non_ambulatory: c.non_ambulatory,
      bedridden: c.bedridden,
      as_of: c.as_of,
      source_note: said(approvalsSourceNote(context.snapshot.meta.approvalsRead, [c.dementia, c.hospice, c.non_ambulatory, c.bedridden]), language),
    },
    medi_cal_alw: home.medi_cal_alw.value,
    price: priceOf(home, language),
    state_record: stateRecordOf(home),
    state_record_url: row.state_record_url,
    page: linkIn(context, home.page, language),
    // The contract's record conventions: a markdown link and the two data dates on every result.
    markdown: linkIn(context, home.markdown, language),
    state_record_loaded_on: context.snapshot.meta.rosterAsOf,
    alw_list_as_of: context.snapshot.meta.alwListAsOf,
    distance_km: distanceKm === null ? null : Math.round(distanceKm * 10) / 10,
    distance_note: distanceKm !== null && isApproximateLocation(row.location_method) ? said(APPROXIMATE_DISTANCE, language) : null,
  };
}

/** Full form (get_home): address, phone, licensee, capacity, location, license, clearances with under_review, and more. */
/** The export's visits, in the MCP record's few fields: a count only with its years and its date. */
function visitsOf(visits: RestFacilityDetail['state_visits']): z.infer<typeof fullRecord>['state_visits'] {
  const value = visits.value;
  if (!value) return null;
  const { inspection, other, complaint, total } = value.visits;
  const { total: allegations, substantiated, inconclusive, unsubstantiated, unfounded } = value.allegations;
  return {
    since_year: value.since_year,
    visits: { inspection, other, complaint, total },
    type_a: value.type_a,
    type_b: value.type_b,
    allegations: { total: allegations, substantiated, inconclusive, unsubstantiated, unfounded },
    as_of: visits.confirmed_on,
  };
}

export function mcpFullRecord(context: ShapeContext, homeRecord: HomeRecord, language: Language = 'en'): z.infer<typeof fullRecord> {
  const { row, compact: home, detail: record, underReview: underReviewOf } = homeRecord;
  const meta = context.snapshot.meta;
  const underReview = CLEARANCE_KEYS.filter((key) => underReviewOf.includes(key));
  const location = record.location.value;
  const address = record.address.value;
  const documents = record.state_documents;
  return {
    license_number: row.license_number,
    name: home.name,
    licensed_name: home.licensed_name,
    facility_type: record.facility_type.value,
    address: { street: address.street, city: address.city, county: address.county, zip: address.zip, as_of: record.address.confirmed_on },
    location: location
      ? { latitude: location.latitude, longitude: location.longitude, method: location.method ?? row.location_method ?? 'address', source_class: 'machine_extracted', note: said(locationNote(location.method ?? row.location_method), language) }
      : null,
    phone: { number: record.phone.value, as_of: record.phone.confirmed_on, note: home.license_closed ? said(CLOSED_PHONE, language) : null },
    licensee: { name: record.licensee.value, as_of: record.licensee.confirmed_on },
    capacity: { beds: record.capacity.value, size_words: sizeWordsIn(home.size_words, language), as_of: record.capacity.confirmed_on },
    operating_since_year: record.operating_since_year.value,
    license: {
      ...rosterStatus(context, row, home),
      status_live: record.license_status_live.value,
      status_live_checked_on: record.license_status_live.confirmed_on ?? row.live_status_checked_on,
      closed: home.license_closed,
      closed_note: home.license_closed ? said(home.clearances.closed_note, language) : null,
      status_note: statusNoteOf(home.license_status, language),
      on_probation: triState(record.on_probation.value),
    },
    clearances: { ...clearancesOf(home, meta.approvalsRead, language), under_review: underReview },
    service_designations: { codes: record.service_designations.value, as_of: record.service_designations.confirmed_on },
    medi_cal_alw: mediCalAlwOf(context.snapshot, home, language),
    price: priceOf(home, language),
    state_record: stateRecordOf(home),
    state_documents: {
      count: documents?.value?.count ?? null,
      since_year: documents?.value?.since_year ?? null,
      latest_date: documents?.value?.latest_date ?? null,
      as_of: documents?.confirmed_on ?? null,
    },
    state_visits: visitsOf(homeRecord.restDetail.state_visits),
    disputes: record.disputes.map((dispute) => ({ field: dispute.field, text: dispute.text, approved_on: dispute.approved_on })),
    state_record_url: row.state_record_url,
    links: {
      page: linkIn(context, home.page, language),
      markdown: linkIn(context, home.markdown, language),
      corrections: linkIn(context, record.links.corrections, language),
    },
    state_record_loaded_on: meta.rosterAsOf,
    alw_list_as_of: meta.alwListAsOf,
    data_dates: mcpDataDates(context.snapshot),
  };
}
