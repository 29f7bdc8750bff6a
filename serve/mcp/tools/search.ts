// search: what assistants' connectors call first. A query is read as a license number, a home's
// name (exact matches, then similar names, each alphabetical) or a place with care words
// ("memory care in Hayward": listed homes there, alphabetical). Results are ids (license numbers),
// titles and the homes' HTML page URLs; fetch(id) returns a page. A name plus a place ("acacia san
// jose", "Acacia Court, San Jose CA") finds listed homes whose name, city and county together carry
// every word, alphabetical.
import * as z from 'zod/v4';
import { licenseNumberFrom, nameKey } from '../../../contract/names.ts';
import { licenseStatusMeaning } from '../../../contract/facts.ts';
import { nameIndexOf } from '../../records/name-index.ts';
import { homeRecords, licensesFailingNeeds, type HomeRecord } from '../../records/home-record.ts';
import { facilitiesByNameKey } from '../../records/query.ts';
import type { Snapshot } from '../../records/snapshot.ts';
import type { ShapeContext } from '../../records/context.ts';
import { clearancesFor, listedHomesOf, unlistedByNameAndPlace } from '../../records/listed-homes.ts';
import { readPlace } from '../../records/place-names.ts';
import { placeFor } from '../places.ts';
import { waiverNote } from '../lists.ts';
import { LIST_ANSWER_WORDS } from '../../words/list-answer-words.ts';
import { NEED_WORDS as CARE_NEED_WORDS } from '../../shape/call-plan.ts';
import { dataDates, honesty, strictInput, textArg } from '../schemas.ts';
import { mcpDataDates } from '../record.ts';
import { defineTool, inLanguage } from '../tool.ts';
import { ORDER_SEARCH } from '../wording.ts';
import { honestyIn } from '../../words/handoff-words.ts';
import { claimWordsIn, isClaimWord, isSpanishClaimWord, PENDING_MARK, STATE_SOURCE } from '../../words/wording.ts';
import { claimWordsNote, foldAccents, readSpanishQuery, SEARCH_WORDS, type SpanishReading } from '../../words/search-words.ts';
import { fill, say, wordsIn } from '../../words/catalog.ts';
import { pathIn, type Language } from '../../words/language.ts';
import { APPROVAL_NAME_WORDS } from '../../words/home-words.ts';
import { NEEDS } from '../../../contract/facts.ts';
import { hostLanguage, pageIn } from '../language.ts';
import { alphabetically } from './compare-homes.ts';

export const SEARCH_MAX_RESULTS = 20;

const input = strictInput({
  query: textArg('query', 1, 200).describe(
    'A name ("Harmony Place"), a name and town ("harmony hayward"), a license number, or a place with care words ("memory care in Hayward", "hospice Alameda County").',
  ),
}, ORDER_SEARCH);

const output = z.object({
  results: z
    .array(
      z.object({
        id: z.string().describe('The license number, for fetch or get_home.'),
        title: z.string(),
        url: z.string().describe("The home's page (cite this)."),
      }),
    )
    .describe(`At most ${SEARCH_MAX_RESULTS} homes.`),
  note: z
    .string()
    .optional()
    .describe(`Present when nothing matched, or when more than ${SEARCH_MAX_RESULTS} homes matched: what was searched and what to try instead.`),
  source: z.string(),
  data_dates: dataDates,
  honesty,
});

/** What to try when a place search found nothing: the wider area, then without the care words; never the same ask elsewhere. */
function widerSearch(county: string | null, inCity: boolean, filtered: boolean, language: Language): string {
  const w = wordsIn(SEARCH_WORDS, language);
  // The care words' own note already says how to see the homes they left out.
  const wider = inCity && county ? fill(w.widerCounty, { county, same: filtered ? w.sameNeeds : '' }) : w.widerNear;
  return fill(w.nothingFits, { wider });
}

/** Words of a place query that are not the place. */
const FILLER = new Set(
  'home homes care residential facility facilities assisted living board and in near around for with the a an rcfe rcfes elderly senior seniors licensed california ca that take takes accept accepts who which of at now today currently immediately asap soon'.split(
    ' ',
  ),
);
const NEED_WORDS: Record<string, string> = {
  memory: 'dementia',
  dementia: 'dementia',
  alzheimer: 'dementia',
  alzheimers: 'dementia',
  hospice: 'hospice',
  wheelchair: 'wheelchair',
  wheelchairs: 'wheelchair',
  nonambulatory: 'wheelchair',
  'non-ambulatory': 'wheelchair',
  bedridden: 'bedridden',
  'bed-bound': 'bedridden',
  bedbound: 'bedridden',
};

