// URL slugs of the places and license holders that have pages, worked out once per snapshot
// (snapshots never change, so each index is built on first use and dropped with the snapshot).
import { nameSlug } from '../../contract/names.ts';
import { listedHomesOf, type Place as ListedPlace } from './listed-homes.ts';
import { derived, type Snapshot } from './snapshot.ts';

/** A place of the listed-homes index with the slug of its page. */
export type Place = ListedPlace & { slug: string };

export interface Licensee {
  slug: string;
  /** Every licensee string with this slug (spellings of one holder), verbatim. */
  names: string[];
  homes: number;
}

function bySlug(places: readonly Place[]): Map<string, Place> {
  const map = new Map<string, Place>();
  for (const place of places) if (!map.has(place.slug)) map.set(place.slug, place);
  return map;
}

function toPlaces(places: readonly ListedPlace[]): Place[] {
  return places.map((place) => ({ ...place, slug: nameSlug(place.name) }));
}

const placeSlugs = derived('page place and license-holder slugs', (snapshot) => {
  const listed = listedHomesOf(snapshot);
  const counties = toPlaces(listed.counties);
  const licensees = new Map<string, Licensee>();
  const slugByLicensee = new Map<string, string>();
  for (const { licensee, homes } of listed.licensees) {
    const slug = nameSlug(licensee);
    const entry = licensees.get(slug);
    if (entry) {
      entry.names.push(licensee);
      entry.homes += homes;
    } else licensees.set(slug, { slug, names: [licensee], homes });
    slugByLicensee.set(licensee, slug);
  }
  const cities = new Map<string, { list: Place[]; bySlug: Map<string, Place> }>();
  for (const county of counties) {
    const list = toPlaces(listed.citiesOf(county.key));
    cities.set(county.key, { list, bySlug: bySlug(list) });
  }
  return { counties, countyBySlug: bySlug(counties), cities, licensees, slugByLicensee, waiverCounties: toPlaces(listed.waiverCounties) };
});

function index(snapshot: Snapshot) {
  return snapshot.derive(placeSlugs);
}

/** Counties with at least one listed home, alphabetical. */
export function counties(snapshot: Snapshot): readonly Place[] {
  return index(snapshot).counties;
}

export function countyBySlug(snapshot: Snapshot, slug: string): Place | undefined {
  return index(snapshot).countyBySlug.get(slug);
}

/** Cities of one county with at least one listed home, alphabetical. */
export function citiesOf(snapshot: Snapshot, county: Place): readonly Place[] {
  return cityIndex(snapshot, county).list;
}

export function cityBySlug(snapshot: Snapshot, county: Place, slug: string): Place | undefined {
  return cityIndex(snapshot, county).bySlug.get(slug);
}

function cityIndex(snapshot: Snapshot, county: Place) {
  return index(snapshot).cities.get(county.key) ?? { list: [], bySlug: new Map<string, Place>() };
}

/** Every license holder with a page (at least one listed license), in the listed-homes index's order. */
export function licensees(snapshot: Snapshot): readonly Licensee[] {
  return [...index(snapshot).licensees.values()];
}

export function licenseeBySlug(snapshot: Snapshot, slug: string): Licensee | undefined {
  return index(snapshot).licensees.get(slug);
}

/** The license-holder page slug of a licensee string, or null when it holds no listed license. */
export function licenseeSlug(snapshot: Snapshot, licensee: string): string | null {
  return index(snapshot).slugByLicensee.get(licensee) ?? null;
}

/** Counties with homes on the Assisted Living Waiver list. */
export function waiverCountyList(snapshot: Snapshot): readonly Place[] {
  return index(snapshot).waiverCounties;
}
