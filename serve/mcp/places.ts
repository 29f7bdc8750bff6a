// How the MCP tools read a place someone named (find_homes' county and city, search's free text):
// one reading (serve/records/place-names.ts) and one set of sentences. A real place with no listed
// home is said to be real and empty, with its county offered; a name the service does not know gets
// a spelling suggestion only when it nearly spells a known place and is not one itself.
import type { Place } from '../records/listed-homes.ts';
import { readPlace, type KnownPlace } from '../records/place-names.ts';
import type { Snapshot } from '../records/snapshot.ts';
import { fill, say, wordsIn } from '../words/catalog.ts';
import type { Language } from '../words/language.ts';
import { PLACE_WORDS } from '../words/place-words.ts';
import { LIST_ANSWER_WORDS } from '../words/list-answer-words.ts';

export type PlaceAnswer =
  | { county: Place; city: null; read_as: string | null }
  | { county: null; city: Place & { county: string | null }; read_as: string | null }
  /** Nothing listed there: `said` is the sentence to answer with (never a guess at another place). */
  | { county: null; city: null; said: string };

/** A name as asked, on one line and cut at 60 characters. */
function shownName(input: string): string {
  const text = input.replace(/\s+/g, ' ').trim();
  return text.length > 60 ? `${text.slice(0, 60)}…` : text;
}

function quoted(input: string, language: Language = 'en'): string {
  return fill(say(PLACE_WORDS.quoted, language), { text: shownName(input) });
}

function homes(count: number, language: Language): string {
  return count === 1 ? say(PLACE_WORDS.homeOne, language) : say(PLACE_WORDS.homeMany, language, { n: count });
}

/** The county a known place offers when it has listed homes: "send county ..." */
function countyOffer(snapshot: Snapshot, county: string | null, language: Language): string {
  if (!county) return '';
  const known = readPlace(snapshot, county, 'county').known;
  const listed = known?.kind === 'county' ? known.listed : null;
  return listed ? say(PLACE_WORDS.countyOffer, language, { county: listed.name, homes: homes(listed.homes, language) }) : '';
}

/**
 * What to say of a known place with no listed home of the kind asked. A county with none is never
 * told to try "a neighbouring county": the service does not know which neighbour has homes.
 */
function knownButEmpty(snapshot: Snapshot, input: string, known: KnownPlace, as: 'county' | 'city' | 'any', language: Language): string {
  const w = wordsIn(PLACE_WORDS, language);
  const asked = quoted(input, language);
  if (known.kind === 'zip') {
    const cities = known.nearbyOnly
      ? known.cities.length > 0
        ? fill(w.zipNearby, { prefix: known.nearbyPrefix ?? known.name.slice(0, 3), cities: known.cities.join(', ') })
        : w.zipNone
      : known.cities.length > 0
        ? fill(w.zipCities, { cities: known.cities.join(', '), county: known.county ? fill(w.inCounty, { county: known.county }) : '' })
        : '';
    return `${fill(w.zipIs, { input: asked })}${cities}`;
  }
  if (known.kind === 'county') {
    if (as === 'city') {
      return known.listed
        ? fill(w.noCityButCounty, { input: asked, county: known.name, homes: homes(known.listed.homes, language) })
        : `${fill(w.noCityNorCounty, { input: asked, county: known.name })}${w.tryNear}`;
    }
    return `${fill(w.noCounty, { county: known.name })}${w.tryNear}`;
  }
  if (as === 'county') {
    return known.listed
      ? fill(w.noCountyIsCity, { input: asked, city: known.name, inCounty: known.county ? fill(w.cityInCounty, { county: known.county }) : '' })
      : fill(w.noCountyEmptyCity, { input: asked, city: known.name, offer: countyOffer(snapshot, known.county, language) });
  }
  return fill(w.noPlace, { place: known.name, offer: countyOffer(snapshot, known.county, language) });
}

/**
 * The listed county or city an input means, or what to say instead. `correct`: take a near-miss
 * spelling as the place (search, which answers rather than refuses; `read_as` says so); without it
 * the near miss is offered in the sentence (find_homes, whose caller sends the argument again).
 */
export function placeFor(snapshot: Snapshot, input: string, as: 'county' | 'city' | 'any', correct = false, language: Language = 'en'): PlaceAnswer {
  const reading = readPlace(snapshot, input, as);
  if (reading.known) {
    const { known } = reading;
    if (known.listed && known.kind === 'county' && as !== 'city') return { county: known.listed, city: null, read_as: null };
    if (known.listed && known.kind === 'city' && as !== 'county') return { county: null, city: { ...known.listed, county: known.county }, read_as: null };
    return { county: null, city: null, said: knownButEmpty(snapshot, input, known, as, language) };
  }
  const near = reading.suggestion;
  if (near && correct && near.listed && near.kind !== 'zip') {
    const place = near.kind === 'county' ? say(PLACE_WORDS.countyName, language, { county: near.name }) : near.name;
    const read_as = say(PLACE_WORDS.readAs, language, { input: quoted(input, language), place });
    return near.kind === 'county' ? { county: near.listed, city: null, read_as } : { county: null, city: { ...near.listed, county: near.county }, read_as };
  }
  const kind = as === 'county' ? 'county' : 'city';
  const w = wordsIn(LIST_ANSWER_WORDS, language);
  const offer = !near
    ? ''
    : near.kind === 'county'
      ? fill(w.meantCounty, { name: near.name })
      : near.county
        ? fill(w.meantCityIn, { name: near.name, county: near.county })
        : fill(w.meant, { name: near.name });
  return { county: null, city: null, said: fill(kind === 'city' ? w.noSuchCity : w.noSuchCounty, { input: shownName(input), offer }) };
}
