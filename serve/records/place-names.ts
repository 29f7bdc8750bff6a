// Place names as a person writes them: every California county (all 58, whether or not a listed
// home is there), every city and ZIP code on the roster (any status), and a spelling correction
// offered only for a near miss of a known place that is not itself a known place. A real place is
// never "corrected" into another: "Fresno" is a county and a city, never a misspelled FREMONT.
import { placeKey } from '../../contract/names.ts';
import { listedHomesOf, type Place } from './listed-homes.ts';
import { derived, type Snapshot } from './snapshot.ts';

/** California's 58 counties, as the state roster spells them. */
export const CALIFORNIA_COUNTIES: readonly string[] = [
  'ALAMEDA', 'ALPINE', 'AMADOR', 'BUTTE', 'CALAVERAS', 'COLUSA', 'CONTRA COSTA', 'DEL NORTE', 'EL DORADO', 'FRESNO',
  'GLENN', 'HUMBOLDT', 'IMPERIAL', 'INYO', 'KERN', 'KINGS', 'LAKE', 'LASSEN', 'LOS ANGELES', 'MADERA', 'MARIN',
  'MARIPOSA', 'MENDOCINO', 'MERCED', 'MODOC', 'MONO', 'MONTEREY', 'NAPA', 'NEVADA', 'ORANGE', 'PLACER', 'PLUMAS',
  'RIVERSIDE', 'SACRAMENTO', 'SAN BENITO', 'SAN BERNARDINO', 'SAN DIEGO', 'SAN FRANCISCO', 'SAN JOAQUIN',
  'SAN LUIS OBISPO', 'SAN MATEO', 'SANTA BARBARA', 'SANTA CLARA', 'SANTA CRUZ', 'SHASTA', 'SIERRA', 'SISKIYOU',
  'SOLANO', 'SONOMA', 'STANISLAUS', 'SUTTER', 'TEHAMA', 'TRINITY', 'TULARE', 'TUOLUMNE', 'VENTURA', 'YOLO', 'YUBA',
];

/** A place the service knows by name, and what the roster holds there. */
export interface KnownPlace {
  kind: 'county' | 'city' | 'zip';
  /** As the roster (or the county list) spells it; a ZIP's own digits. */
  name: string;
  /** A city's or ZIP's county when the roster names one; a county's own name. */
  county: string | null;
  /** A ZIP's cities on the roster. */
  cities: string[];
  /** A listed county or city by this name (current licenses), or null when none is listed there. */
  listed: Place | null;
  /** A ZIP's listed licenses, alphabetical (empty for counties and cities). */
  licenses?: string[];
  /** A ZIP no roster home has: `cities` are those of the roster's ZIPs starting with `nearbyPrefix` (its first four digits, else three). */
  nearbyOnly?: boolean;
  nearbyPrefix?: string;
}

export type PlaceReading =
  | { known: KnownPlace; suggestion: null }
  /** Not a place the service knows; `suggestion`: a known place it nearly spells, or null. */
  | { known: null; suggestion: KnownPlace | null };

interface RosterPlaces {
  counties: Map<string, KnownPlace>;
  cities: Map<string, KnownPlace>;
  zips: Map<string, KnownPlace>;
}

/** Every county, and every city and ZIP of any license on the roster, with their counties. */
const rosterPlaces = derived('place names: counties, roster cities and ZIP codes', (snapshot): RosterPlaces => {
  const listed = listedHomesOf(snapshot);
  const counties = new Map<string, KnownPlace>();
  for (const name of CALIFORNIA_COUNTIES) counties.set(placeKey(name), { kind: 'county', name, county: name, cities: [], listed: listed.county(name) });
  const cities = new Map<string, KnownPlace>();
  const zips = new Map<string, KnownPlace>();
  const rows = snapshot.statement('SELECT license_number, listed, city, county, zip FROM facilities WHERE city IS NOT NULL OR zip IS NOT NULL ORDER BY listed DESC, sort_key, license_number').all() as Array<{
    license_number: string;
    listed: number;
    city: string | null;
    county: string | null;
    zip: string | null;
  }>;
  for (const row of rows) {
    // A county the roster spells that is not on the list (never expected) is still known by name.
    if (row.county && !counties.has(placeKey(row.county))) {
      counties.set(placeKey(row.county), { kind: 'county', name: row.county, county: row.county, cities: [], listed: listed.county(row.county) });
    }
    if (row.city && !cities.has(placeKey(row.city))) {
      cities.set(placeKey(row.city), { kind: 'city', name: row.city, county: row.county, cities: [], listed: listed.city(row.city) });
    }
    const zip = row.zip?.slice(0, 5);
    if (zip) {
      const known = zips.get(zip) ?? { kind: 'zip' as const, name: zip, county: row.county, cities: [], listed: null, licenses: [] };
      if (row.city && !known.cities.includes(row.city)) known.cities.push(row.city);
      if (row.listed === 1) known.licenses!.push(row.license_number);
      zips.set(zip, known);
    }
  }
  return { counties, cities, zips };
});

