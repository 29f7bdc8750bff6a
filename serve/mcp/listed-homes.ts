// An in-memory index of the listed homes, built once per snapshot (like the name index): what the
// MCP lists filter on, in neutral alphabetical order, with coordinates in typed arrays for the
// straight-line distance scan. A request filters this array and then reads only one page of rows.
import { CLEARANCE_KEYS, NEEDS, type ClearanceKey } from '../../contract/facts.ts';
import { placeKey } from '../../contract/names.ts';
import { listedHomePoints } from '../query.ts';
import type { Snapshot } from '../snapshot.ts';
import { distanceKm } from '../../contract/geo.ts';

export interface Point {
  latitude: number;
  longitude: number;
}


export interface HomeFilter {
  near: Point | null;
  radiusKm: number | null;
  countyKey: string | null;
  cityKey: string | null;
  /** Clearances the license must carry as an explicit 'true'. */
  clearances: readonly ClearanceKey[];
  /** Licenses with a needed clearance under correction review: they never match. */
  excluded: ReadonlySet<string>;
  /** Homes whose starting figure is above this are left out; homes with no figure stay in. */
  maxMonthlyUsd: number | null;
}

export interface Selection {
  /** Matching licenses in list order (by distance when `near` was given, else alphabetical). */
  licenses: string[];
  /** Distance per license in the same order, or null without a point. */
  distances: Array<number | null>;
  /** Matches whose starting figure is not on file (they stay in a budget filter). */
  withoutPriceFigure: number;
  /** Homes left out of a distance list because no coordinates are on file. */
  withoutLocation: number;
}

export interface Place {
  /** The spelling the roster uses most. */
  name: string;
  key: string;
  homes: number;
}

export class ListedHomes {
  readonly size: number;
  private readonly licenses: string[];
  private readonly latitudes: Float64Array;
  private readonly longitudes: Float64Array;
  private readonly countyKeys: Array<string | null>;
  private readonly cityKeys: Array<string | null>;
  /** One bit per clearance key (in CLEARANCE_KEYS order) when the value is 'true'. */
  private readonly clearanceBits: Uint8Array;
  private readonly prices: Float64Array;
  readonly counties = new Map<string, Place>();
  readonly cities = new Map<string, Place & { county: string | null }>();

  constructor(rows: ReturnType<typeof listedHomePoints>) {
    this.size = rows.length;
    this.licenses = new Array(rows.length);
    this.latitudes = new Float64Array(rows.length);
    this.longitudes = new Float64Array(rows.length);
    this.countyKeys = new Array(rows.length);
    this.cityKeys = new Array(rows.length);
    this.clearanceBits = new Uint8Array(rows.length);
    this.prices = new Float64Array(rows.length);
    rows.forEach((row, i) => {
      this.licenses[i] = row.license_number;
      this.latitudes[i] = row.latitude ?? Number.NaN;
      this.longitudes[i] = row.longitude ?? Number.NaN;
      this.countyKeys[i] = row.county_key;
      this.cityKeys[i] = row.city_key;
      let bits = 0;
      CLEARANCE_KEYS.forEach((key, bit) => {
        if (row[key] === 'true') bits |= 1 << bit;
      });
      this.clearanceBits[i] = bits;
      this.prices[i] = row.price_monthly_usd ?? Number.NaN;
      if (row.county_key && row.county) countPlace(this.counties, row.county_key, row.county);
      if (row.city_key && row.city) {
        countPlace(this.cities, row.city_key, row.city);
        this.cities.get(row.city_key)!.county ??= row.county;
      }
    });
  }

  select(filter: HomeFilter): Selection {
    let mask = 0;
    for (const key of filter.clearances) mask |= 1 << CLEARANCE_KEYS.indexOf(key);
    const hits: Array<{ i: number; distance: number | null }> = [];
    let withoutPriceFigure = 0;
    let withoutLocation = 0;
    for (let i = 0; i < this.size; i += 1) {
      if (filter.countyKey !== null && this.countyKeys[i] !== filter.countyKey) continue;
      if (filter.cityKey !== null && this.cityKeys[i] !== filter.cityKey) continue;
      if ((this.clearanceBits[i]! & mask) !== mask) continue;
      if (mask !== 0 && filter.excluded.has(this.licenses[i]!)) continue;
      const price = this.prices[i]!;
      if (filter.maxMonthlyUsd !== null && !Number.isNaN(price) && price > filter.maxMonthlyUsd) continue;
      let distance: number | null = null;
      if (filter.near) {
        const latitude = this.latitudes[i]!;
        if (Number.isNaN(latitude)) {
          withoutLocation += 1;
          continue;
        }
        distance = distanceKm(filter.near, { latitude, longitude: this.longitudes[i]! });
        if (filter.radiusKm !== null && distance > filter.radiusKm) continue;
      }
      if (Number.isNaN(price)) withoutPriceFigure += 1;
      hits.push({ i, distance });
    }
    // Rows are stored alphabetically, so a stable sort by distance keeps ties alphabetical.
    if (filter.near) hits.sort((a, b) => a.distance! - b.distance!);
    return {
      licenses: hits.map((hit) => this.licenses[hit.i]!),
      distances: hits.map((hit) => hit.distance),
      withoutPriceFigure,
      withoutLocation,
    };
  }

  /** The county a name means ("Los Angeles", "los angeles county"), or null. */
  county(name: string): Place | null {
    const key = placeKey(name);
    return this.counties.get(key) ?? this.counties.get(key.replace(/\s+county$/, '')) ?? null;
  }

  city(name: string): (Place & { county: string | null }) | null {
    return this.cities.get(placeKey(name)) ?? null;
  }
}

function countPlace(places: Map<string, Place>, key: string, name: string): void {
  const place = places.get(key);
  if (place) {
    place.homes += 1;
    // Prefer the roster's usual spelling (upper case in the state file) over a stray variant.
    if (name === name.toUpperCase() && place.name !== place.name.toUpperCase()) place.name = name;
  } else {
    places.set(key, { name, key, homes: 1 });
  }
}

const indexes = new WeakMap<Snapshot, ListedHomes>();

export function listedHomesOf(snapshot: Snapshot): ListedHomes {
  let index = indexes.get(snapshot);
  if (!index) {
    index = new ListedHomes(listedHomePoints(snapshot));
    indexes.set(snapshot, index);
  }
  return index;
}

/** The clearance each `needs` key requires, deduplicated, in the spec's order. */
export function clearancesFor(needs: readonly string[]): ClearanceKey[] {
  const wanted = new Set(needs.map((need) => NEEDS[need]).filter((key): key is ClearanceKey => key !== undefined));
  return CLEARANCE_KEYS.filter((key) => wanted.has(key));
}
