// The quirks the pipeline must survive, put in on purpose: curated homes (same license numbers
// in the default and the state-scale set), the extra rows that belong to no roster license, and
// the proportional sprinkling of the same quirks at state scale. QUIRKS names and explains every
// tag; `generate.ts --print-quirks` lists where each one landed.
import { Rng } from './prng.ts';
import {
  baseName,
  coordKey,
  drawDates,
  type AlwPlan,
  type ApprovalsPlan,
  type Duplicate,
  type GeoPlan,
  type Home,
  type HomeFactory,
  type RealHome,
} from './model.ts';
import { CITIES, PERSON_FIRST, SMALL_KINDS, nearestCity } from './tables.ts';

export type QuirkFile =
  | 'roster.csv'
  | 'portal-roster.csv'
  | 'approvals.csv'
  | 'alw.csv'
  | 'geocodes.csv'
  | 'zip-centroids.csv'
  | 'documents/'
  | 'hospitals.csv'
  | 'listings.csv'
  | 'county-rates.csv';

export const QUIRKS: Record<string, { file: QuirkFile; text: string }> = {
  'leading-zero-lost': { file: 'roster.csv', text: 'facility_number lost its leading zero (counties 01-09): pad to 9 digits' },
  'number-not-county-code': { file: 'roster.csv', text: 'first two digits (63) are no county code; county_name says LOS ANGELES' },
  'odd-spacing': { file: 'roster.csv', text: 'name with leading, doubled and trailing spaces, mixed case' },
  'lowercase-city': { file: 'roster.csv', text: 'facility_city in lower case (`oakland`)' },
  'titlecase-county': { file: 'roster.csv', text: 'county_name `Los Angeles` (others say `LOS ANGELES`)' },
  'capacity-blank': { file: 'roster.csv', text: 'blank facility_capacity' },
  'capacity-not-numeric': { file: 'roster.csv', text: 'non-numeric facility_capacity (`N/A`, `six`)' },
  'exact-duplicate': { file: 'roster.csv', text: 'exact duplicate row (same everything except _id)' },
  'changed-duplicate': { file: 'roster.csv', text: 'same facility_number twice, later row with a changed capacity' },
  apostrophe: { file: 'roster.csv', text: "name with an apostrophe (ST. MARY'S, MOTHER'S, ANGEL’S)" },
  'typographic-apostrophe': { file: 'roster.csv', text: 'name with a typographic apostrophe (U+2019)' },
  'legal-form': { file: 'roster.csv', text: 'name ends in a legal form (LLC, , LLC, INC., , Inc., CORP., LTD., L.L.C.)' },
  'collision-same-city': { file: 'roster.csv', text: 'two licenses in one city whose names collide once the legal form is dropped' },
  'same-name-other-city': { file: 'roster.csv', text: 'same name in two different cities (not a collision)' },
  'blank-number': { file: 'roster.csv', text: 'malformed: blank facility_number (reject)' },
  'non-numeric-number': { file: 'roster.csv', text: 'malformed: non-numeric facility_number `12A456` (reject)' },
  'long-number': { file: 'roster.csv', text: 'malformed: facility_number longer than 9 digits (reject)' },
  'blank-name': { file: 'roster.csv', text: 'malformed: blank facility_name (reject)' },
  campus: { file: 'roster.csv', text: 'two licenses at the same street address (a campus)' },
  'relicensed-address': { file: 'roster.csv', text: 'a closed license and a later one at the same street address (real numbers that share coordinates)' },
  'status-vocabulary': { file: 'roster.csv', text: 'status from the other vocabulary: LICENSED/PENDING INCREASE, PROBATIONARY LICENSE' },
  'status-mixed-case': { file: 'roster.csv', text: 'status in mixed case (`Licensed`, `closed`)' },
  'status-on-probation': { file: 'roster.csv', text: 'ON PROBATION (probationary, listed)' },
  'status-pending': { file: 'roster.csv', text: 'PENDING: an application, not a license (not listed); license_first_date blank' },
  'blank-phone': { file: 'roster.csv', text: 'no phone: `Unavailable` in Facility Telephone Number (a placeholder, not on file)' },
  'export-placeholder-address': { file: 'roster.csv', text: '`Unavailable` in Facility Address of a closed home (a placeholder: never a street, never geocoded)' },
  'export-placeholder-closed-date': { file: 'roster.csv', text: '`N/A` in Closed Date of an open home (a placeholder, not on file)' },
  'export-doubled-quote': { file: 'roster.csv', text: 'a doubled quote right before the closing one (Facility Administrator `... "NAME"`, written `"... ""NAME"""`)' },
  'export-stray-quote': { file: 'roster.csv', text: 'a quote inside Citation Numbers that closes nothing (`"87303"(a), ..."`)' },
  'export-complaint-tail': { file: 'roster.csv', text: 'row longer than the header: one 7-cell block per complaint after the last header' },
  'portal-stale-status': { file: 'portal-roster.csv', text: 'portal file (05/25/2025, file_date `5252025`) still says LICENSED for a home the export shows CLOSED since' },
  'approvals-absent': { file: 'approvals.csv', text: 'roster license with no approvals row (facts are not_on_file)' },
  'approvals-unpadded': { file: 'approvals.csv', text: 'FACILITY_NUMBER written without its leading zero' },
  'approvals-lowercase-y': { file: 'approvals.csv', text: 'flag written as lower-case `y`' },
  'approvals-blank-flags': { file: 'approvals.csv', text: 'every flag and CLIENT_SERVED blank (no value on file)' },
  'approvals-not-on-roster': { file: 'approvals.csv', text: 'FACILITY_NUMBER that is not on the roster' },
  'approvals-blank-number': { file: 'approvals.csv', text: 'malformed: blank FACILITY_NUMBER (reject)' },
  'alw-title-line': { file: 'alw.csv', text: 'title line before the header' },
  'alw-address-only': { file: 'alw.csv', text: 'matches a license only by normalized address (name differs)' },
  'alw-typo-number': { file: 'alw.csv', text: 'street number differs (typo) but name + city match a license' },
  'alw-not-on-roster': { file: 'alw.csv', text: 'home that matches no license (report, never guess)' },
  'alw-campus-ambiguous': { file: 'alw.csv', text: 'campus address of two licenses, name fits neither exactly (ambiguous)' },
  'alw-blank-line': { file: 'alw.csv', text: 'blank line in the middle of the list' },
  'alw-missing-street': { file: 'alw.csv', text: 'row without a street address (name + city match a license)' },
  'alw-closed-license': { file: 'alw.csv', text: 'listed home whose license is CLOSED on the roster' },
  'alw-suite': { file: 'alw.csv', text: '`Suite 100` appended to the street' },
  'alw-zip4': { file: 'alw.csv', text: 'ZIP+4 in Zip Code' },
  'geo-no-match': { file: 'geocodes.csv', text: '`No_Match` line' },
  'geo-non-exact': { file: 'geocodes.csv', text: '`Match`,`Non_Exact` line (matched address differs)' },
  'geo-absent': { file: 'geocodes.csv', text: 'roster license with no geocoder line at all' },
  'no-location': { file: 'geocodes.csv', text: 'no geocode and its ZIP has no centroid: no location at all' },
  'centroid-missing': { file: 'zip-centroids.csv', text: 'roster ZIP left out of the centroid table' },
  'docs-none': { file: 'documents/', text: 'no reports: `{"COUNT":0,"REPORTARRAY":[]}`, detail all zeros, `LASTVISITDATE` `""` (most PENDING; licensed homes too)' },
  'docs-dozens': { file: 'documents/', text: 'dozens of reports (30-60)' },
  'docs-no-control': { file: 'documents/', text: 'Complaint report with an empty CONTROLNUMBER (Inspection and Other reports always have one)' },
  'docs-withdrawn': { file: 'documents/', text: 'next run (`index.next.json`, `detail.next.json`): one listed report withdrawn, one newer report added' },
  'docs-live-closed': { file: 'documents/', text: 'live STATUS `Closed, <reason>` while the roster says LICENSED' },
  'docs-live-increase': { file: 'documents/', text: 'live STATUS `Licensed/Pending Increase` while the roster says LICENSED' },
  'docs-live-licensed': { file: 'documents/', text: 'live STATUS `Licensed` while the roster says PENDING' },
  'docs-probationary': { file: 'documents/', text: 'roster `ON PROBATION` is live `Licensed` (the live record does not show probation: the roster is its only source)' },
  'docs-name-entity': { file: 'documents/', text: 'report pages write the typographic apostrophe as `&#8217;`' },
  'hospital-not-gach': { file: 'hospitals.csv', text: 'not a general acute care hospital (`SNF`, `CLHF`): skip' },
  'hospital-closed': { file: 'hospitals.csv', text: 'GACH row with LICENSE_STATUS_DESCRIPTION `CLOSED`: skip' },
  'hospital-no-coordinates': { file: 'hospitals.csv', text: 'GACH row with blank LATITUDE and LONGITUDE: skip' },
  'listing-closed-license': { file: 'listings.csv', text: 'listing for a license that is CLOSED on the roster (no price)' },
  'listing-duplicate': { file: 'listings.csv', text: 'one home listed on both sites, at different rates' },
  'listing-unreadable-rate': { file: 'listings.csv', text: 'monthly_rate_usd that is no number (`call for pricing`)' },
  'listing-rate-text': { file: 'listings.csv', text: 'monthly_rate_usd written as text (`$5,450`, `from 4800`)' },
  'county-rate-missing': { file: 'county-rates.csv', text: 'roster county with no row: its homes without a listing have no figure at all' },
};

