// The site's view of the listed-homes index (serve/records/listed-homes.ts), built once per snapshot:
// each home with its page path, the county and city entries the type-ahead matches, the map box
// filter and the all-points body. Every answer is alphabetical (name, then license number) or,
// when the family chose a point, by straight-line distance from it: never by anything else.
import { createHash } from 'node:crypto';
import type { ClearanceKey } from '../../contract/facts.ts';
import type { LatLon } from '../../contract/geo.ts';
import { nameKey } from '../../contract/names.ts';
import { firstMatches, listedHomesOf, type Box, type ListedHome, type ListedHomes, type Matches } from '../records/listed-homes.ts';
import { derived, type Snapshot } from '../records/snapshot.ts';
import { cityPath, countyPath, facilityPagePath } from '../web/links.ts';

export type { Box, Matches };

export interface SiteHome extends ListedHome {
  /** Site path of the home's page. */
  path: string;
}

export interface CountyEntry {
  county: string;
  listedHomes: number;
  path: string;
  searchText: string;
}

export interface CityEntry extends CountyEntry {
  city: string;
}

const collator = new Intl.Collator('en', { sensitivity: 'base', numeric: true });

const bySearchText = (entry: { searchText: string }) => entry.searchText;

export class SiteIndex {
  readonly homes: readonly SiteHome[];
  /** Listed homes with a location (the map's points), alphabetical. */
  readonly located: readonly SiteHome[];
  /** Listed homes without one: no part of the map shows them, so the map's list names them. */
  readonly unlocated: readonly SiteHome[];
  readonly counties: readonly CountyEntry[];
  readonly cities: readonly CityEntry[];
  private readonly siteHome = new Map<ListedHome, SiteHome>();
  private readonly allPointsBodies = new Map<string, { body: string; etag: string }>();

  constructor(private readonly listed: ListedHomes) {
    this.homes = listed.homes.map((home) => {
      // Object.assign, not a spread: a spread gives every copy a hidden class of its own.
      const siteHome = Object.assign({}, home, { path: facilityPagePath(home.name_slug, home.license_number) });
      this.siteHome.set(home, siteHome);
      return siteHome;
    });
    this.located = this.homes.filter((home) => home.latitude !== null && home.longitude !== null);
    this.unlocated = this.homes.filter((home) => home.latitude === null || home.longitude === null);
    const counties: CountyEntry[] = [];
    const cities: CityEntry[] = [];
    for (const county of listed.counties) {
      const key = nameKey(county.name);
      counties.push({ county: county.name, listedHomes: county.homes, path: countyPath(county.name), searchText: ` ${key} ${key} county` });
      for (const city of listed.citiesOf(county.key)) {
        cities.push({
          city: city.name,
          county: county.name,
          listedHomes: city.homes,
          path: cityPath(county.name, city.name),
          searchText: ` ${nameKey(city.name)}`,
        });
      }
    }
    this.counties = counties.sort((a, b) => collator.compare(a.county, b.county));
    this.cities = cities.sort((a, b) => collator.compare(a.city, b.city) || collator.compare(a.county, b.county));
  }

  /** Homes whose goes-by or licensed name has a word starting with the key, alphabetical. */
  matchHomes(key: string, limit: number): Matches<SiteHome> {
    const { items, total } = this.listed.matchName(key, limit);
    return { items: items.map((home) => this.siteHome.get(home)!), total };
  }

  matchCities(key: string, limit: number): Matches<CityEntry> {
    return key ? firstMatches(this.cities, bySearchText, key, limit) : { items: [], total: 0 };
  }

  matchCounties(key: string, limit: number): Matches<CountyEntry> {
    return key ? firstMatches(this.counties, bySearchText, key, limit) : { items: [], total: 0 };
  }

  /**
   * Located homes inside the box that carry every needed clearance ('true', and not under a
   * correction review), alphabetical; or nearest first when the family chose a point.
   */
  inBounds(box: Box, needs: readonly ClearanceKey[], underReview: ReadonlySet<string>, near: LatLon | null, limit: number) {
    const found = this.listed.select({ box, near, unit: 'miles', clearances: needs, excluded: underReview });
    const items = found.homes.slice(0, limit).map((home, i) => ({ home: this.siteHome.get(home)!, miles: near ? found.distances[i]! : null }));
    return { items, total: found.homes.length };
  }
  /**
   * Listed homes with no location that carry every needed clearance (as inBounds reads them),
   * alphabetical: state-wide, since a home without a location is in no part of the map.
   */
  notOnMap(needs: readonly ClearanceKey[], underReview: ReadonlySet<string>, limit: number) {
    const found = this.unlocated.filter((home) => !underReview.has(home.license_number) && needs.every((need) => home[need] === 'true'));
    return { items: found.slice(0, limit), total: found.length };
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

const siteView = derived('site view (paths, place entries, all-points bodies)', (snapshot) => new SiteIndex(listedHomesOf(snapshot)));

export function siteIndexOf(snapshot: Snapshot): SiteIndex {
  return snapshot.derive(siteView);
}
