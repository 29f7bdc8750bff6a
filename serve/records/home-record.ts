// One home record per license, snapshot and overlay version: the stored row decoded once, with
// the server's base URL filled in and the operator overlay applied HERE and nowhere else (spec
// "Facility record" rules 1-2: a clearance under correction review reads not_on_file, its granting
// service designations are withheld, approved disputes are attached). Every surface (REST,
// check, MCP, pages, site, hand-off) shapes its output as a pure function of this record, and
// every `needs` filter asks licensesFailingNeeds. The bounded per-snapshot LRU below is the
// server's one cache of home data. A first touch of a home the overlay leaves alone (the common
// case under real traffic) may instead be answered from a narrow read of exactly the stored text
// it needs (storedOrRecord, checkHomesOf, listedViewsOf, restListTextsOf): the same bytes, no record built or kept.
import { LRUCache } from 'lru-cache';
import type { ClearanceKey } from '../../contract/facts.ts';
import { correctionsLink, facilityPageLinks, type AddressValue, type CompactHome, type FacilityDetailRecord, type FacilityRecord, type RestFacilityDetail } from '../../contract/records.ts';
import type { Overlay } from './overlay.ts';
import { columnsByLicenses, facilityByLicense, facilitiesByLicenses, storedTextsByLicense, type CheckRow, type FacilityRow } from './query.ts';
import type { BaseUrlFiller } from './base-url.ts';
import type { ShapeContext } from './context.ts';
import { applyReviews, applyReviewsToFlat } from './reviews.ts';
import type { Snapshot } from './snapshot.ts';

export interface HomeRecord {
  readonly license: string;
  /** The snapshot row as stored (overlay-free: for columns no record field carries). */
  readonly row: FacilityRow;
  /** Clearances under a held correction review, in the overlay's order. */
  readonly underReview: readonly ClearanceKey[];
  /** The REST Facility record, list form, overlay applied. Shared: never mutate. */
  readonly facility: FacilityRecord;
  /** The detail form: `facility` plus `state_documents`. */
  readonly detail: FacilityDetailRecord;
  /** The REST detail endpoint's form: the detail with the export's visits, citations and complaint outcomes. */
  readonly restDetail: RestFacilityDetail;
  /** The compact home (check, MCP lists, pages), overlay applied. */
  readonly compact: CompactHome;
  /** The stored texts, base URL filled, when the overlay changed nothing: served verbatim. */
  readonly verbatim: StoredTexts | null;
  /** An encoded form of this record (REST bytes, check fragments), built once and kept with it. */
  encoded<T extends object | string>(form: string, build: () => T): T;
}

/** Characters of stored JSON kept per snapshot (decoded records cost a few times that in memory). */
const CACHE_CHARS = 16 * 1024 * 1024;

interface Entry {
  row: FacilityRow;
  built?: { version: string; baseUrl: string; record: HomeRecord };
}

const caches = new WeakMap<Snapshot, LRUCache<string, Entry | 'absent'>>();

function cacheOf(snapshot: Snapshot): LRUCache<string, Entry | 'absent'> {
  let cache = caches.get(snapshot);
  if (!cache) {
    cache = new LRUCache<string, Entry | 'absent'>({
      maxSize: CACHE_CHARS,
      sizeCalculation: (entry) =>
        entry === 'absent' ? 1 : entry.row.record_json.length + entry.row.home_json.length + entry.row.state_documents_json.length,
    });
    caches.set(snapshot, cache);
  }
  return cache;
}

function entryOf(snapshot: Snapshot, license: string): Entry | undefined {
  const cache = cacheOf(snapshot);
  let entry = cache.get(license);
  if (entry === undefined) {
    const row = facilityByLicense(snapshot, license);
    entry = row ? { row } : 'absent';
    // Only a well-formed absent license is remembered: random input must not fill the cache.
    if (row || /^\d{9}$/.test(license)) cache.set(license, entry);
  }
  return entry === 'absent' ? undefined : entry;
}

/** The record of a license as served now; undefined when it is not on the roster. */
export function homeRecord(context: ShapeContext, license: string): HomeRecord | undefined {
  const entry = entryOf(context.snapshot, license);
  return entry && recordOf(context, entry);
}

/**
 * The record of a license for one answer, kept nowhere when nothing holds it yet and the overlay
 * leaves the home alone: under real traffic almost every call is a home's first touch, and a record
 * kept in the cache would only be promoted into the old generation and collected later, unread.
 */
export function uncachedHomeRecord(context: ShapeContext, license: string): HomeRecord | undefined {
  if (answeredByRecord(context, license)) return homeRecord(context, license);
  const row = facilityByLicense(context.snapshot, license);
  return row && buildRecord(row, context.overlay, context.filler);
}

/** A home's stored texts, base URL filled: what a record the overlay left alone sends verbatim. */
export interface StoredTexts {
  record: string;
  documents: string;
  visits: string;
}

/**
 * What a home's REST answer is made of: the stored texts when the overlay leaves the home alone,
 * else its record. The texts come from one narrow read that builds and keeps nothing: under real
 * traffic almost every request is a home's first touch, and a record built only to send its stored
 * text would be dropped unread. Undefined when the license is not on the roster.
 */