/** Rows that belong to no roster license (the generator keeps roster names clear of them). */
export const ALW_NOT_ON_ROSTER: readonly (readonly string[])[] = [
  ['Casa Serena Senior Home', '2875 Kingfisher Lane', 'Fresno', 'Fresno', '93711', '(559) 432-8810'],
  ['Bella Terra Care Cottage', '418 Calle Amapola', 'San Clemente', 'Orange', '92672', '949-361-2240'],
  ['Laurelwood Elder Residence', '1190 Bluebird Court', 'Santa Rosa', 'Sonoma', '95405', '707-528-1193'],
];
export const APPROVALS_NOT_ON_ROSTER = { number: '197699999', name: 'ROLLING MEADOW RESIDENTIAL CARE' };
export const APPROVALS_BLANK_NUMBER_NAME = 'VALLEY QUAIL GUEST HOME';
export const CAMPUS_NAMES = ['OCEAN CREST ASSISTED LIVING', 'OCEAN CREST MEMORY CARE'] as const;
export const CAMPUS_ALW_NAME = 'Ocean Crest Senior Living';

interface Curated {
  key: string;
  county?: string;
  city?: string;
  number?: string;
  name?: string;
  status?: string;
  capacity?: number;
  approvals?: ApprovalsPlan;
  alw?: AlwPlan;
  geo?: GeoPlan;
  tags?: string[];
  edit?: (h: Home) => void;
  duplicate?: 'exact' | 'changed';
}

