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
const AT = String.raw`(?:\s*@\s*|\s*[([{<]\s*at\s*[)\]}>]\s*|\s+at\s+)`;
const DOT = /\s*[([{<]\s*dot\s*[)\]}>]\s*|\s+dot\s+/g;
const EMAIL_LIKE = new RegExp(String.raw`([a-z0-9][a-z0-9._%+'-]*)(${AT})([a-z0-9-]+(?:\.[a-z0-9-]+)*)`, 'g');

export function hasEmail(lower: string): boolean {
  const text = lower.replace(DOT, '.');
  for (const match of text.matchAll(EMAIL_LIKE)) {
    const [, local, at, domain] = match as unknown as [string, string, string, string];
    const provider = domain.split('.')[0]!;
    if (at.trim() === '@' && /[a-z]/.test(domain)) return true;
    if (MAIL_PROVIDERS.has(provider) || TOP_LEVEL.test(`${domain} `)) {
      // "visits at home.com" is odd but "she is at st. mary's" must pass: a spelled "at" needs a mailbox-like left side.
      if (at.trim() !== 'at' || !ORDINARY_WORDS.has(local)) return true;
    }
  }
  return false;
}

// ---- Phone numbers -----------------------------------------------------------------------------

/** A run of digit groups joined by separators of any kind: "+44 (20) 7946-0958", "415_555_0134". */
const DIGIT_RUN = /(?<![\d$])(\+\s*)?\(?\d+\)?(?:[\s._\-/\\|~*:]{1,3}\(?\d+\)?)*/g;

function isPhoneRun(run: string, plus: boolean): boolean {
  const groups = run.match(/\d+/g) ?? [];
  const digits = groups.join('');
  const count = digits.length;
  const shortGroups = groups.every((group) => group.length <= 4);
  if (plus) return count >= 8 && count <= 15;
  if (digits.startsWith('00') && count >= 10 && count <= 15) return true;
  if (count === 10) return groups.length === 1 || groups.length >= 2 && groups.every((group) => group.length <= 5);
  if (count === 11 && digits.startsWith('1')) return true;
  // International numbers written without "+": "44 20 7946 0958".
  if (count >= 11 && count <= 13 && groups.length >= 3 && shortGroups) return true;
  // A local number: "555-0134".
  return count === 7 && groups.length === 2 && groups[0]!.length === 3 && /^\d{3}[\s._-]\d{4}$/.test(run.trim());
}

export function hasPhone(text: string): boolean {
  for (const match of text.matchAll(DIGIT_RUN)) {
    if (isPhoneRun(match[0], match[1] !== undefined)) return true;
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
  /\b(?:p\.?\s?o\.?\s*box|post\s+office\s+box)\s*#?\s*\d+|\b(?:apt|apartment|suite|ste|unit|bldg|spc)\.?\s*(?:no\.?|number|#)?\s*#?\s*\d+[a-z]?\b/;

export function hasAddress(lower: string): boolean {
  if (UNIT_OR_BOX.test(lower) || PARTIAL_ADDRESS.test(lower)) return true;
  for (const match of lower.matchAll(STREET_ADDRESS)) {
    const between = (match[2] ?? '').trim().split(/\s+/).filter(Boolean);
    if (between.some((word) => MEASURE_WORDS.has(word.replace(/[.,]$/, '')) || ORDINARY_WORDS.has(word.replace(/[.,]$/, '')))) continue;
    return true;
  }
  return false;
}
