// hospitals.csv: the state health department's (CDPH) "Licensed and Certified Healthcare
// Facility Listing", cut to the columns the near-hospital feature reads. General acute care
// hospitals (GACH) with invented names and streets, placed near real city centres, plus the rows
// the pipeline must skip: other facility types, one closed hospital, one without coordinates.
import { Rng } from './prng.ts';
import type { World } from './model.ts';
import { render, type Row, type SourceFile } from './files.ts';
import { CITIES, COUNTIES, NAME_FIRST, STREET_NAMES, STREET_SUFFIXES, type City, type County } from './tables.ts';

export const HOSPITALS_HEADER = [
  'FACID', 'FACNAME', 'FAC_TYPE_CODE', 'FAC_FDR', 'ADDRESS', 'CITY', 'ZIP', 'COUNTY_NAME', 'LATITUDE',
  'LONGITUDE', 'LICENSE_STATUS_DESCRIPTION',
] as const;

const FAC_TYPES = {
  GACH: 'GENERAL ACUTE CARE HOSPITAL',
  SNF: 'SKILLED NURSING FACILITY',
  CLHF: 'CONGREGATE LIVING HEALTH FACILITY',
} as const;
type FacType = keyof typeof FAC_TYPES;

const GACH_NAMES: readonly ((city: string, rng: Rng) => string)[] = [
  (city) => `${city} COMMUNITY HOSPITAL`,
  (city) => `MERCY GENERAL HOSPITAL OF ${city}`,
  (city) => `${city} REGIONAL MEDICAL CENTER`,
  (city) => `${city} MEMORIAL HOSPITAL`,
  (_, rng) => `${rng.pick(NAME_FIRST)} ${rng.pick(['VALLEY', 'HILLS', 'VISTA', 'RIDGE'])} MEDICAL CENTER`,
];
const OTHER_NAMES: Record<Exclude<FacType, 'GACH'>, (city: string, rng: Rng) => string> = {
  SNF: (city, rng) => `${rng.pick(NAME_FIRST)} POST-ACUTE CARE CENTER OF ${city}`,
  CLHF: (city, rng) => `${rng.pick(NAME_FIRST)} CONGREGATE LIVING HOME - ${city}`,
};

interface Hospital {
  facid: string;
  type: FacType;
  name: string;
  city: City;
  street: string;
  zip: string;
  lat: string;
  lon: string;
  status: 'ACTIVE' | 'CLOSED';
  tags: string[];
}

/** How many hospitals each county gets, and in which cities (weighted by the homes there). */
function plan(world: World): { county: County; count: number; weights: Map<City, number> }[] {
  const homesIn = new Map<City, number>();
  for (const h of world.homes) if (h.valid) homesIn.set(h.city, (homesIn.get(h.city) ?? 0) + 1);
  const counties = world.size === 'default' ? COUNTIES.filter((c) => [...homesIn.keys()].some((x) => x.county === c)) : COUNTIES;
  return counties.map((county) => {
    const cities = CITIES.filter((x) => x.county === county);
    const homes = cities.reduce((n, x) => n + (homesIn.get(x) ?? 0), 0);
    const count = world.size === 'default' ? Math.min(8, Math.max(3, 3 + Math.round(homes / 12))) : Math.max(1, Math.round(1 + homes / 45));
    return { county, count, weights: new Map(cities.map((x) => [x, (homesIn.get(x) ?? 0) + 1])) };
  });
}

function pickCity(rng: Rng, weights: ReadonlyMap<City, number>): City {
  let r = rng.next() * [...weights.values()].reduce((a, b) => a + b, 0);
  for (const [city, w] of weights) if ((r -= w) < 0) return city;
  return [...weights.keys()].at(-1)!;
}

export function hospitalsFile(world: World): SourceFile {
  const rng = new Rng(`hospitals/${world.size}`);
  const names = new Set<string>();
  const facids = new Set<string>();
  const out: Hospital[] = [];
  const make = (county: County, weights: Map<City, number>, type: FacType): Hospital => {
    const at = pickCity(rng, weights);
    let name: string;
    do name = type === 'GACH' ? rng.pick(GACH_NAMES)(at.name, rng) : OTHER_NAMES[type](at.name, rng);
    while (names.has(name));
    names.add(name);
    let facid: string;
    do facid = `${county.code}0000${String(rng.int(1, 999)).padStart(3, '0')}`;
    while (facids.has(facid));
    facids.add(facid);
    const street = `${rng.int(100, 9999)} ${rng.pick(STREET_NAMES)} ${rng.pick(STREET_SUFFIXES)[0]}`;
    return {
      facid,
      type,
      name,
      city: at,
      street,
      zip: rng.pick(at.zips),
      lat: (at.lat + (rng.next() - 0.5) * 0.03).toFixed(6),
      lon: (at.lon + (rng.next() - 0.5) * 0.036).toFixed(6),
      status: 'ACTIVE',
      tags: type === 'GACH' ? [] : ['hospital-not-gach'],
    };
  };
  const counties = plan(world);
  for (const { county, count, weights } of counties) for (let i = 0; i < count; i++) out.push(make(county, weights, 'GACH'));

  // rows the near-hospital feature must skip, on top of each county's usable hospitals
  const somewhere = () => rng.pick(counties);
  const extra = (type: FacType) => {
    const c = somewhere();
    const h = make(c.county, c.weights, type);
    out.push(h);
    return h;
  };
  const others = world.size === 'default' ? { SNF: 2, CLHF: 1 } : { SNF: 12, CLHF: 6 };
  for (const [type, n] of Object.entries(others) as [FacType, number][]) for (let i = 0; i < n; i++) extra(type);
  const closed = extra('GACH');
  closed.status = 'CLOSED';
  closed.tags.push('hospital-closed');
  const blank = extra('GACH');
  blank.lat = '';
  blank.lon = '';
  blank.tags.push('hospital-no-coordinates');

  const rows: Row[] = out
    .sort((a, b) => a.facid.localeCompare(b.facid))
    .map((h) => ({
      cells: [h.facid, h.name, h.type, FAC_TYPES[h.type], h.street, h.city.name, h.zip, h.city.county.name, h.lat, h.lon, h.status],
      tags: h.tags,
      license: h.facid,
      curated: true,
    }));
  const file = render('hospitals.csv', [HOSPITALS_HEADER.join(',')], rows, '\r\n', false);
  for (const m of file.marks) m.where = `L${m.line}: FACID ${m.license}`;
  return file;
}