const malformed = (h: Home, number: string, tag: string): void => {
  h.number = number;
  h.valid = false;
  h.tags.push(tag);
};

const blankName = (h: Home): void => {
  h.name = '';
  h.valid = false;
  h.tags.push('blank-name');
};

const CURATED: Curated[] = [
  // names that collide in one city once the legal form is dropped, and one that does not
  { key: 'golden-oaks-llc', county: '43', city: 'SAN JOSE', name: 'GOLDEN OAKS CARE HOME LLC', capacity: 6, alw: 'listed', tags: ['collision-same-city', 'legal-form'] },
  { key: 'golden-oaks-inc', county: '43', city: 'SAN JOSE', name: 'GOLDEN OAKS CARE HOME, INC.', capacity: 6, tags: ['collision-same-city', 'legal-form'] },
  { key: 'sunrise-villa', county: '30', city: 'ANAHEIM', name: 'SUNRISE VILLA', capacity: 6, tags: ['collision-same-city'] },
  { key: 'sunrise-villa-llc', county: '30', city: 'ANAHEIM', name: 'SUNRISE VILLA LLC', capacity: 12, tags: ['collision-same-city', 'legal-form'] },
  { key: 'harmony-fremont', county: '01', city: 'FREMONT', name: 'HARMONY HOUSE CARE HOME', tags: ['same-name-other-city'] },
  { key: 'harmony-concord', county: '07', city: 'CONCORD', name: 'HARMONY HOUSE CARE HOME', tags: ['same-name-other-city'] },
  // apostrophes and legal forms
  { key: 'st-marys', county: '19', city: 'PASADENA', name: "ST. MARY'S GARDEN", capacity: 49, alw: 'listed', tags: ['apostrophe', 'alw-suite'] },
  { key: 'mothers-touch', county: '37', city: 'CHULA VISTA', name: "MOTHER'S TOUCH CARE HOME", capacity: 6, tags: ['apostrophe'] },
  { key: 'angels-haven', county: '41', city: 'DALY CITY', name: 'ANGEL\u2019S HAVEN CARE HOME', capacity: 6, alw: 'listed', tags: ['apostrophe', 'typographic-apostrophe'] },
  { key: 'palm-vista', county: '30', name: 'PALM VISTA ASSISTED LIVING, LLC', capacity: 64, alw: 'listed', tags: ['legal-form', 'alw-zip4'] },
  { key: 'evergreen-manor', county: '34', name: 'EVERGREEN MANOR INC.', capacity: 6, tags: ['legal-form'] },
  { key: 'willow-creek', county: '07', name: 'Willow Creek Residential Care, Inc.', capacity: 6, tags: ['legal-form'] },
  { key: 'bayview', county: '41', name: 'BAYVIEW SENIOR CARE CORP.', capacity: 24, tags: ['legal-form'] },
  { key: 'hillcrest', county: '19', name: 'HILLCREST GUEST HOME LTD.', capacity: 6, tags: ['legal-form'] },
  { key: 'maple-grove', county: '37', name: 'MAPLE GROVE CARE L.L.C.', capacity: 6, tags: ['legal-form'] },
  // casing, spacing, capacity
  { key: 'sunny-hills', county: '01', name: '  Sunny  Hills  Care Home ', capacity: 6, tags: ['odd-spacing'] },
  { key: 'oakland-lowercase', county: '01', city: 'OAKLAND', tags: ['lowercase-city'], edit: (h) => (h.cityText = 'oakland') },
  { key: 'county-titlecase', county: '19', tags: ['titlecase-county'], edit: (h) => (h.countyText = 'Los Angeles') },
  { key: 'capacity-blank', county: '30', tags: ['capacity-blank'], edit: (h) => (h.capacityText = '') },
  { key: 'capacity-na', county: '43', capacity: 6, tags: ['capacity-not-numeric'], edit: (h) => (h.capacityText = 'N/A') },
  { key: 'capacity-six', county: '37', capacity: 6, tags: ['capacity-not-numeric'], edit: (h) => (h.capacityText = 'six') },
  { key: 'blank-phone', county: '43', tags: ['blank-phone'], edit: (h) => (h.phone = '') },
  { key: 'prefix-63', number: '636075000', tags: ['number-not-county-code'] },
  // duplicates and malformed rows
  { key: 'exact-duplicate', county: '34', duplicate: 'exact' },
  { key: 'changed-duplicate', county: '19', capacity: 6, duplicate: 'changed' },
  { key: 'blank-number', county: '19', edit: (h) => malformed(h, '', 'blank-number') },
  { key: 'non-numeric-number', county: '30', edit: (h) => malformed(h, '12A456', 'non-numeric-number') },
  { key: 'long-number', county: '37', edit: (h) => malformed(h, '3760123456', 'long-number') },
  { key: 'blank-name', county: '07', edit: (h) => blankName(h) },
  // statuses
  { key: 'licensed-pending-increase', county: '43', status: 'LICENSED/PENDING INCREASE', capacity: 6, tags: ['status-vocabulary'] },
  { key: 'probationary-license', county: '19', status: 'PROBATIONARY LICENSE', tags: ['status-vocabulary'] },
  { key: 'licensed-mixed-case', county: '30', status: 'Licensed', tags: ['status-mixed-case'] },
  { key: 'closed-lower-case', county: '01', status: 'closed', tags: ['status-mixed-case'] },
  { key: 'on-probation', county: '37', status: 'ON PROBATION', tags: ['status-on-probation'] },
  { key: 'pending', county: '34', status: 'PENDING', tags: ['status-pending'] },
  { key: 'closed-on-alw', county: '07', status: 'CLOSED', alw: 'listed' },
  // approvals
  { key: 'approvals-unpadded-01', county: '01', approvals: 'unpadded' },
  { key: 'approvals-unpadded-07', county: '07', approvals: 'unpadded' },
  { key: 'approvals-unpadded-09', county: '09', approvals: 'unpadded' },
  { key: 'approvals-lowercase-y-1', county: '19', approvals: 'lowercase-y' },
  { key: 'approvals-lowercase-y-2', county: '41', approvals: 'lowercase-y' },
  { key: 'approvals-blank-flags', county: '30', approvals: 'blank-flags' },
  { key: 'approvals-absent-1', county: '43', approvals: 'absent' },
  { key: 'approvals-absent-2', county: '37', approvals: 'absent' },
  // waiver list
  { key: 'alw-address-only-1', county: '19', alw: 'address-only' },
  { key: 'alw-address-only-2', county: '30', alw: 'address-only' },
  { key: 'alw-typo-number-1', county: '01', alw: 'typo-number' },
  { key: 'alw-typo-number-2', county: '43', alw: 'typo-number' },
  { key: 'alw-missing-street', county: '34', alw: 'missing-street' },
  // geocoder
  { key: 'geo-non-exact-1', county: '34', geo: 'non-exact' },
  { key: 'geo-non-exact-2', county: '07', geo: 'non-exact' },
  { key: 'geo-no-match', county: '19', geo: 'no-match' },
  { key: 'geo-absent', county: '41', geo: 'absent' },
];

