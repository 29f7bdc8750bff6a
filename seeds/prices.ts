// Prices, from outside the state record:
//   listings.csv      monthly rates that two listing sites publish for some homes (third party)
//   county-rates.csv  typical starting monthly rates per county, from the same survey
// Rates follow the county and the size of the home. Both files are plain exports: LF line ends,
// minimal quoting, ISO dates.
import { Rng } from './prng.ts';
import type { Home, World } from './model.ts';
import { note, render, type Mark, type Row, type SourceFile } from './files.ts';
import { titleCase } from './quirks.ts';

export const LISTINGS_HEADER = ['license_number', 'site', 'listing_url', 'monthly_rate_usd', 'rate_confirmed_by_home', 'seen_on', 'updated_on'] as const;
export const COUNTY_RATES_HEADER = ['county', 'low_usd', 'high_usd', 'typical_start_usd', 'as_of', 'basis'] as const;
export const COUNTY_RATES_AS_OF = '2026-10-01';
export const SITES = ['caringplaces.example', 'seniorlist.example'] as const;
/** The county the survey left out (falls back to the smallest county of the set). */
export const COUNTY_WITHOUT_RATE = 'EL DORADO';

/** Typical starting rate by county; others 4,000. */
const COUNTY_BASE: Record<string, number> = {
  'SAN FRANCISCO': 7400, MARIN: 7300, 'SAN MATEO': 7200, 'SANTA CLARA': 6800, 'SANTA CRUZ': 6200,
  ALAMEDA: 6100, 'SANTA BARBARA': 6000, 'CONTRA COSTA': 5900, NAPA: 5900, ORANGE: 5800, SONOMA: 5700,
  'SAN DIEGO': 5600, VENTURA: 5600, MONTEREY: 5500, 'SAN LUIS OBISPO': 5400, 'LOS ANGELES': 5200,
  PLACER: 5200, 'EL DORADO': 5000, SACRAMENTO: 4700, YOLO: 4600, SOLANO: 4600, RIVERSIDE: 4500,
  'SAN BERNARDINO': 4300, 'SAN JOAQUIN': 4200, STANISLAUS: 4100,
};

/** Curated listing quirks, by the curated roster home (quirks.ts key) that carries them. */
const CURATED_LISTINGS: Record<string, 'duplicate' | 'closed' | 'unreadable' | 'dollar' | 'from'> = {
  'st-marys': 'duplicate',
  'closed-on-alw': 'closed',
  'angels-haven': 'unreadable',
  'golden-oaks-llc': 'dollar',
  'sunrise-villa': 'from',
};