export function storedOrRecord(context: ShapeContext, license: string): StoredTexts | HomeRecord | undefined {
  if (answeredByRecord(context, license)) return homeRecord(context, license);
  const texts = storedTextsByLicense(context.snapshot, license);
  return texts && { record: context.filler.fillText(texts.record_json), documents: context.filler.fillText(texts.state_documents_json), visits: texts.state_visits_json };
}

/**
 * Whether a home is answered from its record rather than from a narrow read of its stored texts:
 * when the overlay changes it, or when its row (or its absence) is held already.
 */
function answeredByRecord(context: ShapeContext, license: string): boolean {
  return context.overlay.touches(license) || cacheOf(context.snapshot).has(license);
}

/** Records of these licenses in the order given; licenses not on the roster are skipped. */
export function homeRecords(context: ShapeContext, licenses: readonly string[]): HomeRecord[] {
  const cache = cacheOf(context.snapshot);
  const missing = licenses.filter((license) => !cache.has(license));
  // One query for every license not yet held, instead of one per license.
  if (missing.length > 1) for (const row of facilitiesByLicenses(context.snapshot, missing)) cache.set(row.license_number, { row: row as FacilityRow });
  return licenses.flatMap((license) => homeRecord(context, license) ?? []);
}

function recordOf(context: ShapeContext, entry: Entry): HomeRecord {
  const { overlay } = context;
  const baseUrl = context.filler.baseUrl;
  if (entry.built && entry.built.version === overlay.version && entry.built.baseUrl === baseUrl) return entry.built.record;
  const record = buildRecord(entry.row, overlay, context.filler);
  entry.built = { version: overlay.version, baseUrl, record };
  return record;
}

/** Decodes one row under an overlay, uncached (the cache above calls it once per version). */
export function buildRecord(row: FacilityRow, overlay: Overlay, filler: BaseUrlFiller): HomeRecord {
  const license = row.license_number;
  const fill = (stored: string) => filler.fillText(stored);
  const underReview = overlay.reviewsOf(license);
  const touched = overlay.touches(license);

  const recordJson = fill(row.record_json);
  const documentsJson = fill(row.state_documents_json);
  // Decoded on first use: a REST answer for an untouched home sends the verbatim text and never
  // needs the objects, and a first touch of a home is the common case under real traffic.
  let decoded: { facility: FacilityRecord; compact: CompactHome } | undefined;
  let detail: FacilityDetailRecord | undefined;
  const decode = () => {
    if (decoded) return decoded;
    const facility = JSON.parse(recordJson) as FacilityRecord;
    const compact = JSON.parse(fill(row.home_json)) as CompactHome;
    if (touched) {
      applyReviews(facility, underReview);
      applyReviewsToFlat(compact.clearances, underReview);
      facility.disputes = [...overlay.disputesOf(license)];
    }
    return (decoded = { facility, compact });
  };

  const forms = new Map<string, object | string>();
  return {
    license,
    row,
    underReview,
    get facility() {
      return decode().facility;
    },
    get detail() {
      return (detail ??= { ...decode().facility, state_documents: JSON.parse(documentsJson) as FacilityDetailRecord['state_documents'] });
    },
    get restDetail(): RestFacilityDetail {
      return { ...this.detail, state_visits: JSON.parse(row.state_visits_json) as RestFacilityDetail['state_visits'] };
    },
    get compact() {
      return decode().compact;
    },
    verbatim: touched ? null : { record: recordJson, documents: documentsJson, visits: row.state_visits_json },
    encoded<T extends object | string>(form: string, build: () => T): T {
      let value = forms.get(form) as T | undefined;
      if (value === undefined) forms.set(form, (value = build()));
      return value;
    },
  };
}

/**
 * Spec rule 2 for every list filtered by `needs`: the licenses that must not match because a
 * needed clearance is under correction review. Every `needs` filter (REST, MCP, pages, site)
 * leaves these out.
 */
export function licensesFailingNeeds(overlay: Overlay, needs: readonly ClearanceKey[]): Set<string> {
  return new Set(needs.flatMap((need) => overlay.licensesUnderReview(need)));
}

/**
 * What the batch check shows of a home no record is held for and the overlay leaves alone: when it
 * is matched, its stored compact home (which is then the record's); when it is offered as a
 * candidate, its candidate columns, address, page links and corrections link, read narrowly. Like
 * the REST detail's stored texts, it builds and keeps no record: under real traffic most checked
 * homes are first touches, and a home only offered has no stored text parsed at all.
 */
export interface StoredCheckHome {
  license: string;
  /** Null unless the home was asked for as a match. */
  compact: CompactHome | null;
  /** Null unless the home was asked for as a candidate. */
  asCandidate: { row: CheckRow; address: AddressValue; links: { page: string; markdown: string }; corrections: string } | null;
}

/**
 * Per license, its record when one is held, the overlay touches it or `recordsFor` asks for it;
 * else its stored check home with what `matched` and `candidates` need of it, every stored home
 * from the same two batched reads. Licenses not on the roster are left out.
 */
