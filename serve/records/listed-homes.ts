// The one index of listed homes (LICENSED, LICENSED/PENDING INCREASE, probationary), built once per
// snapshot from one SQL read, in the spec's neutral order (name, then license number). Every list
// on every surface selects here: REST /facilities, the MCP lists and search, the page lists and
// place indexes, the site's type-ahead and map. A selection is licenses (and distances) plus the
// total; callers page it and read each page's homes from serve/records/home-record.ts, or the few columns
// a page list shows straight from the index.
import { CLEARANCE_KEYS, NEEDS, type ClearanceKey } from '../../contract/facts.ts';
import { distanceKm, distanceMiles, type LatLon } from '../../contract/geo.ts';
import { nameKey, placeKey } from '../../contract/names.ts';
import { isOwnRateKind } from '../../contract/records.ts';
import { pushTo } from '../lib/multimap.ts';
import { derived, type Snapshot } from './snapshot.ts';

/** One listed home as the index holds it (the columns lists filter on or show). */
export interface ListedHome {
  license_number: string;
  name: string;
  name_slug: string;
  license_status: string | null;
  city: string | null;
  county: string | null;
  city_key: string | null;
  county_key: string | null;
  capacity: number | null;
  size_words: string;
  latitude: number | null;
  longitude: number | null;
  location_method: string | null;
  dementia: string;
  hospice: string;
  non_ambulatory: string;
  bedridden: string;
  /** The home's starting figure (price.monthly_usd), or null when none is on file. */
  price_monthly_usd: number | null;
  /** Whether that figure is the home's own rate (price.is_this_homes_own_rate), not an estimate or an area figure. */
  price_is_own_rate: boolean;
  alw_participation: string;
  licensee: string | null;
  /** ` <name key> <licensed name key>`: a word starts with the key when this holds ` <key>`. */
  nameWords: string;
  /** ` <city key> <county key>` as name keys, for name-and-place look-ups. */
  placeWords: string;
}

export interface Box {
  south: number;
  west: number;
  north: number;
  east: number;
}

export interface ListingFilter {
  countyKey?: string | null;
  cityKey?: string | null;
  /** Clearances the license must carry as an explicit 'true'. */
  clearances?: readonly ClearanceKey[];
  /** Licenses with a needed clearance under correction review (licensesFailingNeeds): they never match. */
  excluded?: ReadonlySet<string>;
  /**
   * Homes whose own rate (is_this_homes_own_rate) is above this are left out; homes with an
   * estimate, an area figure or no figure stay in (a figure that is not theirs decides nothing).
   */
  maxMonthlyUsd?: number | null;
  /** Only homes located inside this box (edges included). */
  box?: Box | null;
  /** Measure each home's straight-line distance from this point; homes with no location drop out. */
  near?: LatLon | null;
  /** The unit of distances and of `radius` (default km). */
  unit?: 'km' | 'miles';
  radius?: number | null;
  /** With `near`: nearest first (ties stay alphabetical), unless false. */
  byDistance?: boolean;
  /** Only homes on the Assisted Living Waiver list (judged with the needs, so the cut is counted). */
  waiver?: boolean;
  /** With `waiver`: ordered by county key first (the waiver page's headings); lists elsewhere stay alphabetical. */
  byCounty?: boolean;
  /** Only licenses held by one of these licensee strings (verbatim). */
  licensees?: ReadonlySet<string> | null;
  /** Only these licenses (e.g. homes whose record changed since a date), or null for any. */
  only?: ReadonlySet<string> | null;
}

export interface Selection {
  /** Matching homes in list order. */
  homes: ListedHome[];
  /** Their licenses, in the same order. */
  licenses: string[];
  /** Distance per home in the same order when `near` was given, else empty. */
  distances: number[];
  /** Matches without a rate of their own on file (an estimate, an area figure or none): a budget filter keeps them. */
  withoutOwnRate: number;
  /** Homes left out of a distance list because no coordinates are on file. */
  withoutLocation: number;
  /** Homes the other filters kept that the care approvals asked for left out (a cut list says so). */
  leftOutByNeeds: number;
  /** Homes the other filters and the approvals kept whose own rate is above the budget. */
  leftOutByBudget: number;
  /** Homes the place and the approvals kept that are not on the waiver list (only with `waiver`). */
  leftOutByWaiver: number;
}

export interface Place {
  /** The roster's usual spelling (the smallest: upper case when the roster varies). */
  name: string;
  /** placeKey: what the snapshot's county_key / city_key hold. */
  key: string;
  homes: number;
}