const isListed = (h: Home) => /^(LICENSED|LICENSED\/PENDING INCREASE|PROBATIONARY LICENSE|ON PROBATION)$/i.test(h.status.trim());
const round50 = (n: number) => Math.round(n / 50) * 50;
const slug = (s: string) => s.toLowerCase().replace(/['\u2019.]/g, '').replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '');
const thousands = (n: number) => String(n).replace(/\B(?=(\d{3})+$)/, ',');
const DAY_MS = 86_400_000;
const iso = (day: number) => new Date(day * DAY_MS).toISOString().slice(0, 10);
const SEEN_FIRST = Date.UTC(2026, 8, 1) / DAY_MS;
const SEEN_LAST = Date.UTC(2026, 10, 14) / DAY_MS;

export function monthlyRate(h: Home, rng: Rng): number {
  const base = COUNTY_BASE[h.city.county.name] ?? 4000;
  const size = h.capacity <= 6 ? 0.85 : h.capacity <= 15 ? 0.95 : h.capacity < 100 ? 1.15 : 1.35;
  const noise = Math.exp((rng.next() - 0.5) * 0.6);
  return Math.min(14000, Math.max(3000, round50(base * size * noise)));
}

interface Listing {
  home: Home;
  site: (typeof SITES)[number];
  rate: number;
  rateText: string;
  tags: string[];
}

function listingRow(l: Listing, rng: Rng): Row {
  const h = l.home;
  const city = slug(h.city.name);
  const name = slug(h.name.trim());
  const url =
    l.site === 'caringplaces.example'
      ? `https://www.caringplaces.example/assisted-living/california/${city}/${name}-${rng.int(100000, 999999)}`
      : `https://seniorlist.example/ca/${city}/${name}?id=${h.number}`;
  const seen = rng.int(SEEN_FIRST, SEEN_LAST);
  const updated = seen - (rng.chance(0.3) ? 0 : rng.int(1, 420));
  return {
    cells: [h.number, l.site, url, l.rateText, rng.chance(0.35) ? 'Y' : 'N', iso(seen), iso(updated)],
    tags: l.tags,
    license: h.number,
    curated: !!h.curated,
  };
}

export function listings(world: World): Listing[] {
  const out: Listing[] = [];
  const seen = new Set<string>();
  for (const h of world.homes) {
    if (!h.valid || seen.has(h.number)) continue;
    seen.add(h.number);
    const rng = new Rng(`listing/${h.number}`);
    const curated = h.curated ? CURATED_LISTINGS[h.curated] : undefined;
    const draw = rng.next();
    const closed = /CLOSED/i.test(h.status);
    const listed =
      curated !== undefined ||
      (!h.curated && isListed(h) && draw < 0.2) ||
      (!h.curated && closed && world.size === 'state' && draw < 0.003);
    if (!listed) continue;
    const rate = monthlyRate(h, rng);
    const form = curated ?? (world.size === 'state' && rng.chance(0.004) ? 'unreadable' : rng.chance(0.03) ? rng.pick(['dollar', 'from'] as const) : 'number');
    const rateText = form === 'unreadable' ? 'call for pricing' : form === 'dollar' ? `$${thousands(rate)}` : form === 'from' ? `from ${rate}` : String(rate);
    const tags = [
      ...(closed ? ['listing-closed-license'] : []),
      ...(form === 'unreadable' ? ['listing-unreadable-rate'] : form === 'dollar' || form === 'from' ? ['listing-rate-text'] : []),
    ];
    const site = rng.pick(SITES);
    out.push({ home: h, site, rate, rateText, tags });
    if (curated === 'duplicate' || (!h.curated && !closed && world.size === 'state' && rng.chance(0.03))) {
      const other = round50(rate * (1 + rng.int(3, 9) / 100));
      out[out.length - 1]!.tags.push('listing-duplicate');
      out.push({ home: h, site: SITES.find((s) => s !== site)!, rate: other, rateText: String(other), tags: ['listing-duplicate'] });
    }
  }
  return out;
}

export function listingsFile(world: World, all = listings(world)): SourceFile {
  const rows = all
    .slice()
    .sort((a, b) => a.site.localeCompare(b.site) || a.home.number.localeCompare(b.home.number))
    .map((l) => listingRow(l, new Rng(`listing-row/${l.site}/${l.home.number}`)));
  return render('listings.csv', [LISTINGS_HEADER.join(',')], rows, '\n', false);
}

function percentile(sorted: readonly number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.round(p * (sorted.length - 1))))]!;
}

export function countyRatesFile(world: World, all = listings(world)): SourceFile {
  const homes = world.homes.filter((h) => h.valid);
  const counties = [...new Set(homes.map((h) => h.city.county.name))].sort();
  const missing = counties.includes(COUNTY_WITHOUT_RATE)
    ? COUNTY_WITHOUT_RATE
    : counties.slice().sort((a, b) => homes.filter((h) => h.city.county.name === a).length - homes.filter((h) => h.city.county.name === b).length)[0];
  const rows: Row[] = [];
  const notes: Mark[] = [];
  for (const county of counties) {
    if (county === missing) continue;
    const rates = all
      .filter((l) => l.home.city.county.name === county && /^\d+$/.test(l.rateText) && isListed(l.home))
      .map((l) => l.rate)
      .sort((a, b) => a - b);
    const base = COUNTY_BASE[county] ?? 4000;
    const [low, typical, high, basis] =
      rates.length >= 5
        ? [Math.floor(percentile(rates, 0.1) / 50) * 50, round50(percentile(rates, 0.5)), Math.ceil(percentile(rates, 0.9) / 50) * 50, 'median of listed starting rates, 2026 survey']
        : [round50(base * 0.7), round50(base * 0.9), round50(base * 1.7), 'regional estimate, 2026 survey'];
    rows.push({ cells: [titleCase(county), String(low), String(high), String(typical), COUNTY_RATES_AS_OF, basis], tags: [], license: '', curated: false });
  }
  const left = homes.filter((h) => h.city.county.name === missing);
  const unlisted = left.filter((h) => !all.some((l) => l.home === h));
  if (left[0]) {
    notes.push({ ...note('county-rate-missing', 'county-rates.csv', left[0]), where: `${titleCase(missing!)} (no line: ${left.length} homes, ${unlisted.length} of them with no listing)` });
  }
  return render('county-rates.csv', [COUNTY_RATES_HEADER.join(',')], rows, '\n', false, notes);
}
