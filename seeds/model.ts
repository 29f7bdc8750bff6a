// The invented world behind the seed files: one Home per roster license, placed at a real
// facility number's real coordinates, with an invented name, street and licensee, and a plan for
// how every other source (approvals, waiver list, geocoder, ZIP centroids) carries it.
// files.ts turns these homes into each source's own shape.
import { readFileSync } from 'node:fs';
import { Rng } from './prng.ts';
import {
  COUNTY_BY_CODE,
  DIRECTIONS,
  ENTITY_WORDS,
  LARGE_KINDS,
  LEGAL_FORMS,
  NAME_FIRST,
  NAME_SECOND,
  PERSON_FIRST,
  PERSON_LAST,
  SMALL_KINDS,
  STREET_NAMES,
  STREET_SUFFIXES,
  nearestCity,
  type City,
} from './tables.ts';

export type Size = 'default' | 'state';

export interface WorldOptions {
  size: Size;
  /** Roster rows to write at state scale (ignored for the default set). */
  rows: number;
  geocodesPath: string;
}

export interface Address {
  num: string;
  dir: string;
  name: string;
  suffix: string;
  unit: string;
  zip: string;
}

export type ApprovalsPlan = 'row' | 'absent' | 'unpadded' | 'blank-flags' | 'lowercase-y';
export type AlwPlan = 'none' | 'listed' | 'address-only' | 'typo-number' | 'missing-street';
export type GeoPlan = 'match' | 'non-exact' | 'no-match' | 'absent';

export interface Home {
  /** The 9-digit license number; for malformed rows, what the roster writes instead. */
  number: string;
  /** Where the row sorts in the roster (the real number, also for malformed rows). */
  sortKey: string;
  valid: boolean;
  /** A state-scale number made up near a real home (not in the coordinates file). */
  synthetic: boolean;
  lat: number;
  lon: number;
  city: City;
  address: Address;
  name: string;
  licensee: string;
  administrator: string;
  phone: string;
  capacity: number;
  capacityText: string;
  status: string;
  firstDate: string;
  closedDate: string;
  cityText: string;
  countyText: string;
  approvals: ApprovalsPlan;
  alw: AlwPlan;
  geo: GeoPlan;
  /** Curated or sprinkled quirk tags (see QUIRKS in quirks.ts). */
  tags: string[];
  /** The curated quirk this home was made for, if any. */
  curated?: string;
}

/** A later roster row for a license already on the roster (exact copy, or with a change). */
export interface Duplicate {
  home: Home;
  capacityText?: string;
  tags: string[];
}

export interface World {
  size: Size;
  homes: Home[];
  duplicates: Duplicate[];
  /** ZIPs left out of the centroid table. */
  missingCentroids: Set<string>;
}

export interface RealHome {
  number: string;
  lat: number;
  lon: number;
}

export const FILE_DATE = '11/16/2026';
export const APPROVALS_AS_OF = '11/09/2026';
export const ALW_AS_OF = '10/01/2026';
const LAST_DAY = { y: 2026, m: 11, d: 15 };

/** Homes per county in the default set (curated quirk homes come on top). */
export const DEFAULT_QUOTAS: Record<string, number> = {
  '01': 28, '07': 28, '09': 5, '19': 50, '30': 32, '33': 8, '34': 22, '37': 28, '38': 6, '41': 18, '43': 26,
};

export function loadRealHomes(path: string): RealHome[] {
  const raw = JSON.parse(readFileSync(path, 'utf8')) as Record<string, { lat: number; lon: number }>;
  return Object.entries(raw)
    .map(([number, { lat, lon }]) => ({ number, lat, lon }))
    .sort((a, b) => a.number.localeCompare(b.number));
}

export const coordKey = (lat: number, lon: number): string => `${lat},${lon}`;

export function mdy(y: number, m: number, d: number): string {
  return `${m}/${d}/${y}`;
}

