// Contact details in normalized text (see normalize.ts): e-mail addresses, phone numbers and
// street addresses, however separated or spelled.
import { MEASURE_WORDS, ORDINARY_WORDS } from './words.ts';

// ---- E-mail ------------------------------------------------------------------------------------

/** Mail providers whose name alone, after "at", makes an address: "jdoe at gmail". */
const MAIL_PROVIDERS = new Set(
  'gmail googlemail yahoo ymail hotmail outlook live msn aol icloud me mac comcast att sbcglobal verizon protonmail proton pm gmx mail zoho fastmail earthlink cox charter frontier'.split(
    ' ',
  ),
);
const TOP_LEVEL = /\.(?:com|net|org|edu|gov|mil|us|io|me|co|info|biz|ca|uk|mx|de|fr|in|cn|jp|au)\b/;
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
const PHONE_WORD = /\b(?:phone|cell|mobile|tel|telephone|call|text|reach|number|ph|fax|whatsapp)\b[^a-z]{0,6}$/;

function isPhoneRun(run: string, plus: boolean): boolean {
  const groups = run.match(/\d+/g) ?? [];
  const digits = groups.join('');
  const count = digits.length;
  const shortGroups = groups.every((group) => group.length <= 4);
  if (plus) return count >= 8 && count <= 15;
  if (digits.startsWith('00') && count >= 10 && count <= 15) return true;
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
    // A nine-digit run is a license number, whatever word comes before it.
    if (count >= 7 && count <= 15 && count !== 9 && PHONE_WORD.test(text.slice(Math.max(0, match.index - 30), match.index))) return true;
  }
  return false;
}

// ---- Street addresses --------------------------------------------------------------------------

const STREET_WORDS =
  'street|st|avenue|ave|av|road|rd|boulevard|blvd|drive|dr|lane|ln|way|court|ct|place|pl|circle|cir|terrace|ter|parkway|pkwy|' +
  'highway|hwy|trail|trl|square|sq|loop|alley|aly|plaza|plz|crescent|cres|pike|row|walk|camino|calle|avenida|expressway|expy|freeway|fwy';
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
  String.raw`(?<![\d$.,])\b\d{1,6}[a-z]?\s+(?:[nsew]\.?\s+|north\s+|south\s+|east\s+|west\s+)?(?:${COMMON_STREET_NAMES})\b(?!\s+(?:${[...MEASURE_WORDS].join('|')})\b)`,
);
/** Unit designators and boxes: "Unit 4B", "Apt #12", "Suite 200", "PO Box 42". */
const UNIT_OR_BOX =
  /\b(?:p\.?\s?o\.?\s*box|post\s+office\s+box|pmb)\s*#?\s*\d+|\b(?:apt|apartment|suite|ste|unit|bldg|spc)\.?\s*(?:no\.?|number|#)?\s*#?\s*\d+[a-z]?\b/;

/** A mobile-home space, written as addresses write it: "Space 14, 300 Park Dr", "space #14". */
const MOBILE_HOME_SPACE = /\b(?:space|lot)\s*(?:#\s*\d+|\d+[a-z]?\s*,)/;
/** Spanish street names put the street word first: "1010 Calle Ocho", "25 Camino Real", "2200 Via Rodeo" (a house number of three digits or more before "via"). */
const STREET_WORD_FIRST = /(?<![\d$.,])\b(?:\d{1,6}\s+(?:calle|avenida|camino|paseo)|\d{3,6}\s+via(?!\s+(?:e-?mail|fax|phone|text|mail|post|zoom|ups|fedex|usps|venmo|zelle|paypal|check|cash)\b))\s+\p{L}/u;
/** "lives at 502 Grove": a number after "lives at" is a house number whatever follows. */
const LIVES_AT = /\b(?:lives|live|living|resides|staying|stays)\s+at\s+\d{1,6}[a-z]?\s+(\p{L}+)/gu;

export function hasAddress(lower: string): boolean {
  if (UNIT_OR_BOX.test(lower) || PARTIAL_ADDRESS.test(lower) || STREET_WORD_FIRST.test(lower) || MOBILE_HOME_SPACE.test(lower)) return true;
  for (const [, next] of lower.matchAll(LIVES_AT)) {
    // "lives at 2 different homes" counts homes, not a house number.
    if (!ORDINARY_WORDS.has(next!) && !MEASURE_WORDS.has(next!) && next !== 'different') return true;
  }
  for (const match of lower.matchAll(STREET_ADDRESS)) {
    const between = (match[2] ?? '').trim().split(/\s+/).filter(Boolean);
    if (between.some((word) => MEASURE_WORDS.has(word.replace(/[.,]$/, '')) || ORDINARY_WORDS.has(word.replace(/[.,]$/, '')))) continue;
    return true;
  }
  return false;
}