/** Names the generator must not hand out by chance. */
export const RESERVED: string[] = [
  ...CURATED.flatMap((c) => (c.name ? [c.name] : [])),
  ...CAMPUS_NAMES,
  APPROVALS_NOT_ON_ROSTER.name,
  APPROVALS_BLANK_NUMBER_NAME,
  ...ALW_NOT_ON_ROSTER.map((r) => r[0]!),
  CAMPUS_ALW_NAME,
];

/**
 * Makes the curated homes. Each picks, by a fixed rule over the whole coordinates file, a real
 * number of its county (near its city when it names one, alone at its coordinates), so the same
 * numbers carry the same quirks in the default and the state-scale set.
 */
export function applyCurated(real: readonly RealHome[], factory: HomeFactory, duplicates: Duplicate[]): Home[] {
  const sharing = new Map<string, RealHome[]>();
  for (const h of real) sharing.set(coordKey(h.lat, h.lon), [...(sharing.get(coordKey(h.lat, h.lon)) ?? []), h]);
  const taken = new Set<string>();
  const homes: Home[] = [];

  // the campus: two real numbers that share one real address, both licensed
  const pairs = [...sharing.values()].filter(
    (g) => g.length === 2 && g[0]!.number.startsWith('37') && nearestCity('37', g[0]!.lat, g[0]!.lon).km < 4,
  );
  const pair = new Rng('curated/campus').pick(pairs);
  pair.forEach((r, i) => {
    const h = factory.make(r.number, r.lat, r.lon);
    override(h, { key: 'campus', name: CAMPUS_NAMES[i]!, status: 'LICENSED', capacity: i === 0 ? 120 : 48, alw: 'none', tags: ['campus'] }, factory);
    if (i === 1) {
      // one operator runs both licenses on the campus
      h.licensee = homes[0]!.licensee;
      h.administrator = homes[0]!.administrator;
    }
    taken.add(r.number);
    homes.push(h);
  });

  for (const spec of CURATED) {
    const candidates = real.filter(
      (r) =>
        !taken.has(r.number) &&
        (spec.number !== undefined
          ? r.number === spec.number
          : r.number.startsWith(spec.county!) &&
            sharing.get(coordKey(r.lat, r.lon))!.length === 1 &&
            nearestCity(spec.county!, r.lat, r.lon).km < 4 &&
            (!spec.city || nearestCity(spec.county!, r.lat, r.lon).city.name === spec.city)),
    );
    if (candidates.length === 0) throw new Error(`no real facility number fits curated quirk ${spec.key}`);
    const r = new Rng(`curated/${spec.key}`).pick(candidates);
    taken.add(r.number);
    const h = factory.make(r.number, r.lat, r.lon);
    override(h, spec, factory);
    homes.push(h);
    if (spec.duplicate === 'exact') duplicates.push({ home: h, tags: ['exact-duplicate'] });
    if (spec.duplicate === 'changed') duplicates.push({ home: h, capacityText: '12', tags: ['changed-duplicate'] });
  }
  return homes;
}

