// How `search` reads a family's Spanish ("demencia en Hayward", "silla de ruedas en Sacramento",
// "hogares en el código postal 95123") and what it says back, in both languages (catalog.ts). The
// Spanish words a family types are read into the English words the search already knows; the
// glossary (../shared/spanish.md) gives each care term: demencia (NIA's Spanish), silla de ruedas
// and «no ambulatorio» (the non-ambulatory definition), postrado en cama (bedridden), cuidado de
// hospicio (es.medicare.gov; a family may type "hospicio" alone). "Asilo" is the family's own word
// for a care home; the glossary keeps it for a nursing home, so reading it says what an RCFE is.
import { defineWords, fill, wordsIn } from './catalog.ts';
import type { Language } from './language.ts';
import { CLAIM_CANNOT, CLAIM_SET_ASIDE, claimKindOf } from './wording.ts';

/** Accents and case folded away: "San José" reads as "san jose", as the roster spells it. */
export function foldAccents(text: string): string {
  return text.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase();
}

export type SearchNeed = 'dementia' | 'hospice' | 'wheelchair' | 'bedridden';

/** Spanish care phrases (accents folded) and the need each names; longer phrases first. */
const SPANISH_NEEDS: ReadonlyArray<[RegExp, SearchNeed]> = [
  [/\bsillas? de ruedas\b/g, 'wheelchair'],
  [/\bno ambulatori[oa]s?\b/g, 'wheelchair'],
  [/\b(?:postrad[oa]s?|encamad[oa]s?) en (?:la )?cama\b/g, 'bedridden'],
  [/\b(?:postrad[oa]s?|encamad[oa]s?)\b/g, 'bedridden'],
  [/\b(?:cuidados? de (?:la )?)?memoria\b/g, 'dementia'],
  [/\b(?:demencias?|alzh?eimers?)\b/g, 'dementia'],
  [/\b(?:cuidados? de )?hospicio\b/g, 'hospice'],
];

/** The English word the search reads each need by (search.ts NEED_WORDS). */
const NEED_AS_ENGLISH: Readonly<Record<SearchNeed, string>> = { dementia: 'dementia', hospice: 'hospice', wheelchair: 'wheelchair', bedridden: 'bedridden' };

/** Spanish words of a care-home query that name no place, home or need (the English ones are search.ts FILLER). */
const SPANISH_FILLER = new Set(
  'hogar hogares casa casas asilo asilos residencia residencias centro centros cuidado cuidados atencion de del la las el los en cerca para con que y o un una unos unas mayores adultos personas mi mis acepta aceptan aceptar ahora hoy busco buscamos necesito necesitamos donde hay'.split(
    ' ',
  ),
);
/** Words that say the ask is Spanish (never part of an English ask). */
const SPANISH_SIGNS = new Set('hogar hogares asilo asilos residencia residencias centro centros cuidado cuidados atencion en cerca del para codigo postal condado ciudad busco necesito'.split(' '));

export interface SpanishReading {
  /** The query in the words the search reads (English care words, the place as written). */
  query: string;
  /** Each Spanish care phrase read, with the need it names, in the order written. */
  needs: Array<{ words: string; need: SearchNeed }>;
  /** The family wrote "asilo": the answer says what these homes are. */
  asilo: boolean;
  /** "código postal" was read: the place is a ZIP code. */
  zip: boolean;
}

/**
 * A Spanish ask read into the search's own words, or null when the query is not Spanish. The care
 * words before the place are read by the glossary; the place after "en" / "cerca de" is kept as
 * written ("Los Angeles", "La Mesa" keep their articles), with "el condado de X" read as X county
 * and "el código postal N" as N.
 */
