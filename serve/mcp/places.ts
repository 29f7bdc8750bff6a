// How the MCP tools read a place someone named (find_homes' county and city, search's free text):
// one reading (serve/records/place-names.ts) and one set of sentences. A real place with no listed
// home is said to be real and empty, with its county offered; a name the service does not know gets
// a spelling suggestion only when it nearly spells a known place and is not one itself.
import type { Place } from '../records/listed-homes.ts';
import { readPlace, type KnownPlace } from '../records/place-names.ts';
import type { Snapshot } from '../records/snapshot.ts';

export type PlaceAnswer =
  | { county: Place; city: null; read_as: string | null }
  | { county: null; city: Place & { county: string | null }; read_as: string | null }
  /** Nothing listed there: `said` is the sentence to answer with (never a guess at another place). */
  | { county: null; city: null; said: string };

function quoted(input: string): string {
  const text = input.replace(/\s+/g, ' ').trim();
  return `"${text.length > 60 ? `${text.slice(0, 60)}…` : text}"`;
}

function homes(count: number): string {
  return count === 1 ? '1 listed home' : `${count} listed homes`;
}

/** The county a known place offers when it has listed homes: "send county ..." */
function countyOffer(snapshot: Snapshot, county: string | null): string {
  if (!county) return '';
  const known = readPlace(snapshot, county, 'county').known;
  const listed = known?.kind === 'county' ? known.listed : null;
  return listed ? ` It is in ${listed.name} County, which has ${homes(listed.homes)}: send county "${listed.name}".` : '';
}

/** What to say of a known place with no listed home of the kind asked. */
function knownButEmpty(snapshot: Snapshot, input: string, known: KnownPlace, as: 'county' | 'city' | 'any'): string {
  if (known.kind === 'zip') {
    const cities = known.nearbyOnly
      ? known.cities.length > 0
        ? ` No home on the roster has that ZIP code; the roster's homes with ZIP codes starting ${known.name.slice(0, 3)} are in ${known.cities.join(', ')}: send city (or county) by name.`
        : ' No home on the roster has that ZIP code or one near it.'
      : known.cities.length > 0
        ? ` The roster's homes with that ZIP code are in ${known.cities.join(', ')}${known.county ? ` (${known.county} County)` : ''}: send city (or county) by name.`
        : '';
    return `${quoted(input)} is a ZIP code, not a city name; find_homes reads places by name or by near {latitude, longitude}.${cities}`;
  }
  if (known.kind === 'county') {
    if (as === 'city') {
      return known.listed
        ? `No listed home is in a city named ${quoted(input)}. ${known.name} is also a California county, with ${homes(known.listed.homes)}: send county "${known.name}" to list them.`
        : `No listed home is in a city named ${quoted(input)}, nor in ${known.name} County: the roster lists no current license there. Try a neighbouring county, or near {latitude, longitude}.`;
    }
    return `No listed home is in ${known.name} County: the roster lists no current license there. Try a neighbouring county, or near {latitude, longitude}.`;
  }
  if (as === 'county') {
    return known.listed
      ? `No California county is named ${quoted(input)}; ${known.name} is a city${known.county ? ` in ${known.county} County` : ''}: send city "${known.name}".`
      : `No California county is named ${quoted(input)}; ${known.name} is a city on the roster with no current license.${countyOffer(snapshot, known.county)}`;
  }
  return `No listed home is in ${known.name}: the roster lists no current license there.${countyOffer(snapshot, known.county)}`;
}

/**
 * The listed county or city an input means, or what to say instead. `correct`: take a near-miss
 * spelling as the place (search, which answers rather than refuses; `read_as` says so); without it
 * the near miss is offered in the sentence (find_homes, whose caller sends the argument again).
 */
export function placeFor(snapshot: Snapshot, input: string, as: 'county' | 'city' | 'any', correct = false): PlaceAnswer {
  const reading = readPlace(snapshot, input, as);
  if (reading.known) {
    const { known } = reading;
    if (known.listed && known.kind === 'county' && as !== 'city') return { county: known.listed, city: null, read_as: null };
    if (known.listed && known.kind === 'city' && as !== 'county') return { county: null, city: { ...known.listed, county: known.county }, read_as: null };
    return { county: null, city: null, said: knownButEmpty(snapshot, input, known, as) };
  }
  const near = reading.suggestion;
  if (near && correct && near.listed && near.kind !== 'zip') {
    const read_as = `Read ${quoted(input)} as ${near.name}${near.kind === 'county' ? ' County' : ''}, the roster's spelling.`;
    return near.kind === 'county' ? { county: near.listed, city: null, read_as } : { county: null, city: { ...near.listed, county: near.county }, read_as };
  }
  const kind = as === 'county' ? 'county' : 'city';
  const offer = near ? ` If you meant ${near.name}${near.kind === 'county' ? ' County' : near.county ? ` (${near.county} County)` : ''}, send that spelling.` : '';
  const how =
    kind === 'city'
      ? ' Send the city as the state roster spells it, or send county, or near {latitude, longitude} instead.'
      : ' Send a California county name (e.g. "Alameda"), or city, or near {latitude, longitude} instead.';
  const none = kind === 'city' ? `No listed home is in a city named ${quoted(input)}.` : `No California county is named ${quoted(input)}.`;
  return { county: null, city: null, said: `${none}${offer}${how}` };
}