function override(h: Home, spec: Curated, factory: HomeFactory): void {
  h.curated = spec.key;
  const listedStatus = spec.status ?? 'LICENSED';
  if (listedStatus !== h.status) {
    h.status = listedStatus;
    const dates = drawDates(listedStatus, new Rng(`curated-dates/${h.number}`));
    h.firstDate = dates.first;
    h.closedDate = dates.closed;
  }
  if (spec.name !== undefined) {
    h.name = spec.name;
    factory.claimName(h.city, spec.name);
  }
  if (spec.capacity !== undefined) {
    h.capacity = spec.capacity;
    h.capacityText = String(spec.capacity);
  }
  h.approvals = spec.approvals ?? 'row';
  h.alw = spec.alw ?? 'none';
  h.geo = spec.geo ?? 'match';
  if (spec.duplicate) h.approvals = 'row';
  h.tags.push(...(spec.tags ?? []));
  spec.edit?.(h);
  if (!h.valid) {
    h.approvals = 'absent';
    h.alw = 'none';
    h.geo = 'absent';
  }
}

/** The same quirks in proportion at state scale, on generated (not curated) homes. */
export function sprinkleStateScale(
  homes: Home[],
  duplicates: Duplicate[],
  factory: HomeFactory,
  rng: Rng,
  rows: number,
): void {
  const generic = homes.filter((h) => !h.curated);
  const exactly = (count: number, filter: (h: Home) => boolean = () => true): Home[] =>
    rng.sample(generic.filter((h) => h.valid && filter(h)), count);
  const some = (share: number, filter: (h: Home) => boolean = () => true): Home[] => {
    const pool = generic.filter((h) => h.valid && filter(h));
    return rng.sample(pool, Math.round(pool.length * share));
  };

  const malformedKinds: [string, (h: Home) => void][] = [
    ['blank-number', (h) => malformed(h, '', 'blank-number')],
    ['non-numeric-number', (h) => malformed(h, h.number.slice(0, 2) + 'A' + h.number.slice(3, 6), 'non-numeric-number')],
    ['long-number', (h) => malformed(h, String(Number(h.number)) + String(rng.int(10, 99)), 'long-number')],
    ['blank-name', blankName],
  ];
  // malformed rows come from made-up numbers, so every real facility number stays on the roster
  const synthetic = generic.filter((h) => h.synthetic);
  const broken = rng.sample(synthetic.length ? synthetic : generic, Math.max(0, Math.round(rows * 0.005) - 4));
  broken.forEach((h, i) => {
    malformedKinds[i % malformedKinds.length]![1](h);
    h.approvals = 'absent';
    h.alw = 'none';
    h.geo = 'absent';
  });

  const dupCount = Math.round(rows * 0.002);
  for (const h of exactly(dupCount)) duplicates.push({ home: h, tags: ['exact-duplicate'] });
  for (const h of exactly(dupCount, (x) => x.capacity <= 15 && !duplicates.some((d) => d.home === x))) {
    duplicates.push({ home: h, capacityText: String(h.capacity + rng.int(1, 6)), tags: ['changed-duplicate'] });
  }

  for (const h of some(0.003)) {
    h.cityText = rng.chance(0.5) ? h.cityText.toLowerCase() : titleCase(h.cityText);
    h.tags.push('lowercase-city');
  }
  for (const h of some(0.003)) {
    h.countyText = titleCase(h.countyText);
    h.tags.push('titlecase-county');
  }
  for (const h of some(0.004)) {
    h.name = rng.chance(0.5) ? ` ${h.name.replace(' ', '  ')} ` : titleCase(h.name) + ' ';
    h.tags.push('odd-spacing');
  }
  for (const h of some(0.002)) {
    h.capacityText = '';
    h.tags.push('capacity-blank');
  }
  for (const h of some(0.0005)) {
    h.capacityText = rng.pick(['N/A', 'six', 'TBD']);
    h.tags.push('capacity-not-numeric');
  }
  for (const h of some(0.004, (x) => x.status === 'LICENSED' || x.status === 'CLOSED')) {
    h.status = h.status === 'LICENSED' ? 'Licensed' : rng.pick(['closed', 'Closed']);
    h.tags.push('status-mixed-case');
  }
  for (const h of some(0.01, (x) => x.capacity <= 6)) {
    const owner = rng.pick(PERSON_FIRST);
    const apostrophe = rng.chance(0.15) ? '\u2019' : "'";
    const name = `${owner}${apostrophe}S ${rng.pick(SMALL_KINDS)}`;
    if (factory.isNameTaken(h.city, name)) continue;
    factory.claimName(h.city, name);
    h.name = name;
    h.tags.push('apostrophe', ...(apostrophe === "'" ? [] : ['typographic-apostrophe']));
  }

  // 20 more same-city collisions (22 in all, as many as the state's own list)
  const byCity = new Map<string, Home[]>();
  for (const h of generic) if (h.valid && h.capacity <= 15) byCity.set(h.city.name, [...(byCity.get(h.city.name) ?? []), h]);
  const cities = rng.sample([...byCity.keys()].filter((c) => byCity.get(c)!.length >= 20), 20);
  for (const city of cities) {
    const [a, b] = rng.sample(byCity.get(city)!, 2);
    const base = baseName(a!.name);
    a!.name = base + rng.pick([' LLC', ', LLC', '']);
    b!.name = base + rng.pick([' INC.', ', INC.', ' CORP.']);
    for (const h of [a!, b!]) h.tags.push('collision-same-city', 'legal-form');
  }

  for (const h of some(0.02, (x) => /^0/.test(x.number) && x.approvals === 'row')) h.approvals = 'unpadded';
  for (const h of some(0.01, (x) => x.approvals === 'row')) h.approvals = 'lowercase-y';
  for (const h of some(0.03, (x) => x.approvals === 'row')) h.approvals = 'blank-flags';
  for (const h of some(0.02, (x) => x.alw === 'listed')) h.alw = 'address-only';
  for (const h of some(0.02, (x) => x.alw === 'listed')) h.alw = 'typo-number';
  for (const h of some(0.003, (x) => x.alw === 'listed')) h.alw = 'missing-street';
  for (const h of some(0.002, (x) => /CLOSED/i.test(x.status))) h.alw = 'listed';
}

