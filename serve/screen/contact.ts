// Contact details in normalized text (see normalize.ts): e-mail addresses, phone numbers and
// street addresses, however separated or spelled.
import { isGivenName, isWiderGivenName } from './given-names.ts';
import { MEASURE_WORDS, ORDINARY_WORDS, STREET_ONLY_TYPES, STREET_TYPES_AFTER, STREET_TYPES_BEFORE } from './words.ts';

// ---- E-mail ------------------------------------------------------------------------------------

/** Mail providers whose name alone, after "at", makes an address: "jdoe at gmail". */
const MAIL_PROVIDERS = new Set(
  'gmail googlemail yahoo ymail hotmail outlook live msn aol icloud me mac comcast att sbcglobal verizon protonmail proton pm gmx mail zoho fastmail earthlink cox charter frontier'.split(
    ' ',
  ),
);
/** Top-level domains: generic ones and the country codes of the families' languages ("libero.it", "gmail.com.br"). */
const TOP_LEVEL =
  /\.(?:com|net|org|edu|gov|mil|info|biz|io|me|co|us|ca|mx|uk|ie|de|at|ch|fr|be|nl|lu|it|es|pt|br|ar|cl|pe|ve|gt|sv|hn|ni|cr|pa|do|pr|ec|bo|py|uy|pl|ru|ua|am|ir|il|tr|gr|ro|se|no|dk|fi|in|pk|bd|cn|hk|tw|jp|kr|vn|th|ph|id|my|sg|au|nz|za|ng|ke|eg|sa|ae)\b/;
