// The price block of MCP records and check results. Only a home's own rate (published by a
// listing site, or confirmed by the home there) is a price; an estimate from comparable homes
// nearby and a county's typical starting rate are labelled as not the home's price, in the
// sentence (`line`) that assistants are told to quote. Closed licenses have no price.
import { ownRateLine, type CompactHome } from '../../contract/records.ts';
import { placeKey } from '../../contract/names.ts';
import type { CountyRate, Listing } from '../sources/prices.ts';
import { distanceKm } from '../../contract/geo.ts';

export type Price = NonNullable<CompactHome['price']>;

export interface PricedHome {
  license_number: string;
  closed: boolean;
  county: string | null;
  capacity: number | null;
  latitude: number | null;
  longitude: number | null;
}

/** Comparable homes for an estimate: same size class, within this straight-line distance. */
const COMPARABLE_RADIUS_KM = 15;
const MIN_COMPARABLES = 3;

const dollars = (amount: number) => `$${amount.toLocaleString('en-US')}`;
const roundTo50 = (amount: number) => Math.round(amount / 50) * 50;

function quantile(sorted: readonly number[], q: number): number {
  const position = (sorted.length - 1) * q;
  const low = Math.floor(position);
  const high = Math.ceil(position);
  return sorted[low]! + (sorted[high]! - sorted[low]!) * (position - low);
}

/** Homes of 6 beds or fewer are priced differently from larger communities. */
const sizeClass = (capacity: number | null) => (capacity === null ? 'unknown' : capacity <= 6 ? 'small' : 'larger');

/** `asOf`: the run's date, against which a listing's age is judged (contract/records.ts). */
function ownRate(listings: readonly Listing[], asOf: string): Price {
  // A rate the home confirmed outranks one only published; then the most recently updated.
  const chosen = [...listings].sort(
    (a, b) => Number(b.confirmed_by_home) - Number(a.confirmed_by_home) || (b.updated_on ?? b.seen_on ?? '').localeCompare(a.updated_on ?? a.seen_on ?? ''),
  )[0]!;
  const listing = { site: chosen.site, url: chosen.url, seen_on: chosen.seen_on, updated_on: chosen.updated_on };
  return {
    kind: chosen.confirmed_by_home ? 'home_confirmed' : 'home_listed',
    is_this_homes_own_rate: true,
    monthly_usd: chosen.monthly_usd,
    likely_range_usd: null,
    line: ownRateLine(chosen.monthly_usd, chosen, asOf),
    listing,
  };
}

export function createPricer(inputs: { homes: readonly PricedHome[]; listings: readonly Listing[]; countyRates: Map<string, CountyRate>; runDate: string }) {
  const listingsByLicense = new Map<string, Listing[]>();
  for (const listing of inputs.listings) {
    const list = listingsByLicense.get(listing.license_number);
    if (list) list.push(listing);
    else listingsByLicense.set(listing.license_number, [listing]);
  }

  // Listed rates of open homes with a location, bucketed on a coarse grid for the nearby search.
  const cell = (latitude: number, longitude: number) => `${Math.floor(latitude * 5)}|${Math.floor(longitude * 5)}`;
  const grid = new Map<string, Array<{ latitude: number; longitude: number; size: string; monthly: number }>>();
  for (const home of inputs.homes) {
    const listings = listingsByLicense.get(home.license_number);
    if (!listings || home.closed || home.latitude === null || home.longitude === null) continue;
    const key = cell(home.latitude, home.longitude);
    const bucket = grid.get(key) ?? [];
    bucket.push({ latitude: home.latitude, longitude: home.longitude, size: sizeClass(home.capacity), monthly: ownRate(listings, inputs.runDate).monthly_usd! });
    grid.set(key, bucket);
  }

  function estimate(home: PricedHome): Price | null {
    if (home.latitude === null || home.longitude === null || home.capacity === null) return null;
    const here = { latitude: home.latitude, longitude: home.longitude };
    const size = sizeClass(home.capacity);
    const rates: number[] = [];
    const [row, column] = [Math.floor(home.latitude * 5), Math.floor(home.longitude * 5)];
    for (let dr = -1; dr <= 1; dr += 1) {
      for (let dc = -1; dc <= 1; dc += 1) {
        for (const other of grid.get(`${row + dr}|${column + dc}`) ?? []) {
          if (other.size === size && distanceKm(here, other) <= COMPARABLE_RADIUS_KM) rates.push(other.monthly);
        }
      }
    }
    if (rates.length < MIN_COMPARABLES) return null;
    rates.sort((a, b) => a - b);
    const low = roundTo50(quantile(rates, 0.25));
    const high = roundTo50(quantile(rates, 0.75));
    return {
      kind: 'covelight_estimate',
      is_this_homes_own_rate: false,
      monthly_usd: roundTo50(quantile(rates, 0.5)),
      likely_range_usd: { low, high },
      line: `Not this home's price: our estimate from ${rates.length} comparable homes within ${COMPARABLE_RADIUS_KM} km that publish their rates is ${dollars(low)} to ${dollars(high)} a month. Ask the home for its own rates.`,
    };
  }

  function areaTypical(home: PricedHome): Price | null {
    const rate = home.county ? inputs.countyRates.get(placeKey(home.county)) : undefined;
    if (!rate) return null;
    return {
      kind: 'area_typical',
      is_this_homes_own_rate: false,
      monthly_usd: rate.typical_start_usd,
      likely_range_usd: { low: rate.low_usd, high: rate.high_usd },
      line: `Not this home's price: typical starting rates in ${rate.county} County run ${dollars(rate.low_usd)} to ${dollars(rate.high_usd)} a month${rate.as_of ? ` (as of ${rate.as_of})` : ''}. Ask the home for its own rates.`,
    };
  }

  return function price(home: PricedHome): Price | null {
    if (home.closed) return null;
    const listings = listingsByLicense.get(home.license_number);
    if (listings) return ownRate(listings, inputs.runDate);
    return estimate(home) ?? areaTypical(home);
  };
}