/** Words naming the Medi-Cal Assisted Living Waiver ("waiver" alone, unless a hospice or bedridden waiver is meant). */
const WAIVER_WORDS = new Set(['alw', 'medi-cal', 'medical', 'medicaid']);
const isWaiverWord = (word: string): boolean => WAIVER_WORDS.has(word) || word === 'waiver' || word === 'waivers';
function asksForWaiver(words: readonly string[], needs: ReadonlySet<string>): boolean {
  return words.some((word) => WAIVER_WORDS.has(word) || (isWaiverWord(word) && !needs.has('hospice') && !needs.has('bedridden')));
}

function titleOf({ compact: home }: HomeRecord): string {
  const place = [home.city, home.county ? `${home.county} County` : null].filter(Boolean).join(', ');
  const mark = home.license_closed ? ', closed' : licenseStatusMeaning(home.license_status).pending ? `, ${PENDING_MARK}` : '';
  return `${home.name}${place ? `, ${place}` : ''} (license ${home.license_number}${mark})`;
}

function alphabeticalLicenses(context: ShapeContext, licenses: string[]): string[] {
  return homeRecords(context, licenses)
    .sort(alphabetically)
    .map((record) => record.license);
}

/**
 * Listed homes in a place named by the query, with any care words as needs; null when no place is
 * named. The place is read as find_homes reads it (serve/mcp/places.ts): `correct` takes a near-miss
 * spelling as the place (said in `said`); a real place with no listed home gives no homes and says so.
 */