/** Removes a trailing legal form (", LLC", " INC." ...) the way a reader would. */
export function baseName(name: string): string {
  return name
    .trim()
    .replace(/\s+/g, ' ')
    .replace(/[\u2019']/g, "'")
    .toUpperCase()
    .replace(/,?\s+(LLC|L\.L\.C\.|INC\.?|CORP\.?|CORPORATION|LTD\.?|L\.P\.)$/, '');
}

/** Makes homes: names unique per city, one street per real address, statuses and dates. */
export class HomeFactory {
  private readonly namesTaken = new Set<string>();
  private readonly addressByCoord = new Map<string, Address>();
  private readonly streetsTaken = new Set<string>();

  constructor(
    private readonly rng: Rng,
    /** Real coordinates shared by several license numbers: the number that holds it now. */
    private readonly groupPrimary: ReadonlyMap<string, string>,
    private readonly closedWeight: number,
    reserved: Iterable<string>,
  ) {
    for (const name of reserved) this.namesTaken.add(`*|${baseName(name)}`);
  }

  make(number: string, lat: number, lon: number, synthetic = false): Home {
    const rng = this.rng.fork(number);
    const { city } = nearestCity(number.slice(0, 2), lat, lon);
    const address = this.addressAt(lat, lon, city, rng);
    const capacity = drawCapacity(rng);
    const name = this.newName(city, capacity, rng);
    const person = personName(rng);
    const licensee = capacity <= 15 && rng.chance(0.45) ? person : entityName(rng);
    const administrator = rng.chance(0.03) ? '' : licensee === person && rng.chance(0.6) ? person : personName(rng);
    const primary = this.groupPrimary.get(coordKey(lat, lon));
    const status =
      primary !== undefined && primary !== number && rng.chance(0.7) ? 'CLOSED' : this.drawStatus(rng);
    const dates = drawDates(status, rng);
    return {
      number,
      sortKey: number,
      valid: true,
      synthetic,
      lat,
      lon,
      city,
      address,
      name,
      licensee,
      administrator,
      phone: rng.chance(0.02) ? '' : phoneNumber(city.area, rng),
      capacity,
      capacityText: String(capacity),
      status,
      firstDate: dates.first,
      closedDate: dates.closed,
      cityText: city.name,
      countyText: city.county.name,
      approvals: rng.chance(status === 'PENDING' ? 0.6 : 0.87) ? 'row' : 'absent',
      alw: status !== 'PENDING' && status !== 'CLOSED' && rng.chance(0.15) ? 'listed' : 'none',
      geo: rng.weighted({ match: 0.865, 'non-exact': 0.005, 'no-match': 0.03, absent: 0.1 }),
      tags: [],
    };
  }

  /** Claims a name in a city (curated names bypass the uniqueness rule on purpose). */
  claimName(city: City, name: string): void {
    this.namesTaken.add(`${city.name}|${baseName(name)}`);
  }

  isNameTaken(city: City, name: string): boolean {
    const base = baseName(name);
    return this.namesTaken.has(`${city.name}|${base}`) || this.namesTaken.has(`*|${base}`);
  }

  private newName(city: City, capacity: number, rng: Rng): string {
    for (let attempt = 0; ; attempt++) {
      let name = capacity >= 16 ? largeName(city, rng) : smallName(rng);
      if (attempt > 20) name += ` ${attempt}`;
      if (rng.chance(0.05)) name += rng.pick(LEGAL_FORMS);
      if (!this.isNameTaken(city, name)) {
        this.claimName(city, name);
        return name;
      }
    }
  }

  private addressAt(lat: number, lon: number, city: City, rng: Rng): Address {
    const key = coordKey(lat, lon);
    const known = this.addressByCoord.get(key);
    if (known) return known;
    for (;;) {
      const name = rng.pick(STREET_NAMES);
      const address: Address = {
        num: String(rng.chance(0.7) ? rng.int(100, 9999) : rng.int(10000, 29999)),
        dir: rng.chance(0.15) ? rng.pick(DIRECTIONS)[0] : '',
        name,
        // numbered streets are STs and AVEs
        suffix: /^\d/.test(name) ? rng.pick(['ST', 'AVE']) : rng.pick(STREET_SUFFIXES)[0],
        unit: rng.chance(0.04) ? rng.pick(['#A', '#B', '#2', 'UNIT 1', 'STE 100']) : '',
        zip: rng.pick(city.zips),
      };
      const street = `${city.name}|${streetLine(address)}`;
      if (this.streetsTaken.has(street)) continue;
      this.streetsTaken.add(street);
      this.addressByCoord.set(key, address);
      return address;
    }
  }

  private drawStatus(rng: Rng): string {
    return rng.weighted({
      LICENSED: 0.71,
      CLOSED: this.closedWeight,
      PENDING: 0.1,
      'ON PROBATION': 0.018,
      'LICENSED/PENDING INCREASE': 0.005,
      'PROBATIONARY LICENSE': 0.003,
    });
  }
}

export function streetLine(a: Address): string {
  return [a.num, a.dir, a.name, a.suffix, a.unit].filter(Boolean).join(' ');
}

function drawCapacity(rng: Rng): number {
  switch (rng.weighted({ six: 0.7, small: 0.08, mid: 0.17, large: 0.05 })) {
    case 'six':
      return rng.chance(0.93) ? 6 : rng.int(4, 5);
    case 'small':
      return rng.pick([7, 8, 10, 12, 12, 14, 15, 15]);
    case 'mid':
      return rng.int(16, 99);
    default:
      return rng.int(100, 400);
  }
}

/** Two name words that do not repeat each other (no FAIRVIEW VIEW). */
function twoWords(rng: Rng): [string, string] {
  const first = rng.pick(NAME_FIRST);
  for (;;) {
    const second = rng.pick(NAME_SECOND);
    if (!first.includes(second.slice(0, 4))) return [first, second];
  }
}

function smallName(rng: Rng): string {
  const [first, second] = twoWords(rng);
  let name: string;
  switch (rng.weighted({ full: 0.6, short: 0.2, street: 0.1, plain: 0.1 })) {
    case 'full':
      name = `${first} ${second} ${rng.pick(SMALL_KINDS)}`;
      break;
    case 'short':
      name = `${first} ${rng.pick(SMALL_KINDS)}`;
      break;
    case 'street':
      name = `${rng.pick(STREET_NAMES.filter((n) => !/^\d/.test(n)))} ${rng.pick(['STREET', 'AVENUE', 'LANE'])} ${rng.pick(SMALL_KINDS)}`;
      break;
    default:
      name = `${first} ${second}`;
  }
  return rng.chance(0.08) ? `${name} ${rng.pick(['II', 'III', '2', '#2', '3'])}` : name;
}

function largeName(city: City, rng: Rng): string {
  const [first, second] = twoWords(rng);
  switch (rng.weighted({ kind: 0.6, at: 0.15, of: 0.15, city: 0.1 })) {
    case 'kind':
      return `${first} ${second} ${rng.pick(LARGE_KINDS)}`;
    case 'at':
      return `THE ${second} AT ${city.name}`;
    case 'of':
      return `${first} ${second} OF ${city.name}`;
    default:
      return `${city.name} ${rng.pick(LARGE_KINDS)}`;
  }
}

export function personName(rng: Rng): string {
  const first = rng.pick(PERSON_FIRST);
  const last = rng.pick(PERSON_LAST);
  return rng.chance(0.3) ? `${first} ${String.fromCharCode(65 + rng.int(0, 25))}. ${last}` : `${first} ${last}`;
}

function entityName(rng: Rng): string {
  const head = rng.chance(0.5) ? rng.pick(NAME_FIRST) : twoWords(rng).join(' ');
  return `${head} ${rng.pick(ENTITY_WORDS)}${rng.pick(LEGAL_FORMS)}`;
}

export function phoneNumber(area: string, rng: Rng): string {
  const exchange = rng.int(200, 999);
  const exch = exchange % 100 === 11 ? exchange + 1 : exchange;
  return `(${area}) ${exch}-${String(rng.int(0, 9999)).padStart(4, '0')}`;
}

function randomDate(rng: Rng, fromYear: number, toYear: number): { y: number; m: number; d: number } {
  const y = rng.int(fromYear, toYear);
  const m = y === LAST_DAY.y ? rng.int(1, LAST_DAY.m - 1) : rng.int(1, 12);
  return { y, m, d: rng.int(1, 28) };
}

export function drawDates(status: string, rng: Rng): { first: string; closed: string } {
  if (/^PENDING$/i.test(status)) return { first: '', closed: '' };
  // Newer licenses are more common than old ones.
  const age = Math.floor(46 * Math.pow(rng.next(), 1.6));
  if (!/CLOSED/i.test(status)) {
    const f = randomDate(rng, 2026 - age, 2026 - age);
    return { first: mdy(f.y, f.m, f.d), closed: '' };
  }
  const f = randomDate(rng, Math.min(2024, 2024 - age), Math.min(2024, 2024 - age));
  const c = randomDate(rng, f.y + 1, Math.min(2026, f.y + 1 + rng.int(0, 25)));
  return { first: mdy(f.y, f.m, f.d), closed: mdy(c.y, c.m, c.d) };
}

/** Coordinates shared by several real numbers: key -> the highest (newest) number there. */
export function coordinateGroups(real: readonly RealHome[]): Map<string, string> {
  const members = new Map<string, string[]>();
  for (const h of real) {
    const key = coordKey(h.lat, h.lon);
    members.set(key, [...(members.get(key) ?? []), h.number]);
  }
  const primary = new Map<string, string>();
  for (const [key, numbers] of members) if (numbers.length > 1) primary.set(key, numbers.sort().at(-1)!);
  return primary;
}

/** Synthetic licenses for state scale: a real county and office series, placed near a real home. */
export function syntheticHomes(real: readonly RealHome[], count: number, rng: Rng): RealHome[] {
  const taken = new Set(real.map((h) => h.number));
  const out: RealHome[] = [];
  while (out.length < count) {
    const near = rng.pick(real);
    if (!COUNTY_BY_CODE.has(near.number.slice(0, 2))) continue;
    const number = near.number.slice(0, 5) + String(rng.int(0, 9999)).padStart(4, '0');
    if (taken.has(number)) continue;
    taken.add(number);
    const jitter = () => (rng.next() - 0.5) * 0.012;
    out.push({
      number,
      lat: Number((near.lat + jitter()).toFixed(7)),
      lon: Number((near.lon + jitter()).toFixed(7)),
    });
  }
  return out;
}