/**
 * Two licensed homes alone in their ZIP lose every location: one `No_Match`, one without a
 * geocoder line, and their ZIPs are left out of the centroid table.
 */
export function pickNoLocation(homes: Home[]): Set<string> {
  const perZip = new Map<string, number>();
  for (const h of homes) if (h.valid) perZip.set(h.address.zip, (perZip.get(h.address.zip) ?? 0) + 1);
  const chosen = homes
    .filter((h) => h.valid && !h.curated && h.status === 'LICENSED' && perZip.get(h.address.zip) === 1)
    .slice(0, 2);
  chosen.forEach((h, i) => {
    h.geo = i === 0 ? 'no-match' : 'absent';
    h.tags.push('no-location');
  });
  return new Set(chosen.map((h) => h.address.zip));
}

/** Title Case the way the waiver list writes names and addresses. */
const KEEP_UPPER = new Set(['II', 'III', 'IV', 'LLC', 'L.L.C.', 'RCFE', 'ALW']);
const KEEP_LOWER = new Set(['of', 'at', 'and', 'the', 'for']);
export function titleCase(text: string): string {
  return text
    .split(/(\s+)/)
    .map((word, i) => {
      if (KEEP_UPPER.has(word.toUpperCase())) return word.toUpperCase();
      const lower = word.toLowerCase();
      if (i > 0 && KEEP_LOWER.has(lower)) return lower;
      return lower.replace(/(^|[-/(])([a-z])/g, (_, pre: string, ch: string) => pre + ch.toUpperCase());
    })
    .join('');
}

/** A random real city with one of its ZIPs (for homes that are not on the roster). */
export function randomCity(rng: Rng): { city: string; county: string; zip: string; area: string } {
  const c = rng.pick(CITIES);
  return { city: titleCase(c.name), county: titleCase(c.county.name), zip: rng.pick(c.zips), area: c.area };
}