export function readSpanishQuery(query: string): SpanishReading | null {
  let text = ` ${foldAccents(query).replace(/[^a-z0-9-]+/g, ' ')} `;
  const words = text.trim().split(' ');
  if (!words.some((word) => SPANISH_SIGNS.has(word)) && !SPANISH_NEEDS.some(([pattern]) => text.match(pattern))) return null;
  const needs: SpanishReading['needs'] = [];
  for (const [pattern, need] of SPANISH_NEEDS) {
    text = text.replace(pattern, (words) => {
      needs.push({ words, need });
      return ` ${NEED_AS_ENGLISH[need]} `;
    });
  }
  // The place follows the last "en" or "cerca de"; what comes before is care and filler words.
  const split = /^(.*)\s(?:en|cerca de)\s(.*)$/.exec(text.replace(/\s+/g, ' ').trim());
  const [care, placeText] = split ? [split[1]!, split[2]!] : [text, ''];
  let place = placeText.trim();
  const zip = /\bcodigo postal\b/.test(text);
  place = place.replace(/^(?:el |la )?(?:codigo postal|zip)\s+/, '');
  const county = /^(?:el )?condado de\s+(.+)$/.exec(place);
  if (county) place = `${county[1]} county`;
  place = place.replace(/^(?:la )?ciudad de\s+/, '');
  const careWords = care
    .split(' ')
    .filter(Boolean)
    .filter((word) => !SPANISH_FILLER.has(word) && word !== 'codigo' && word !== 'postal' && word !== 'condado');
  const asilo = words.some((word) => word === 'asilo' || word === 'asilos');
  return { query: [...careWords, place].filter(Boolean).join(' ').trim(), needs, asilo, zip };
}