/**
 * A ZIP code no roster home has is still a ZIP code, never a city's name: it is read as one, with
 * the cities of the roster's ZIP codes nearest it: those sharing its first four digits, else its
 * first three (the same postal area). A whole area's dozens of cities would answer nothing.
 */
function zipOffRoster(places: RosterPlaces, zip: string): KnownPlace | undefined {
  for (const digits of [4, 3]) {
    const prefix = zip.slice(0, digits);
    const cities: string[] = [];
    for (const [code, known] of places.zips) if (code.startsWith(prefix)) for (const city of known.cities) if (!cities.includes(city)) cities.push(city);
    if (cities.length > 0 || digits === 3) return { kind: 'zip', name: zip, county: null, cities: cities.sort(), listed: null, licenses: [], nearbyOnly: true, nearbyPrefix: prefix };
  }
  return undefined;
}

/** The county key an input means: "Los Angeles", "los angeles county", "LA County" is not read. */
function countyKeyOf(input: string): string {
  return placeKey(input).replace(/\s+county$/, '');
}

/** Edit distance (insertions, deletions, substitutions, swaps of neighbours), stopping above `max`. */
function editDistance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  const rows: number[][] = [];
  for (let i = 0; i <= a.length; i += 1) {
    rows.push([i]);
    for (let j = 1; j <= b.length; j += 1) {
      if (i === 0) {
        rows[0]!.push(j);
        continue;
      }
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let best = Math.min(rows[i - 1]![j]! + 1, rows[i]![j - 1]! + 1, rows[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) best = Math.min(best, rows[i - 2]![j - 2]! + 1);
      rows[i]!.push(best);
    }
  }
  return rows[a.length]![b.length]!;
}

/**
 * How far a spelling may be from a known place to be offered as a correction: a slip of a key or
 * two in a long name, one in a shorter one, none in a name of four letters or fewer (many real
 * towns the roster does not know are one letter from a town it does).
 */
function slipsAllowed(length: number): number {
  return length <= 4 ? 0 : length <= 7 ? 1 : length <= 12 ? 2 : 3;
}

/** The one known place the input nearly spells, or null (none, or several as near). */
function nearMiss(places: Iterable<KnownPlace>, key: string): KnownPlace | null {
  const allowed = slipsAllowed(key.replace(/\s/g, '').length);
  if (allowed === 0) return null;
  let best: KnownPlace | null = null;
  let bestDistance = allowed + 1;
  let tie = false;
  for (const place of places) {
    const distance = editDistance(key, placeKey(place.name), allowed);
    if (distance < bestDistance) {
      best = place;
      bestDistance = distance;
      tie = false;
    } else if (distance === bestDistance && best && place.name !== best.name) tie = true;
  }
  return tie ? null : best;
}

/**
 * What a place name means. `as`: the argument it was sent in (a county argument reads counties
 * first, a city argument cities first; `any`, for free text, cities first). A known place is
 * returned as it is, listed homes or not; only an unknown name gets a suggestion.
 */
export function readPlace(snapshot: Snapshot, input: string, as: 'county' | 'city' | 'any'): PlaceReading {
  const places = snapshot.derive(rosterPlaces);
  const key = placeKey(input);
  const zip = /^\d{5}(?:-\d{4})?$/.test(key) ? (places.zips.get(key.slice(0, 5)) ?? zipOffRoster(places, key.slice(0, 5))) : undefined;
  const county = places.counties.get(countyKeyOf(input));
  const city = /\s+county$/.test(key) ? undefined : places.cities.get(key);
  const known = zip ?? (as === 'county' ? (county ?? city) : (city ?? county));
  if (known) return { known, suggestion: null };
  const pool = as === 'county' ? places.counties.values() : [...places.cities.values(), ...places.counties.values()];
  return { known: null, suggestion: nearMiss(pool, as === 'county' ? countyKeyOf(input) : key) };
}