export interface Matches<T> {
  items: T[];
  total: number;
}

const COLUMNS = `license_number, name, name_slug, name_key, licensed_name_key, license_status, city, county, city_key,
  county_key, capacity, size_words, latitude, longitude, location_method, dementia, hospice, non_ambulatory, bedridden,
  price_monthly_usd, price_kind, alw_participation, licensee`;

type Row = Omit<ListedHome, 'nameWords' | 'placeWords' | 'price_is_own_rate'> & { name_key: string; licensed_name_key: string; price_kind: string | null };

export class ListedHomes {
  readonly homes: readonly ListedHome[];
  /** Counties with listed homes, by key. */
  readonly counties: readonly Place[];
  /** Counties with homes on the Assisted Living Waiver list, by key. */
  readonly waiverCounties: readonly Place[];
  /** Every licensee string holding a listed license, with how many, by the string. */
  readonly licensees: ReadonlyArray<{ licensee: string; homes: number }>;
  private readonly countyByKey: Map<string, Place>;
  /** Per county key: its cities by key. */
  private readonly citiesByCounty = new Map<string, Place[]>();
  /** Per city key (any county): the city and the county of its first home. */
  private readonly cityByKey = new Map<string, Place & { county: string | null }>();
  private readonly positionsByCounty = new Map<string, number[]>();
  private readonly positionsByCity = new Map<string, number[]>();
  /** One bit per clearance key (in CLEARANCE_KEYS order) when the value is 'true'. */
  private readonly clearanceBits: Uint8Array;

  constructor(rows: readonly Row[]) {
    const placeWords = new Map<string, string>();
    const wordsOf = (place: string | null) => {
      let words = placeWords.get(place ?? '');
      if (words === undefined) placeWords.set(place ?? '', (words = nameKey(place ?? '')));
      return words;
    };
    // Every field written out in one literal: homes then share one hidden class, so the filter
    // loops stay fast. A spread of the driver's row gave each home a class of its own, which made
    // every read in `select` a slow megamorphic look-up (about 2 ms per unfiltered list).
    this.homes = rows.map((row) => ({
      license_number: row.license_number,
      name: row.name,
      name_slug: row.name_slug,
      license_status: row.license_status,
      city: row.city,
      county: row.county,
      city_key: row.city_key,
      county_key: row.county_key,
      capacity: row.capacity,
      size_words: row.size_words,
      latitude: row.latitude,
      longitude: row.longitude,
      location_method: row.location_method,
      dementia: row.dementia,
      hospice: row.hospice,
      non_ambulatory: row.non_ambulatory,
      bedridden: row.bedridden,
      price_monthly_usd: row.price_monthly_usd,
      price_is_own_rate: isOwnRateKind(row.price_kind) && row.price_monthly_usd !== null,
      alw_participation: row.alw_participation,
      licensee: row.licensee,
      nameWords: ` ${row.name_key} ${row.licensed_name_key}`,
      placeWords: ` ${wordsOf(row.city)} ${wordsOf(row.county)}`,
    }));
    this.clearanceBits = new Uint8Array(rows.length);
    const counties = new Map<string, Place>();
    const waiver = new Map<string, Place>();
    const citiesByCounty = new Map<string, Map<string, Place>>();
    const licensees = new Map<string, number>();
    this.homes.forEach((home, i) => {
      this.clearanceBits[i] = CLEARANCE_KEYS.reduce((bits, key, bit) => (home[key] === 'true' ? bits | (1 << bit) : bits), 0);
      if (home.licensee !== null) licensees.set(home.licensee, (licensees.get(home.licensee) ?? 0) + 1);
      if (home.city_key !== null) {
        pushTo(this.positionsByCity, home.city_key, i);
        if (this.cityByKey.has(home.city_key)) countPlace(this.cityByKey, home.city_key, home.city!);
        else this.cityByKey.set(home.city_key, { name: home.city!, key: home.city_key, homes: 1, county: home.county });
      }
      if (home.county_key === null) return;
      pushTo(this.positionsByCounty, home.county_key, i);
      countPlace(counties, home.county_key, home.county!);
      if (home.alw_participation === 'true') countPlace(waiver, home.county_key, home.county!);
      if (home.city_key === null) return;
      if (!citiesByCounty.has(home.county_key)) citiesByCounty.set(home.county_key, new Map());
      countPlace(citiesByCounty.get(home.county_key)!, home.city_key, home.city!);
    });
    for (const [key, cities] of citiesByCounty) this.citiesByCounty.set(key, byKey(cities));
    this.counties = byKey(counties);
    this.countyByKey = counties;
    this.waiverCounties = byKey(waiver);
    this.licensees = [...licensees].sort(([a], [b]) => compareKeys(a, b)).map(([licensee, homes]) => ({ licensee, homes }));
  }