/** A mailbox written with "@": "j.doe@gmail", "jdoe @ gmail . com". */
const AT_SIGN = /(?<![a-z0-9._%+'-])[a-z0-9][a-z0-9._%+'-]*\s*@\s*[a-z0-9-]*[a-z]/;
const AT = String.raw`(?:\s*[([{<]\s*at\s*[)\]}>]\s*|\s+at\s+)`;
const DOT = /\s*[([{<]\s*dot\s*[)\]}>]\s*|\s+dot\s+/g;
/** A mailbox with a spelled "at"; overlapping, so "email me at jdoe at gmail" is read from every word. */
const SPELLED_AT = new RegExp(String.raw`(?<![a-z0-9._%+'-])(?=([a-z0-9][a-z0-9._%+'-]*)${AT}([a-z0-9-]+(?:\.[a-z0-9-]+)*))`, 'g');

export function hasEmail(lower: string): boolean {
  const text = lower.replace(DOT, '.');
  if (AT_SIGN.test(text)) return true;
  for (const match of text.matchAll(SPELLED_AT)) {
    const [, local, domain] = match as unknown as [string, string, string];
    // "she is at st. mary's" passes: a spelled "at" needs a provider or a domain, and a mailbox-like left side.
    if ((MAIL_PROVIDERS.has(domain.split('.')[0]!) || TOP_LEVEL.test(`${domain} `)) && !ORDINARY_WORDS.has(local)) return true;
  }
  return false;
}

// ---- Phone numbers -----------------------------------------------------------------------------

/** A run of digit groups joined by separators of any kind: "+44 (20) 7946-0958", "415_555_0134". */
const DIGIT_RUN = /(?<![\d$])(\+\s*)?\(?\d+\)?(?:(?:[\s._\-/\\|~*:]{1,3}|(?<=\))|(?=\())\(?\d+\)?)*/g;
/** Words that announce a phone number: after them any 7 to 15 digits are one ("home phone 555 0199"). */
const PHONE_WORD = /\b(?:phone|cell|mobile|tel|telephone|call|text|reach|number|ph|fax|whatsapp)\b(?:\s+(?:me|us|her|him|them|is|was))?(?:\s+(?:at|on))?[^a-z]{0,6}$/;

const LICENSE_WORD = /\b(?:licen[cs]e|lic|facility|fac)\b/;

function isPhoneRun(run: string, plus: boolean): boolean {
  const groups = run.match(/\d+/g) ?? [];
  const digits = groups.join('');
  const count = digits.length;
  const shortGroups = groups.every((group) => group.length <= 4);
  if (plus) return count >= 8 && count <= 15;
  if (digits.startsWith('00') && count >= 10 && count <= 15) return true;
  // A number dialed with its trunk zero, in two or more groups: "(04376) 3583214", "08-5233001", "038-04088400".
  if (digits.startsWith('0') && count >= 9 && count <= 13 && groups.length >= 2) return true;
  // Nine digits in three or more short groups: Spanish and Polish numbers ("996-293-071", "14-661-37-02"); a license number is one run.
  // (A 3-2-4 number is a Social Security number, left to identifiers.ts.)
  if (count === 9 && groups.length >= 3 && shortGroups && groups.map((group) => group.length).join('-') !== '3-2-4') return true;
  // Nine digits from 6 or 7 on: a mobile number of Spain or France; no license number (county codes 01-58) or California ZIP+4 starts so.
  if (count === 9 && groups.length === 1 && /^[67]/.test(digits)) return true;
  // An area code in brackets, then the number: "(39) 61967-6358", "(0051) 561464056".
  if (/^\s*\(\d{2,4}\)/.test(run) && count >= 9 && count <= 13) return true;
  // No date, price or license has ten digits; two five-digit groups are two ZIP codes ("94545 94546"), never a US phone.
  if (count === 10) return !(groups.length === 2 && groups[0]!.length === 5);
  if (count === 11 && digits.startsWith('1')) return true;
  // International numbers written without "+": "44 20 7946 0958".
  if (count >= 11 && count <= 13 && groups.length >= 3 && shortGroups) return true;
  // A local number spelled out digit by digit ("five five five, zero one two three" reads "5 5 5 0 1 2 3").
  if (count === 7 && groups.length === 7) return true;
  // A local number: "555-0134".
  return count === 7 && groups.length === 2 && groups[0]!.length === 3 && /^\d{3}[\s._-]\d{4}$/.test(run.trim());
}

export function hasPhone(text: string): boolean {
  for (const match of text.matchAll(DIGIT_RUN)) {
    if (isPhoneRun(match[0], match[1] !== undefined)) return true;
    const count = match[0].replace(/\D/g, '').length;
    const before = text.slice(Math.max(0, match.index - 30), match.index);
    // A nine-digit run after "license" or "facility" is a home's license number ("license number 197608210").
    if (count >= 7 && count <= 15 && PHONE_WORD.test(before) && !(count === 9 && LICENSE_WORD.test(before))) return true;
  }
  return false;
}

// ---- Street addresses --------------------------------------------------------------------------

/** Words as one regex alternation, longest first ("avenue" before "av"). */
const alternation = (words: Iterable<string>): string =>
  [...words].sort((a, b) => b.length - a.length).map((word) => word.replace(/[.]/g, '\\.')).join('|');
/** The measure nouns alone ("minutes", "miles", "beds"): after a number they make it a quantity. */
const MEASURES = alternation([...MEASURE_WORDS].filter((word) => !['x', 'or', 'and', 'to', 'of', 'from'].includes(word)));

const STREET_WORDS = alternation([...STREET_TYPES_AFTER, 'camino', 'calle', 'avenida']);
/** House number, up to three words, street type: "123 Main St", "4798 Colton Landing". */
const STREET_ADDRESS = new RegExp(
  String.raw`(?<![\d$.,])\b(\d{1,6}[a-z]?)\s+((?:[a-z0-9'.-]+\s+){1,3}?)(?:${STREET_WORDS})\b`,
  'g',
);
/** Street names common enough that a house number before them is an address even without "St": "123 Main". */
const COMMON_STREET_NAMES =
  'main|elm|oak|maple|pine|cedar|walnut|birch|willow|chestnut|spruce|hickory|magnolia|sycamore|redwood|cypress|poplar|' +
  'washington|lincoln|jefferson|madison|franklin|broadway|market|mission|grand|sunset|highland|lakeview|hillside|' +
  'first|second|third|fourth|fifth|sixth|seventh|eighth|ninth|tenth|\\d{1,3}(?:st|nd|rd|th)';
const PARTIAL_ADDRESS = new RegExp(
  String.raw`(?<![\d$.,])\b\d{1,6}[a-z]?\s+(?:[nsew]\.?\s+|north\s+|south\s+|east\s+|west\s+)?(?:${COMMON_STREET_NAMES})\b(?!\s+(?:${alternation(MEASURE_WORDS)})\b)`,
);
/** Unit designators and boxes: "Unit 4B", "Apt #12", "Suite 200", "PO Box 42" (normalize.ts writes "apartment twelve" as "apartment 12"). */
const UNIT_OR_BOX =
  /\b(?:p\.?\s?o\.?\s*box|post\s+office\s+box|pmb)\s*#?\s*\d+|\b(?:apt|apartment|suite|ste|unit|bldg|spc)\.?\s*(?:no\.?|number|#)?\s*#?\s*\d+[a-z]?\b/;

/** A mobile-home space, written as addresses write it: "Space 14, 300 Park Dr", "space #14", "lives in space 14". */
const MOBILE_HOME_SPACE = new RegExp(String.raw`\b(?:space|lot)\s*(?:#\s*\d+|\d+[a-z]?\s*,)|\b(?:in|at)\s+space\s+\d+[a-z]?\b(?!\s+(?:${MEASURES})\b)|\bspace\s+\d+(?:\s?[a-z])?\s+(?:at|on)\s`);
/** Ways of paying or sending that follow "via" and a sum: "sent 100 via Venmo" is no address. */
const VIA_SENDING = '(?!\\s+(?:e-?mail|fax|phone|text|mail|post|zoom|ups|fedex|usps|venmo|zelle|paypal|check|cash)\\b)';
/**
 * A house number, then a street type written first and a name: "1010 Calle Ocho", "12 Rue de la
 * Paix", "73335 Rua Nogueira", "9 Place Zadkine", "2200 Via Rodeo" ("1 place we like" and "sent
 * 100 via Venmo" are no addresses).
 */
const STREET_WORD_FIRST = new RegExp(
  String.raw`(?<![\d$.,])\b\d{1,6}[a-z]?,?\s+(?:(?:${alternation(STREET_TYPES_BEFORE)})\.?)${VIA_SENDING}\s+([\p{L}\d][\p{L}\d'-]*)`,
  'gu',
);
/** Street types written first that are not English words, so a number after the name makes an address: "Calle Mayor, 61", "Via Roma 12". */
const FOREIGN_TYPES_BEFORE = alternation([...STREET_TYPES_BEFORE].filter((word) => !['avenue', 'boulevard', 'passage', 'place', 'plaza', 'via'].includes(word)));
const NUMBER_AFTER_NAME = new RegExp(
  String.raw`\b(?:(?:${FOREIGN_TYPES_BEFORE})\.?|via${VIA_SENDING})\s+((?:[\p{L}'.-]+\s+){0,5}?[\p{L}'.-]+),?\s+(?:\d{1,5}[a-z]?|s/n)(?![\p{L}\d])(?!\s+(?:${MEASURES})\b)`,
  'gu',
);
/** German and Dutch street names end in their type, the number after: "Burgplatz 16c", "Ernst-Bloch-Str. 162", "Jacobusgracht 798a". */
const COMPOUND_STREET = new RegExp(
  String.raw`\p{L}{2}(?:-?(?:strasse|str\.?)|weg|gasse|platz|allee|damm|ufer|gracht|straat|laan|plein|kade|dijk|singel|steeg|park|hof|kamp|pfad|stieg|markt|chaussee|-ring)\s+\d{1,5}[a-z]?(?![\p{L}\d])(?!\s+(?:${MEASURES})\b)|\p{L}{2}\s+(?:str\.|strasse)\s+\d{1,5}[a-z]?(?![\p{L}\d])`,
  'u',
);
/** A Chinese or Japanese address ends in its number and 号 or 號 ("苏街5051号"); "12月3号" is a date. */
const HAN_ADDRESS = /(\p{Script=Han})\d{1,5}\s*[号號]/gu;
/** "lives at 502 Grove": a number after "lives at" is a house number whatever follows. */
const LIVES_AT = /\b(?:lives|live|living|resides|staying|stays)\s+at\s+\d{1,6}[a-z]?\s+(\p{L}+)/gu;

// ---- Intersections ------------------------------------------------------------------------------

/** "the corner of X and Y", "intersection of", "esquina de", "cross streets are ...": a place to the street corner. */
const CORNER = /\b(?:corner|intersection|esquina|cruce)\s+(?:of|de)\s+\S+(?:\s+\S+){0,5}?\s*(?:&|\band\b|\by\b|\/|@)\s*[\p{L}\d]|\bcross\s*streets?\s*(?:are|is|:|=)\s*\p{L}/u;
/** What may join two streets of an intersection: "Mission St & 24th St", "Elm and Oak Ave", "Via Roma / 7th St", "Quigley Vista at 39th St". */
const JOIN = /\s*(?:&|\/|@|\b(?:and|at|y)\b)\s*/g;
const ORDINAL = /^\d{1,3}(?:st|nd|rd|th)$/;
/** Words after an ordinal that make it something other than a street ("2nd floor"): only a street type, an end or a joining word may follow. */
const AFTER_ORDINAL_STREET = new Set(['in', 'near', 'by', 'and', 'the', 'is', 'on', 'at', 'off']);

type StreetShape = 'street' | 'ordinal' | 'landform' | null;
const bareWord = (word: string): string => word.replace(/^[("']+|[)"',.;:!?]+$/g, '');
const isNameWord = (word: string | undefined): boolean =>
  word !== undefined && /^[\p{L}\d][\p{L}\d'.-]*$/u.test(word) && !ORDINARY_WORDS.has(word) && !MEASURE_WORDS.has(word);
/** Words that never stand in a street's name; other ordinary words may, right before its type ("Church Ln", "Old State Road", "Mission St"). */
const FUNCTION_WORDS = new Set('a an the my our your his her their its this that these those and or but to of in on at by for with from near is are was were be'.split(' '));
const isNameWordBeforeType = (word: string | undefined): boolean =>
  word !== undefined && /^[\p{L}\d][\p{L}\d'.-]*$/u.test(word) && !FUNCTION_WORDS.has(word) && !MEASURE_WORDS.has(word);
const typeAfter = (word: string): StreetShape => {
  const plain = word.replace(/\.$/, '');
  if (!STREET_TYPES_AFTER.has(plain)) return null;
  return STREET_ONLY_TYPES.has(plain) ? 'street' : 'landform';
};

/** The street that ends the words before a joining word, if they end in one. */
function streetEnding(words: string[]): StreetShape {
  const last = words.at(-1);
  if (last === undefined) return null;
  if (ORDINAL.test(last)) return 'ordinal';
  const type = typeAfter(last);
  if (type && (isNameWordBeforeType(words.at(-2)) || ORDINAL.test(words.at(-2) ?? ''))) return type;
  for (let k = words.length - 2; k >= Math.max(0, words.length - 7); k -= 1) {
    if (STREET_TYPES_BEFORE.has(words[k]!.replace(/\.$/, '')) && words.slice(k + 1).every(isNameWord)) return 'street';
  }
  return null;
}

/** The street that starts the words after a joining word, if they start with one. */
function streetStarting(words: string[]): StreetShape {
  const [first, second] = words;
  if (first === undefined) return null;
  if (ORDINAL.test(first)) return second === undefined || AFTER_ORDINAL_STREET.has(second) ? 'ordinal' : (typeAfter(second) ?? null);
  if (STREET_TYPES_BEFORE.has(first.replace(/\.$/, '')) && isNameWord(second)) return 'street';
  for (let i = 1; i <= 4 && i < words.length; i += 1) {
    const type = typeAfter(words[i]!);
    if (type && words.slice(0, i).every((word) => isNameWordBeforeType(word) || ORDINAL.test(word))) return type;
    if (!isNameWordBeforeType(words[i])) break;
  }
  return null;
}

/** Two streets joined, one of them a street by its type: "Telegraph Ave and 51st", "Calle Ocho & Via Roma" ("Walnut Creek and Oak Park" are towns). */
function hasIntersection(lower: string): boolean {
  if (CORNER.test(lower)) return true;
  for (const match of lower.matchAll(JOIN)) {
    const before = lower.slice(0, match.index).split(/[,;:()!?]/).at(-1)!.trim().split(/\s+/).map(bareWord).filter(Boolean);
    const after = lower.slice(match.index + match[0].length).split(/[,;:()!?]/)[0]!.trim().split(/\s+/).map(bareWord).filter(Boolean);
    const shapes = [streetEnding(before), streetStarting(after)];
    // A street by its type and any other street, or a street by a type that may be a town's ("Barney Shore") and a numbered street.
    if (shapes.includes('street') && !shapes.includes(null)) return true;
    if (shapes.includes('landform') && shapes.includes('ordinal')) return true;
    // Two streets by types that may be a town's, joined by "&" or "/" ("Rodriguez Shores / Harvey Drives"; "Walnut Creek and Oak Park" are towns).
    if (shapes[0] === 'landform' && shapes[1] === 'landform' && /[&/@]/.test(match[0])) return true;
  }
  return false;
}

/** A capitalized word of a street's name: "Huerta", "Lilia", "Bernardo" (not "Mom", "PM" or "Care"). */
const NAME_RUN = String.raw`(?:\p{Lu}\p{Ll}[\p{L}'-]*\.?\s+){1,4}\p{Lu}\p{Ll}[\p{L}'-]*`;
/** A house number, then a street's name in capitals, and nothing after but the end of a clause: "6050 Edificio Ivan", "3262 Lado Susana?". */
const NUMBER_THEN_NAME = new RegExp(String.raw`(?<![\d$.,:#/-])\b(\d{2,6})\s+(${NAME_RUN})(?=\s*(?:$|[,.;!?)]|\s(?:and|until|in|near|so)\b))`, 'gu');
/** A street's name in capitals, then its house number: "Barranco Marcos 55", "Jardim Bernardo Carvalho 822", "Barrio Emilio, 30". */
const NAME_THEN_NUMBER = new RegExp(String.raw`(${NAME_RUN}),?\s+(\d{1,5}[a-z]?|s/n)(?![\p{L}\d])(?!\s+(?:${MEASURES})\b)(?!\s*[:/.]\d)`, 'gu');
/** Words before a number that make it something other than a house number: "Highway 101", "Room 12", "since 1959". */
const NOT_HOUSE_NUMBER = /\b(?:highway|hwy|route|rte|interstate|i|sr|us|room|rm|bed|unit|apt|suite|ste|no|number|license|lic|zip|age|ages|since|in|by|on|at|before|after|until|from|year|class|grade|ward|floor|level|station|building|bldg|gate|exit|channel)\W*$/i;

/** The words of a capitalized run that make it a home's, an institution's or a person's reference rather than a street ("Sunny Hills Care Home 2", "Mom Dad"). */
const NUMBERED_ROADS = new Set(['highway', 'hwy', 'route', 'rte', 'interstate', 'freeway', 'expressway']);

function isStreetNameRun(run: string): boolean {
  const words = run.split(/\s+/).map((word) => bareWord(word).toLowerCase().replace(/\.$/, '').replace(/(?<=..)s$/, ''));
  return words.every((word) => !ORDINARY_WORDS.has(word) && !MEASURE_WORDS.has(word) && !NOT_A_STREET_NAME.has(word));
}
/** Words of homes' and institutions' names, months and days: a number after them names no house. */
const NOT_A_STREET_NAME = new Set(
  'care home house manor hospital medical center centre clinic health memory assisted living senior villa village lodge residence board kaiser permanente sutter january february march april may june july august september october november december monday tuesday wednesday thursday friday saturday sunday medi-cal medicare hospice ward unit'.split(' '),
);

export function hasAddress(lower: string, normalized = lower): boolean {
  for (const match of normalized.matchAll(NUMBER_THEN_NAME)) {
    const number = match[1]!;
    // A year ("in 2019 Mom moved") or a number after "Highway", "Room" or "since" is no house number.
    if (/^(?:19|20)\d\d$/.test(number) || NOT_HOUSE_NUMBER.test(normalized.slice(Math.max(0, match.index - 20), match.index))) continue;
    if (isStreetNameRun(match[2]!)) return true;
  }
  for (const match of normalized.matchAll(NAME_THEN_NUMBER)) {
    const words = match[1]!.split(/\s+/);
    // "Calzada Eje 6", "Pacific Coast Highway 1": the road's own number; "Canyon Grove 3 home" is a home's.
    if (STREET_TYPES_BEFORE.has(words.at(-1)!.toLowerCase()) || NUMBERED_ROADS.has(words.at(-1)!.toLowerCase())) continue;
    if (NOT_A_STREET_NAME.has(/^\s+(\p{L}+)/u.exec(normalized.slice(match.index + match[0].length))?.[1]?.toLowerCase() ?? '')) continue;
    // "Maria Garcia, 84": a person and her age, for the name screen.
    if (isGivenName(words[0]!) || isWiderGivenName(words[0]!)) continue;
    if (words.length >= 2 && isStreetNameRun(match[1]!) && !/^(?:19|20)\d\d$/.test(match[2]!)) return true;
  }
  if (UNIT_OR_BOX.test(lower) || PARTIAL_ADDRESS.test(lower) || MOBILE_HOME_SPACE.test(lower) || COMPOUND_STREET.test(lower)) return true;
  for (const [, name] of lower.matchAll(STREET_WORD_FIRST)) if (!ORDINARY_WORDS.has(name!)) return true;
  for (const match of lower.matchAll(HAN_ADDRESS)) if (match[1] !== '月') return true;
  for (const [, next] of lower.matchAll(LIVES_AT)) {
    // "lives at 2 different homes" counts homes, not a house number.
    if (!ORDINARY_WORDS.has(next!) && !MEASURE_WORDS.has(next!) && next !== 'different') return true;
  }
  for (const match of lower.matchAll(STREET_ADDRESS)) {
    const between = (match[2] ?? '').trim().split(/\s+/).filter(Boolean);
    if (between.some((word) => MEASURE_WORDS.has(word.replace(/[.,]$/, '')) || ORDINARY_WORDS.has(word.replace(/[.,]$/, '')))) continue;
    return true;
  }
  for (const match of lower.matchAll(NUMBER_AFTER_NAME)) {
    // "the home on Calle Ocho has 6 beds": the words between are a street's name, not a sentence; "Calzada Eje 6" is the road's own number.
    const words = match[1]!.split(/\s+/).map(bareWord);
    // A house number (three digits or more) after a name that is also a street type is an address: "calle Alameda 1450".
    const number = /(\d+)[a-z]?$/.exec(match[0])?.[1] ?? '';
    if (STREET_TYPES_BEFORE.has(words.at(-1)!) && number.length <= 2) continue;
    if (words.every((word) => !ORDINARY_WORDS.has(word) && !MEASURE_WORDS.has(word))) return true;
  }
  // "206 A Street": a street named by one letter.
  if (/(?<![\d$.,])\b\d{1,6}\s+[a-z]\s+(?:street|st|avenue|ave)\b/.test(lower)) return true;
  return hasIntersection(lower);
}