/** What search says of the words it read and could not use, in both languages. */
export const SEARCH_WORDS = defineWords({
  readSpanish: { en: 'Read the Spanish words: {read}.', es: { text: 'Se leyeron las palabras en español: {read}.', from: 'Read the Spanish words: {read}.' } },
  readNeed: { en: '"{words}" as {approval}', es: { text: '«{words}» como {approval}', from: '"{words}" as {approval}' } },
  readPlace: { en: 'the place as {place}', es: { text: 'el lugar como {place}', from: 'the place as {place}' } },
  asilo: {
    en: 'The homes here are residential care homes for the elderly (RCFEs): they give non-medical care and supervision; they are not nursing homes (skilled nursing facilities).',
    es: {
      text: 'Los centros de aquí son centros de cuidado residencial para personas mayores (RCFE, por sus siglas en inglés): ofrecen cuidado y supervisión no médicos; no son centros de enfermería especializada (SNF).',
      from: 'The homes here are residential care homes for the elderly (RCFEs): they give non-medical care and supervision; they are not nursing homes (skilled nursing facilities).',
    },
  },
  claimRanking: {
    en: CLAIM_CANNOT.ranking,
    es: { text: 'cuál centro es el mejor (aquí nada se califica ni se clasifica)', from: 'which home is best (nothing here is rated or ranked)' },
  },
  claimSafety: {
    en: CLAIM_CANNOT.safety,
    es: {
      text: 'cuál centro es seguro o el más seguro (una deficiencia no hace inseguro a un centro, y un expediente vacío no lo hace bueno)',
      from: 'which home is safe or safest (a citation does not make a home unsafe, and an empty file does not make one good)',
    },
  },
  claimOpenings: {
    en: CLAIM_CANNOT.openings,
    es: {
      text: 'cuál centro tiene un lugar disponible (ningún sitio web lo sabe; para saber si hay lugar, llame al centro)',
      from: 'which home has an open bed (no website knows; openings are learned by phone)',
    },
  },
  claimOr: { en: ', or ', es: { text: ', ni ', from: ', or ' } },
  claimNote: {
    en: `{words}: the state record cannot say {cannot}. ${CLAIM_SET_ASIDE}`,
    es: {
      text: '{words}: el registro del estado no puede decir {cannot}. Estas palabras se dejaron de lado; las palabras de lugar y de cuidado siguen aplicándose, y los centros que coinciden aparecen en un orden neutral (no es una clasificación).',
      from: '{words}: the state record cannot say {cannot}. These words were set aside; the place and care words still apply, and the homes that fit them are listed in neutral order.',
    },
  },
  quoted: { en: '"{word}"', es: { text: '«{word}»', from: '"{word}"' } },
  nothingFound: {
    en: 'No home matched "{query}". Try the home\'s name alone ("Harmony Place"), its 9-digit license number, a city or county with care words ("memory care in Hayward"), or find_homes with a county or city.',
    es: {
      text: 'Ningún centro coincide con «{query}». Pruebe con el nombre del centro solo ("Harmony Place"), su número de licencia de 9 dígitos, una ciudad o un condado con palabras de cuidado ("demencia en Hayward"), o find_homes con un condado o una ciudad.',
      from: 'No home matched "{query}". Try the home\'s name alone ("Harmony Place"), its 9-digit license number, a city or county with care words ("memory care in Hayward"), or find_homes with a county or city.',
    },
  },
  moreFound: {
    en: 'More homes match "{query}" than the {max} shown (alphabetical, not ranked): add a town, a care need or more of the name, or call find_homes with county or city (and offset) to see them all.',
    es: {
      text: 'Hay más centros que coinciden con «{query}» que los {max} que se muestran (por orden alfabético, no es una clasificación): agregue una ciudad, una necesidad de cuidado o más del nombre, o use find_homes con county o city (y offset) para verlos todos.',
      from: 'More homes match "{query}" than the {max} shown (alphabetical, not ranked): add a town, a care need or more of the name, or call find_homes with county or city (and offset) to see them all.',
    },
  },
  careWordsCutOne: {
    en: 'The care words left out 1 home here whose license does not show every approval asked ({approvals}) as true: the record says it does not carry one, or does not say (not on file, which is not a no). Search again without them to see that home.',
    es: {
      text: 'Las palabras de cuidado dejaron fuera 1 centro de aquí cuya licencia no muestra como «sí» cada aprobación pedida ({approvals}): el registro dice que no la incluye, o no lo dice («No consta» no quiere decir «no»). Busque de nuevo sin esas palabras para ver ese centro.',
      from: 'The care words left out 1 home here whose license does not show every approval asked ({approvals}) as true: the record says it does not carry one, or does not say (not on file, which is not a no). Search again without them to see that home.',
    },
  },
  careWordsCut: {
    en: 'The care words left out {n} homes here whose license does not show every approval asked ({approvals}) as true: the record says it does not carry one, or does not say (not on file, which is not a no). Search again without them to see those homes.',
    es: {
      text: 'Las palabras de cuidado dejaron fuera {n} centros de aquí cuya licencia no muestra como «sí» cada aprobación pedida ({approvals}): el registro dice que no la incluye, o no lo dice («No consta» no quiere decir «no»). Busque de nuevo sin esas palabras para ver esos centros.',
      from: 'The care words left out {n} homes here whose license does not show every approval asked ({approvals}) as true: the record says it does not carry one, or does not say (not on file, which is not a no). Search again without them to see those homes.',
    },
  },
  readZip: {
    en: 'Read "{zip}" as a ZIP code: the listed homes with it.',
    es: { text: 'Se leyó «{zip}» como código postal: los centros de la lista con ese código.', from: 'Read "{zip}" as a ZIP code: the listed homes with it.' },
  },
  nothingFits: {
    en: 'No listed home here fits every word asked. Try {wider}.',
    es: { text: 'Ningún centro de la lista de aquí coincide con todas las palabras. Pruebe {wider}.', from: 'No listed home here fits every word asked. Try {wider}.' },
  },
  widerCounty: {
    en: 'the whole county (find_homes with county "{county}"{same})',
    es: { text: 'todo el condado (find_homes con county "{county}"{same})', from: 'the whole county (find_homes with county "{county}"{same})' },
  },
  sameNeeds: { en: ' and the same needs', es: { text: ' y las mismas necesidades', from: ' and the same needs' } },
  widerNear: {
    en: 'find_homes near {latitude, longitude} with a wider radius_km',
    es: { text: 'find_homes con near {latitude, longitude} y un radius_km más amplio', from: 'find_homes near {latitude, longitude} with a wider radius_km' },
  },
});

/** What the record cannot say, for the claim words a family used ("best", "camas disponibles"), in the ask's language. */
export function claimWordsNote(found: readonly string[], language: Language): string {
  const kinds = new Set(found.map((word) => claimKindOf(word)));
  const w = wordsIn(SEARCH_WORDS, language);
  const cannot = [...(kinds.has('ranking') ? [w.claimRanking] : []), ...(kinds.has('safety') ? [w.claimSafety] : []), ...(kinds.has('openings') ? [w.claimOpenings] : [])];
  return fill(w.claimNote, { words: found.map((word) => fill(w.quoted, { word })).join(', '), cannot: cannot.join(w.claimOr) });
}
