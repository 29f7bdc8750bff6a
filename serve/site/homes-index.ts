// The site's in-memory view of the listed homes, built once per snapshot (snapshots are
// immutable): type-ahead matching, the map box filter and the all-points body are lookups over
// it, never a table scan per request. Everything is kept in the record's alphabetical order
// (name, then license number), so every answer is alphabetical or, when the family chose a
// point, by straight-line distance from it: never by anything else.
import { createHash } from 'node:crypto';
import { CLEARANCE_KEYS, type ClearanceKey } from '../../contract/facts.ts';
import { nameKey, placeKey } from '../../contract/names.ts';
import { siteListedHomes } from '../query.ts';
import type { Snapshot } from '../snapshot.ts';
import { cityPath, countyPath, facilityPath } from '../web/links.ts';
import { distanceMiles as milesBetween } from '../../contract/geo.ts';

export interface SiteHome {
  license_number: string;
  name: string;
  license_status: string | null;
  city: string | null;
  county: string | null;
  /** Site path of the home's page. */
  path: string;
  latitude: number | null;
  longitude: number | null;
  clearances: Record<ClearanceKey, string>;
  /** ` <name key> <licensed name key>`: word-prefix matching is a substring search for ` <query>`. */
  searchText: string;
}

export interface CountyEntry {
  county: string;
  listedHomes: number;
  path: string;
  searchText: string;
}

export interface CityEntry {
  city: string;
  county: string;
  listedHomes: number;
  path: string;
  searchText: string;
}

export interface Box {
  south: number;
  west: number;
  north: number;
  east: number;
}

export interface Point {
  latitude: number;
  longitude: number;
}

export interface Matches<T> {
  items: T[];
  total: number;
}

const collator = new Intl.Collator('en', { sensitivity: 'base', numeric: true });


/** The query as a key for word-prefix matching, or '' when nothing searchable is left. */
export function queryKey(q: string): string {
  return nameKey(q);
}

function firstMatches<T extends { searchText: string }>(entries: readonly T[], key: string, limit: number): Matches<T> {
  const needle = ` ${key}`;
  const items: T[] = [];
  let total = 0;
  for (const entry of entries) {
    if (!entry.searchText.includes(needle)) continue;
    total += 1;
    if (items.length < limit) items.push(entry);
  }
  return { items, total };
}

export class SiteIndex {
  readonly homes: readonly SiteHome[];
  /** Listed homes with a location (the map's points), alphabetical. */
  readonly located: readonly SiteHome[];
  readonly counties: readonly CountyEntry[];
  readonly cities: readonly CityEntry[];
  private readonly allPointsBodies = new Map<string, { body: string; etag: string }>();

  constructor(rows: ReturnType<typeof siteListedHomes>) {
    this.homes = rows.map((row) => ({
      license_number: row.license_number,
      name: row.name,
      license_status: row.license_status,
      city: row.city,
      county: row.county,
      path: facilityPath(row.name_slug, row.license_number),
      latitude: row.latitude,
      longitude: row.longitude,
      clearances: Object.fromEntries(CLEARANCE_KEYS.map((key) => [key, row[key]])) as Record<ClearanceKey, string>,
      searchText: ` ${row.name_key} ${row.licensed_name_key}`,
    }));
    this.located = this.homes.filter((home) => home.latitude !== null && home.longitude !== null);

    const counties = new Map<string, CountyEntry>();
    const cities = new Map<string, CityEntry>();
    for (const home of this.homes) {
      if (!home.county) continue;
      const countyKey = placeKey(home.county);
      const county = counties.get(countyKey);
      if (county) county.listedHomes += 1;
      else {
        const key = nameKey(home.county);
        counties.set(countyKey, { county: home.county, listedHomes: 1, path: countyPath(home.county), searchText: ` ${key} ${key} county` });
      }
      if (!home.city) continue;
      const cityKey = `${placeKey(home.city)}|${countyKey}`;
      const city = cities.get(cityKey);
      if (city) city.listedHomes += 1;
      else {
        cities.set(cityKey, {
          city: home.city,
          county: home.county,
          listedHomes: 1,
          path: cityPath(home.county, home.city),
          searchText: ` ${nameKey(home.city)}`,
        });
      }
    }
    this.counties = [...counties.values()].sort((a, b) => collator.compare(a.county, b.county));
    this.cities = [...cities.values()].sort((a, b) => collator.compare(a.city, b.city) || collator.compare(a.county, b.county));
  }

  /** Homes whose goes-by or licensed name has a word starting with the key, alphabetical. */
  matchHomes(key: string, limit: number): Matches<SiteHome> {
    return key ? firstMatches(this.homes, key, limit) : { items: [], total: 0 };
  }

  matchCities(key: string, limit: number): Matches<CityEntry> {
    return key ? firstMatches(this.cities, key, limit) : { items: [], total: 0 };
  }

  matchCounties(key: string, limit: number): Matches<CountyEntry> {
    return key ? firstMatches(this.counties, key, limit) : { items: [], total: 0 };
  }

  /**
   * Located homes inside the box that carry every needed clearance ('true', and not under a
   * correction review), alphabetical; or nearest first when the family chose a point.
   */
  inBounds(
    box: Box,
    needs: readonly ClearanceKey[],
    underReview: ReadonlySet<string>,
    near: Point | null,
    limit: number,
  ): { items: Array<{ home: SiteHome; miles: number | null }>; total: number } {
    const inside: SiteHome[] = [];
    for (const home of this.located) {
      const { latitude, longitude } = home as { latitude: number; longitude: number };
      if (latitude < box.south || latitude > box.north || longitude < box.west || longitude > box.east) continue;
      if (needs.some((need) => home.clearances[need] !== 'true')) continue;
      if (underReview.size > 0 && underReview.has(home.license_number)) continue;
      inside.push(home);
    }
    if (!near) return { items: inside.slice(0, limit).map((home) => ({ home, miles: null })), total: inside.length };
    // Distance first; equal distances keep the alphabetical order (the sort is stable).
    const measured = inside.map((home) => ({ home, miles: milesBetween(near, home as unknown as Point) }));
    measured.sort((a, b) => a.miles - b.miles);
    return { items: measured.slice(0, limit), total: inside.length };
  }

  /** The all-points body for this server's address, serialized once and reused, with its ETag. */
  allPoints(build: (index: SiteIndex) => string, variant: string): { body: string; etag: string } {
    let cached = this.allPointsBodies.get(variant);
    if (!cached) {
      const body = build(this);
      cached = { body, etag: createHash('sha256').update(body).digest('base64url').slice(0, 22) };
      this.allPointsBodies.set(variant, cached);
    }
    return cached;
  }
}

const indexes = new WeakMap<Snapshot, SiteIndex>();

export function siteIndexOf(snapshot: Snapshot): SiteIndex {
  let index = indexes.get(snapshot);
  if (!index) {
    index = new SiteIndex(siteListedHomes(snapshot));
    indexes.set(snapshot, index);
  }
  return index;
}