  /** Cities of one county with listed homes, by key. */
  citiesOf(countyKey: string): readonly Place[] {
    return this.citiesByCounty.get(countyKey) ?? [];
  }

  /** The county a name means ("Los Angeles", "los angeles county"), or null. */
  county(name: string): Place | null {
    const key = placeKey(name);
    return this.countyByKey.get(key) ?? this.countyByKey.get(key.replace(/\s+county$/, '')) ?? null;
  }

  /** The city a name means, in any county, or null. */
  city(name: string): (Place & { county: string | null }) | null {
    return this.cityByKey.get(placeKey(name)) ?? null;
  }

  /** Every city with listed homes (any county), by key. */
  allCities(): Iterable<Place> {
    return this.cityByKey.values();
  }

  select(filter: ListingFilter): Selection {
    let mask = 0;
    for (const key of filter.clearances ?? []) mask |= 1 << CLEARANCE_KEYS.indexOf(key);
    const candidates =
      filter.cityKey != null
        ? (this.positionsByCity.get(filter.cityKey) ?? [])
        : filter.countyKey != null
          ? (this.positionsByCounty.get(filter.countyKey) ?? [])
          : null;
    const count = candidates ? candidates.length : this.homes.length;
    const { box = null, near = null, licensees = null, maxMonthlyUsd = null, only = null } = filter;
    const excluded = mask !== 0 && filter.excluded && filter.excluded.size > 0 ? filter.excluded : null;
    const measure = filter.unit === 'miles' ? distanceMiles : distanceKm;
    const hits: number[] = [];
    const distances: number[] = [];
    let withoutOwnRate = 0;
    let withoutLocation = 0;
    let leftOutByNeeds = 0;
    let leftOutByBudget = 0;
    let leftOutByWaiver = 0;
    for (let n = 0; n < count; n += 1) {
      const i = candidates ? candidates[n]! : n;
      const home = this.homes[i]!;
      if (filter.countyKey != null && home.county_key !== filter.countyKey) continue;
      if (only && !only.has(home.license_number)) continue;
      if (licensees && (home.licensee === null || !licensees.has(home.licensee))) continue;
      // The needs and the budget are judged last, so each counts only homes the place kept.
      const failsNeeds = (this.clearanceBits[i]! & mask) !== mask || (excluded !== null && excluded.has(home.license_number));
      const failsWaiver = !failsNeeds && filter.waiver === true && home.alw_participation !== 'true';
      const ownRate = home.price_is_own_rate;
      const failsBudget = !failsNeeds && !failsWaiver && maxMonthlyUsd !== null && ownRate && home.price_monthly_usd! > maxMonthlyUsd;
      let distance = 0;
      if (box || near) {
        const { latitude, longitude } = home;
        if (latitude === null || longitude === null) {
          if (near && !failsNeeds && !failsWaiver && !failsBudget) withoutLocation += 1;
          continue;
        }
        if (box && (latitude < box.south || latitude > box.north || longitude < box.west || longitude > box.east)) continue;
        if (near) {
          distance = measure(near, { latitude, longitude });
          if (filter.radius != null && distance > filter.radius) continue;
        }
      }
      if (failsNeeds) {
        leftOutByNeeds += 1;
        continue;
      }
      if (failsWaiver) {
        leftOutByWaiver += 1;
        continue;
      }
      if (failsBudget) {
        leftOutByBudget += 1;
        continue;
      }
      if (near) distances.push(distance);
      if (!ownRate) withoutOwnRate += 1;
      hits.push(i);
    }
    // Hits are in alphabetical order, so a stable sort keeps ties alphabetical.
    const order = hits.map((_, n) => n);
    if (near && filter.byDistance !== false) order.sort((a, b) => distances[a]! - distances[b]!);
    else if (filter.waiver && filter.byCounty) order.sort((a, b) => compareKeys(this.homes[hits[a]!]!.county_key, this.homes[hits[b]!]!.county_key));
    const homes = order.map((n) => this.homes[hits[n]!]!);
    return {
      homes,
      licenses: homes.map((home) => home.license_number),
      distances: near ? order.map((n) => distances[n]!) : [],
      withoutOwnRate,
      withoutLocation,
      leftOutByNeeds,
      leftOutByBudget,
      leftOutByWaiver,
    };
  }