export function checkHomesOf(
  context: ShapeContext,
  licenses: readonly string[],
  { recordsFor, matched, candidates }: { recordsFor: ReadonlySet<string>; matched: ReadonlySet<string>; candidates: ReadonlySet<string> },
): Map<string, HomeRecord | StoredCheckHome> {
  const { snapshot, filler } = context;
  return recordsElseStored(context, licenses, (license) => recordsFor.has(license), (stored) => {
    const homes = new Map<string, StoredCheckHome>();
    const homeOf = (license: string) => {
      let home = homes.get(license);
      if (!home) homes.set(license, (home = { license, compact: null, asCandidate: null }));
      return home;
    };
    // Two narrow reads of plain columns: a matched home's stored compact home, an offered home's
    // candidate columns (the address is the roster's, as the record's is; the page is the slug's).
    for (const read of columnsByLicenses(snapshot, ['home_json'], stored.filter((license) => matched.has(license)))) {
      homeOf(read.license_number).compact = JSON.parse(filler.fillText(read.home_json)) as CompactHome;
    }
    for (const read of columnsByLicenses(snapshot, CANDIDATE_COLUMNS, stored.filter((license) => candidates.has(license)))) {
      homeOf(read.license_number).asCandidate = candidateParts(read, filler.baseUrl);
    }
    return [...homes.values()];
  });
}

const CANDIDATE_COLUMNS = ['name', 'licensed_name', 'city', 'county', 'capacity', 'license_status', 'state_record_url', 'street', 'zip', 'name_slug'] as const;

/**
 * The one split behind every narrow read of many homes: a license the overlay changes, whose
 * record is held, or that `wantsRecord` names comes as its record; the others are read together by
 * `readStored`, which builds and keeps nothing. Licenses not on the roster are left out.
 */
function recordsElseStored<T extends { license: string }>(
  context: ShapeContext,
  licenses: readonly string[],
  wantsRecord: (license: string) => boolean,
  readStored: (licenses: readonly string[]) => T[],
): Map<string, HomeRecord | T> {
  const recorded = new Set(licenses.filter((license) => wantsRecord(license) || answeredByRecord(context, license)));
  const shown = new Map<string, HomeRecord | T>(homeRecords(context, [...recorded]).map((record) => [record.license, record]));
  const stored = licenses.filter((license) => !recorded.has(license));
  if (stored.length > 0) for (const home of readStored(stored)) shown.set(home.license, home);
  return shown;
}

function candidateParts(read: Pick<FacilityRow, 'license_number' | (typeof CANDIDATE_COLUMNS)[number]>, baseUrl: string): NonNullable<StoredCheckHome['asCandidate']> {
  const { license_number: license, name, licensed_name, city, county, capacity, license_status, state_record_url, street, zip } = read;
  return {
    row: { license_number: license, name, licensed_name, city, county, capacity, license_status, state_record_url },
    address: { street, city, county, zip },
    // The links the pipeline stored in the compact home, from the same stored slug.
    links: facilityPageLinks(baseUrl, read.name_slug, license),
    corrections: correctionsLink(license, baseUrl),
  };
}

const LISTED_VIEW_COLUMNS = ['on_probation', 'state_record_url', 'location_method', 'license_status', 'home_json'] as const;
const REST_LIST_COLUMNS = ['record_json', 'state_visits_json'] as const;

/** What a list item shows of a home: its compact home and the two row columns lists carry. A record is one. */
export interface ListedView {
  readonly license: string;
  readonly row: Pick<FacilityRow, 'on_probation' | 'state_record_url' | 'location_method' | 'license_status'>;
  readonly compact: CompactHome;
}

/**
 * The list views of these licenses (not on the roster: left out): a home the overlay changes, or
 * whose record is held, from its record; every other one from one narrow batched read of its
 * stored compact home, building and keeping no record (a list page is mostly first touches).
 */
export function listedViewsOf(context: ShapeContext, licenses: readonly string[]): Map<string, ListedView> {
  return recordsElseStored<ListedView>(context, licenses, () => false, (stored) =>
    columnsByLicenses(context.snapshot, LISTED_VIEW_COLUMNS, stored).map((read) => ({
      license: read.license_number,
      row: { on_probation: read.on_probation, state_record_url: read.state_record_url, location_method: read.location_method, license_status: read.license_status },
      compact: JSON.parse(context.filler.fillText(read.home_json)) as CompactHome,
    })),
  );
}

/**
 * The REST list form of these licenses (not on the roster: left out): a home the overlay changes,
 * or whose record is held, as its record; every other one as its stored record text, base URL
 * filled, from one narrow batched read that builds and keeps no record.
 */
export function restListTextsOf(context: ShapeContext, licenses: readonly string[]): Map<string, HomeRecord | { license: string; text: string; visits: string }> {
  return recordsElseStored(context, licenses, () => false, (stored) =>
    columnsByLicenses(context.snapshot, REST_LIST_COLUMNS, stored).map((read) => ({ license: read.license_number, text: context.filler.fillText(read.record_json), visits: read.state_visits_json })),
  );
}