function placeSearch(context: ShapeContext, query: string, language: Language, correct = false): { licenses: string[]; said: string | null; empty: boolean } | null {
  const words = query
    .toLowerCase()
    .replace(/['’]s\b/g, '')
    .split(/[^a-z0-9-]+/)
    .filter(Boolean);
  const needs = new Set<string>();
  const rest: string[] = [];
  for (const word of words) {
    if (NEED_WORDS[word]) needs.add(NEED_WORDS[word]!);
    else if (!FILLER.has(word) && !isWaiverWord(word)) rest.push(word);
  }
  const waiver = asksForWaiver(words, needs);
  if (rest.length === 0) return null;
  const index = listedHomesOf(context.snapshot);
  const placeText = rest.join(' ');
  const read = placeFor(context.snapshot, placeText, /\bcounty$/.test(placeText) ? 'county' : 'any', correct, language);
  // A ZIP code with listed homes is answered with them (find_homes takes places by name only).
  const known = 'said' in read ? readPlace(context.snapshot, placeText, 'any').known : null;
  const zipHomes = known?.kind === 'zip' && known.licenses && known.licenses.length > 0 ? new Set(known.licenses) : null;
  if ('said' in read && !zipHomes) {
    // Only a place the service knows is answered here; an unknown name may still be a home's name.
    return known ? { licenses: [], said: read.said, empty: true } : null;
  }
  const clearances = clearancesFor([...needs]);
  const selection = index.select({
    countyKey: 'said' in read ? null : (read.county?.key ?? null),
    cityKey: 'said' in read ? null : (read.city?.key ?? null),
    only: zipHomes,
    clearances,
    excluded: licensesFailingNeeds(context.overlay, clearances),
    waiver,
  });
  // Care words filter as find_homes' needs do, and the count they left out is said the same way.
  const w = wordsIn(SEARCH_WORDS, language);
  const approvals = [...needs].map((need) => (language === 'en' ? CARE_NEED_WORDS[need]!.approval : say(APPROVAL_NAME_WORDS[NEEDS[need]!], language))).join(', ');
  const cut = needs.size === 0 ? null : fill(selection.leftOutByNeeds === 1 ? w.careWordsCutOne : w.careWordsCut, { n: selection.leftOutByNeeds, approvals });
  const waiverCut = waiver ? waiverNote(selection.leftOutByWaiver, context.snapshot.meta.alwListAsOf, say(LIST_ANSWER_WORDS.searchAgain, language), language) : null;
  const readAs = 'said' in read ? fill(w.readZip, { zip: known!.name }) : read.read_as;
  // Nothing fit: advice that widens what the family asked, never the same ask in another town.
  const inCity = !('said' in read) && read.city !== null;
  const widen = selection.licenses.length === 0 ? widerSearch('said' in read ? known!.county : (read.city?.county ?? null), inCity, needs.size > 0 || waiver, language) : null;
  return { licenses: selection.licenses, said: [readAs, cut, waiverCut, widen].filter(Boolean).join(' ') || null, empty: widen !== null };
}

/** Words a name-and-place query may carry that no home needs to match ("CA", "county", "home"). */
const OPTIONAL_WORDS = new Set([...FILLER, 'county']);

/**
 * Homes where every word of the query starts a word of the home's name, city or county, at least
 * one of them in the name: listed homes, and licenses the lists leave out (a closed home asked by
 * name and town is found, its title says closed); alphabetical. When some of them also carry the
 * care words the query wrote ("cozy care home san jose"), only those: the family named that home.
 * Empty under two words.
 */
function nameAndPlaceSearch(context: ShapeContext, query: string): string[] {
  const all = nameKey(query).split(' ').filter(Boolean);
  const words = all.filter((word) => !OPTIONAL_WORDS.has(word));
  if (words.length < 2) return [];
  const fitting = (fit: readonly string[]) => [
    ...listedHomesOf(context.snapshot).matchNameAndPlace(fit).map((home) => home.license_number),
    ...unlistedByNameAndPlace(context.snapshot, fit),
  ];
  // Every word the query wrote but the filler fits fewer homes than the words alone, never others.
  const named = all.filter((word) => !PLACE_FILLER.has(word));
  const closer = named.length > words.length ? fitting(named) : [];
  return alphabeticalLicenses(context, closer.length > 0 ? closer : fitting(words));
}

/** Words of a name-and-place query that are never part of a home's name ("in", "CA", "county"). */
const PLACE_FILLER = new Set('in near around for with the a an of at california ca county that who which'.split(' '));

/**
 * The licenses a query finds, in the answer's order: a license number; else exact name matches,
 * and without any, a place search, then a name-and-place search; else exact and similar names.
 * `more` is true when more homes match than the answer can show.
 */
function licensesFor(context: ShapeContext, query: string, language: Language): { licenses: string[]; more: boolean; said?: string | null; empty?: boolean } {
  const found = (licenses: string[], more = false) => ({ licenses, more: more || licenses.length > SEARCH_MAX_RESULTS });
  const license = licenseNumberFrom(query);
  // Five digits are a ZIP code unless a license has that number (leading zeros may be left out of one).
  const zipLike = /^\d{5}(?:-\d{4})?$/.test(query);
  if (license !== null && (!zipLike || homeRecords(context, [license]).length > 0)) return found([license]);
  const key = nameKey(query);
  const exact = key ? facilitiesByNameKey(context.snapshot, key).map((row) => row.license_number) : [];
  if (exact.length === 0) {
    const place = placeSearch(context, query, language);
    if (place !== null) return { ...found(place.licenses), said: place.said, empty: place.empty };
    const nameAndPlace = nameAndPlaceSearch(context, query);
    if (nameAndPlace.length > 0) return found(nameAndPlace);
    // A near-miss spelling of a place ("wheelchair homes in Sacremento") is read as that place, and said.
    const corrected = placeSearch(context, query, language, true);
    if (corrected !== null) return { ...found(corrected.licenses), said: corrected.said, empty: corrected.empty };
  }
  // One more than shown, only to know whether more similar names exist.
  const resembling = key ? nameIndexOf(context.snapshot).similar(key, SEARCH_MAX_RESULTS + 1) : [];
  const similar = resembling.slice(0, SEARCH_MAX_RESULTS).filter((l) => !exact.includes(l));
  return found([...alphabeticalLicenses(context, exact), ...currentFirst(context, alphabeticalLicenses(context, similar))], resembling.length > SEARCH_MAX_RESULTS);
}

/**
 * Similar names with the current licenses first, closed licenses and pending applications after
 * (each part still alphabetical): a misspelled name is most often a home a family can call.
 */
function currentFirst(context: ShapeContext, licenses: string[]): string[] {
  const records = new Map(homeRecords(context, licenses).map((record) => [record.license, record]));
  const current = (license: string) => {
    const home = records.get(license)?.compact;
    return home !== undefined && !home.license_closed && !licenseStatusMeaning(home.license_status).pending;
  };
  return [...licenses.filter(current), ...licenses.filter((license) => !current(license))];
}

/**
 * The query without the words that ask what the record cannot say ("best", "safest", "open beds"),
 * and those words, to be named back. A home whose whole name is the query keeps its words.
 */
function withoutClaimWords(context: ShapeContext, query: string): { query: string; claims: string[] } {
  const words = query.split(/\s+/);
  const bare = (word: string) => foldAccents(word).replace(/[^a-z0-9-]/g, '');
  const claims = claimWordsIn(words.map(bare));
  if (claims.length === 0 || facilitiesByNameKey(context.snapshot, nameKey(query)).length > 0) return { query, claims: [] };
  return { query: words.filter((word) => !isClaimWord(bare(word))).join(' ').trim(), claims };
}

/** The Spanish words read, said back: each care phrase with the approval it names, and the place. */
function readNote(reading: SpanishReading, place: string, language: Language): string | null {
  const w = wordsIn(SEARCH_WORDS, language);
  const read = [
    ...reading.needs.map(({ words, need }) => fill(w.readNeed, { words: words.trim(), approval: say(APPROVAL_NAME_WORDS[NEEDS[need]!], language) })),
    ...(place && !reading.zip ? [fill(w.readPlace, { place: fill(w.quoted, { word: place }) })] : []),
  ];
  return read.length > 0 ? fill(w.readSpanish, { read: read.join('; ') }) : null;
}

export const search = defineTool({
  name: 'search',
  title: 'Search care homes',
  description:
    "Search California's licensed elder-care homes (RCFEs) by name, name and town (\"harmony hayward\"), license number, or place with care words (\"memory care in Hayward\"); reads Spanish too (\"demencia en Hayward\"). " +
    `Up to ${SEARCH_MAX_RESULTS} results (note says when more matched), each with id (the license number), title and url (the home's page); fetch an id for ` +
    'the page as Markdown. Neutral order: exact names, then similar names (current licenses first), else alphabetical. Nothing is ranked; no data says ' +
    'which homes have an open bed (openings are learned by phone). For needs, a budget or paging use find_homes; for homes the ' +
    'family named, check_homes.',
  input,
  output,
  run(args, call, ctx) {
    const context = call.context();
    const raw = args.query.trim();
    // A Spanish ask is read into the search's own words, unless a home carries the query as its name.
    const reading = facilitiesByNameKey(context.snapshot, nameKey(raw)).length > 0 ? null : readSpanishQuery(raw);
    const spanishClaims = withoutClaimWords(context, raw).claims.some(isSpanishClaimWord);
    const language = hostLanguage(ctx) ?? (reading || spanishClaims ? 'es' : 'en');
    const ask = (text: string) => {
      const { query, claims } = withoutClaimWords(context, text);
      return { query, claims, ...(query ? licensesFor(context, query, language) : { licenses: [], more: false }) };
    };
    let answer = reading ? ask(reading.query) : null;
    // Read as Spanish and nothing found nor said: the words as written may still name a home.
    if (answer && answer.licenses.length === 0 && !answer.said) answer = null;
    const asked = answer ?? ask(raw.normalize('NFKD').replace(/\p{M}/gu, ''));
    const { claims, licenses, more, said, empty } = asked;
    const shownRecords = homeRecords(context, licenses.slice(0, SEARCH_MAX_RESULTS));
    const results = shownRecords.map((record) => ({ id: record.license, title: titleOf(record), url: pageIn(language, record.compact.page, call.baseUrl) }));
    const w = wordsIn(SEARCH_WORDS, language);
    // A real place with no listed home says so itself; otherwise an empty answer says what to try.
    const cut = results.length === 0 ? (empty ? null : fill(w.nothingFound, { query: raw })) : more ? fill(w.moreFound, { query: raw, max: SEARCH_MAX_RESULTS }) : null;
    const careWords = new Set(reading?.needs.map(({ need }) => need) ?? []);
    const place = answer && reading ? asked.query.split(' ').filter((word) => !careWords.has(word as never)).join(' ') : '';
    const read = answer && reading ? readNote(reading, place, language) : null;
    // What the record cannot say comes first, before any count or advice.
    const note =
      [claims.length > 0 ? claimWordsNote(claims, language) : null, read, said, cut, answer && reading?.asilo ? w.asilo : null].filter(Boolean).join(' ') || null;
    return inLanguage({ results, ...(note ? { note } : {}), source: STATE_SOURCE, data_dates: mcpDataDates(context.snapshot), honesty: honestyIn(language, 'orderSearch') }, language);
  },
});