  /** The set of listed licenses (built once). */
  listedLicenses(): ReadonlySet<string> {
    return (this.licenseSet ??= new Set(this.homes.map((home) => home.license_number)));
  }
  private licenseSet: ReadonlySet<string> | null = null;

  /** Homes whose goes-by or licensed name has a word starting with the key, alphabetical. */
  matchName(key: string, limit: number): Matches<ListedHome> {
    return key ? firstMatches(this.homes, (home) => home.nameWords, key, limit) : { items: [], total: 0 };
  }

  /**
   * Homes where every word starts a word of the home's name, city or county, at least one of them
   * in the name; alphabetical.
   */
  matchNameAndPlace(words: readonly string[]): ListedHome[] {
    return this.homes.filter((home) => fitsNameAndPlace(home, words));
  }
}

/** Entries whose words (from `words`) have one starting with the key, in the entries' order. */
export function firstMatches<T>(entries: readonly T[], words: (entry: T) => string, key: string, limit: number): Matches<T> {
  const needle = ` ${key}`;
  const items: T[] = [];
  let total = 0;
  for (const entry of entries) {
    if (!words(entry).includes(needle)) continue;
    total += 1;
    if (items.length < limit) items.push(entry);
  }
  return { items, total };
}

function countPlace(places: Map<string, Place>, key: string, name: string): void {
  const place = places.get(key);
  if (!place) places.set(key, { name, key, homes: 1 });
  else {
    place.homes += 1;
    if (name < place.name) place.name = name;
  }
}

/** SQL's order for a nullable key: nulls first, then code-unit order. */
function compareKeys(a: string | null, b: string | null): number {
  if (a === b) return 0;
  if (a === null) return -1;
  if (b === null) return 1;
  return a < b ? -1 : 1;
}

function byKey(places: Map<string, Place>): Place[] {
  return [...places.values()].sort((a, b) => compareKeys(a.key, b.key));
}

const listedHomesIndex = derived('listed homes', (snapshot) =>
  new ListedHomes(snapshot.statement(`SELECT ${COLUMNS} FROM facilities WHERE listed = 1 ORDER BY sort_key, license_number`).all() as Row[]),
);

export function listedHomesOf(snapshot: Snapshot): ListedHomes {
  return snapshot.derive(listedHomesIndex);
}

/** The clearance each `needs` key requires, deduplicated, in the spec's order. */
export function clearancesFor(needs: readonly string[]): ClearanceKey[] {
  const wanted = new Set(needs.map((need) => NEEDS[need]).filter((key): key is ClearanceKey => key !== undefined));
  return CLEARANCE_KEYS.filter((key) => wanted.has(key));
}

/** A license the lists leave out (closed, pending), with the words a name-and-place look-up reads. */
interface UnlistedHome {
  license_number: string;
  nameWords: string;
  placeWords: string;
}

const unlistedHomesIndex = derived('unlisted homes by name and place', (snapshot): UnlistedHome[] =>
  (
    snapshot
      .statement('SELECT license_number, name_key, licensed_name_key, city, county FROM facilities WHERE listed = 0 ORDER BY sort_key, license_number')
      .all() as Array<{ license_number: string; name_key: string; licensed_name_key: string; city: string | null; county: string | null }>
  ).map((row) => ({
    license_number: row.license_number,
    nameWords: ` ${row.name_key} ${row.licensed_name_key}`,
    placeWords: ` ${nameKey(row.city ?? '')} ${nameKey(row.county ?? '')}`,
  })),
);

/** Whether every word starts a word of the home's name, city or county, at least one of them in the name. */
export function fitsNameAndPlace(home: { nameWords: string; placeWords: string }, words: readonly string[]): boolean {
  const inName = words.filter((word) => home.nameWords.includes(` ${word}`));
  return inName.length > 0 && words.every((word) => inName.includes(word) || home.placeWords.includes(` ${word}`));
}

/**
 * Licenses the lists leave out (closed, pending) whose name, city and county carry every word, as
 * matchNameAndPlace reads listed homes: a family asking after a closed home by name and town finds it.
 */
export function unlistedByNameAndPlace(snapshot: Snapshot, words: readonly string[]): string[] {
  return snapshot
    .derive(unlistedHomesIndex)
    .filter((home) => fitsNameAndPlace(home, words))
    .map((home) => home.license_number);
}
