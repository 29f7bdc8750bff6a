// The personal-data screen of start_family_request. Every free-text field is checked for the kinds
// of detail a family must not send through an assistant: e-mail addresses, phone numbers, street
// addresses and people's names (with honorifics, apostrophe surnames such as O'Brien, relatives
// named after "my mother", "Dad's name is", and given name + surname pairs). It is a heuristic:
// it cannot catch every name, and it is tuned not to trip on care words ("memory care",
// "Alzheimer's"), county and city names. A finding is reported by kind only; the text found is
// never repeated back.

export type PersonalDetailKind = 'email' | 'phone' | 'address' | 'name';

export interface ScreenFinding {
  field: string;
  kind: PersonalDetailKind;
}

const KIND_WORDS: Record<PersonalDetailKind, string> = {
  email: 'an e-mail address',
  phone: 'a phone number',
  address: 'a street address',
  name: "a person's name (a family member's or anyone else's)",
};

/** The refusal for a finding: names the field and the kind of detail, never the detail itself. */
export function screenRefusal(finding: ScreenFinding): string {
  return (
    `${finding.field} looks like it contains ${KIND_WORDS[finding.kind]}. No personal details may be sent to this service: ` +
    'resend the call without names, phone numbers, e-mail addresses or street addresses in any free-text field ' +
    '(describe the care needed and the area instead, e.g. "memory care in Alameda County"). The family adds their own details on the page, only if they choose to.'
  );
}

// ---- E-mail and phone ----------------------------------------------------------------------------

const EMAIL = /[\p{L}\p{N}._%+-]+@[\p{L}\p{N}-]+(?:\.[\p{L}\p{N}-]+)*\.\p{L}{2,}/u;
const SPELLED_EMAIL = /\b[\w.+-]+\s*(?:\(at\)|\[at\]|\{at\}|\sat\s)\s*[\w-]+\s*(?:\(dot\)|\[dot\]|\{dot\}|\sdot\s|\.)\s*(?:com|net|org|edu|gov|us|io|me)\b/i;
/** US numbers: (510) 555-0123, 510-555-0123, 510.555.0123, 5105550123, +1 510 555 0123, 1-800-555-0123. */
const PHONE = /(?<![\d$])(?:\+?1[\s.-]?)?(?:\(\d{3}\)\s?|\d{3}[\s.-]?)\d{3}[\s.-]?\d{4}(?![\d])/;
/** A seven-digit local number: 555-0123. */
const LOCAL_PHONE = /(?<![\d$.,:/-])\d{3}[.-]\d{4}(?![\d-])/;

// ---- Street addresses ----------------------------------------------------------------------------

const STREET_WORDS =
  'street|st|avenue|ave|av|road|rd|boulevard|blvd|drive|dr|lane|ln|way|court|ct|place|pl|circle|cir|terrace|ter|parkway|pkwy|' +
  'highway|hwy|trail|trl|square|sq|loop|alley|aly|plaza|plz|crescent|cres|pike|row|walk|camino|calle|avenida|expressway|expy|freeway|fwy';
const STREET_ADDRESS = new RegExp(
  String.raw`(?<![\d$.,])\b(\d{1,6}[A-Za-z]?)\s+((?:[\p{L}\p{N}'’.-]+\s+){0,3}?)(?:${STREET_WORDS})\b`,
  'giu',
);
/** Words between a number and a street word that show it is a measure, not a house number. */
const MEASURE_WORDS = new Set(
  'minute minutes min mins mile miles mi km kms kilometer kilometers kilometre kilometres hour hours hr hrs block blocks day days week weeks month months year years bed beds bedroom bedrooms people person residents resident times x or and to of from'.split(
    ' ',
  ),
);
const BOX_OR_UNIT = /\b(?:p\.?\s?o\.?\s*box|post\s+office\s+box)\s*#?\s*\d+|\b(?:apt|apartment|suite|ste)\.?\s*#?\s*\d+[a-z]?\b/i;

// ---- Names ---------------------------------------------------------------------------------------

/** Common given names (capitalized). Words that are also ordinary words (Will, Grace, May...) are left out. */
const GIVEN_NAMES = new Set(
  (
    'James John Robert Michael William David Richard Joseph Thomas Charles Christopher Daniel Matthew Anthony Donald Steven Paul Andrew Joshua ' +
    'Kenneth Kevin Brian George Timothy Ronald Edward Jason Jeffrey Ryan Jacob Gary Nicholas Eric Jonathan Stephen Larry Justin Scott Brandon ' +
    'Benjamin Samuel Gregory Alexander Patrick Dennis Jerry Tyler Aaron Henry Douglas Peter Adam Nathan Zachary Walter Kyle Harold Carl ' +
    'Jeremy Keith Roger Gerald Ethan Arthur Terry Christian Sean Lawrence Austin Joe Noah Jesse Albert Bryan Billy Bruce Willie Jordan Dylan ' +
    'Alan Ralph Gabriel Roy Juan Wayne Eugene Logan Randy Louis Russell Vincent Philip Bobby Johnny Bradley Howard Fred Stanley Leonard ' +
    'Ernest Harry Francis Herbert Norman Earl Bernard Melvin Lloyd Clarence Leroy Floyd Chester Vernon Marvin Warren Glenn Gordon Hector ' +
    'Jose Carlos Luis Jorge Miguel Pedro Manuel Francisco Antonio Jesus Alejandro Ricardo Roberto Fernando Javier Rafael Sergio Eduardo Mario ' +
    'Raul Ramon Enrique Arturo Alfredo Guillermo Armando Salvador Ignacio Diego Pablo Andres Wei Ming Hiroshi Takeshi Kenji Nguyen Tuan ' +
    'Mary Patricia Jennifer Linda Elizabeth Barbara Susan Jessica Sarah Karen Lisa Nancy Betty Margaret Sandra Ashley Kimberly Emily Donna ' +
    'Michelle Carol Amanda Dorothy Melissa Deborah Stephanie Rebecca Sharon Laura Cynthia Kathleen Amy Angela Shirley Anna Brenda Pamela ' +
    'Emma Nicole Helen Samantha Katherine Christine Debra Rachel Carolyn Janet Catherine Maria Heather Diane Julie Olivia Joyce Virginia ' +
    'Victoria Kelly Lauren Christina Joan Evelyn Judith Megan Andrea Cheryl Hannah Jacqueline Martha Gloria Teresa Ann Sara Madison Frances ' +
    'Kathryn Janice Jean Abigail Alice Judy Sophia Denise Doris Marilyn Danielle Beverly Isabella Theresa Diana Natalie Brittany Charlotte ' +
    'Marie Kayla Alexis Lori Jane Jane Eleanor Ruth Edna Mildred Lillian Gladys Florence Irene Lois Louise Phyllis Norma Hazel Thelma ' +
    'Bernice Agnes Elaine Peggy Marjorie Geraldine Wanda Ethel Esther Vera Bonnie Connie Rita Maxine Arlene Yolanda Rosa Carmen Guadalupe ' +
    'Juana Elena Lucia Ana Sofia Isabel Margarita Josefina Dolores Consuelo Mei Ling Yuki Keiko Linh Thuy Priya Anita Sunita Fatima Aisha ' +
    'Jim Bob Tom Dick Harriet Sue Kate Liz Beth Meg Nancy Pat Peggy Betsy Dave Mike Steve Tony Ron Don Ken Larry Gene Joan Jan Lynn'
  ).split(/\s+/),
);

/** Capitalized words that follow a given name without making a person's name (places, homes, care words). */
const NOT_A_SURNAME = new Set(
  (
    'care home homes house manor place villa village lodge court gardens garden residence residences residential assisted living senior seniors ' +
    'memory center centre hospital medical health healthcare clinic community communities estates cottage cottages haven retirement ' +
    'county city valley hills hill beach bay park creek lake heights springs grove station street avenue road boulevard drive lane way ' +
    'hall terrace terraces plaza square mission oaks pines meadows vista ridge point harbor harbour the and of in at for with ' +
    'assistant ai bot gpt copilot agent app'
  ).split(/\s+/),
);

/** Words before a given name that make it part of a place or a saint's name (San Jose, St. Paul). */
const PLACE_PREFIX = new Set('san santa st st. saint los las la el del de mount mt mt. fort ft port lake'.split(' '));

/** Capitalized words after a relative that are not names ("my mother Has", "my dad In Fresno"). */
const NOT_A_NAME = new Set(
  (
    'i i\'m the a an and but or so she he they we it who whom whose that this is was has had have needs need lives lived uses used can cannot ' +
    'will would should could may might must does did do in at on from with without near of for to by about also currently now recently just ' +
    'still mostly since after before last next soon very really alzheimer alzheimer\'s alzheimers parkinson parkinson\'s dementia hospice ' +
    'medi-cal medicare medicaid va memory care home county city bay area los san santa el la las del new north south east west northern ' +
    'southern eastern western monday tuesday wednesday thursday friday saturday sunday january february march april june july august ' +
    'september october november december please thanks thank hi hello dear mr mrs ms dr prefers wants likes loves uses'
  ).split(/\s+/),
);

const RELATIVES =
  'mother|mom|mum|mommy|mama|momma|father|dad|daddy|papa|pop|parent|husband|wife|spouse|partner|son|daughter|brother|sister|sibling|' +
  'grandmother|grandma|granny|nana|grandfather|grandpa|granddad|aunt|auntie|uncle|niece|nephew|cousin|friend|neighbou?r|' +
  'mother-in-law|father-in-law|stepmother|stepfather|stepmom|stepdad|fianc[eé]e?|relative|client|patient|resident|caregiver';
/** A relative followed by a name: "my mother Jane", "Dad's name is Robert", "her husband, Bob". */
const RELATIVE_NAME = new RegExp(
  String.raw`\b(?:${RELATIVES})(?:['’]s)?(\s+(?:name\s+is|is\s+named|is\s+called|named|called|goes\s+by|first\s+name\s+is))?\s*[,:(-]?\s*([\p{L}][\p{L}'’-]*)`,
  'giu',
);
/** "my name is X", "her name: X", "name = X". */
const NAME_IS = /\bname\s*(?:is|:|=)\s*([\p{L}][\p{L}'’-]*)/giu;
/** Honorific and a capitalized word: "Mrs. Garcia", "Dr Smith". */
const HONORIFIC = /\b(?:Mr|Mrs|Ms|Mx|Miss|Dr|Prof|Sr|Sra|Srta)\.?\s+\p{Lu}[\p{L}'’-]+/u;
/** Apostrophe surnames: O'Brien, D'Angelo, McD... (any letters), also with a curly apostrophe. */
const APOSTROPHE_NAME = /\b(?:O|D|L|Mc|Mac|Di|De|Da|Du)['’]\p{Lu}\p{Ll}+/u;
/** "I'm Jane", "this is Jane", signatures: "thanks, Jane". */
const SELF_NAMED = /\b(?:[Ii]\s+am|[Ii]['’]m|[Tt]his\s+is|[Ss]igned|[Rr]egards|[Ss]incerely|[Tt]hanks|[Tt]hank\s+you|[Cc]heers)\s*,?\s+(\p{Lu}[\p{L}'’-]*)/gu;

function isCapitalized(word: string): boolean {
  return /^\p{Lu}/u.test(word);
}

function looksLikeName(text: string): boolean {
  if (HONORIFIC.test(text) || APOSTROPHE_NAME.test(text)) return true;

  for (const match of text.matchAll(RELATIVE_NAME)) {
    const naming = match[1] !== undefined;
    const word = match[2]!;
    if (NOT_A_NAME.has(word.toLowerCase())) continue;
    if (naming || isCapitalized(word)) return true;
  }
  for (const match of text.matchAll(NAME_IS)) {
    if (!NOT_A_NAME.has(match[1]!.toLowerCase())) return true;
  }
  for (const match of text.matchAll(SELF_NAMED)) {
    if (GIVEN_NAMES.has(match[1]!)) return true;
  }

  // Given name + surname (or initial): "Jane Doe", "Maria L. Garcia", "Robert K.".
  const words = text.split(/[^\p{L}\p{N}'’.-]+/u).filter(Boolean);
  for (let i = 0; i < words.length - 1; i += 1) {
    const given = words[i]!.replace(/[.'’]+$/, '');
    if (!GIVEN_NAMES.has(given)) continue;
    if (i > 0 && PLACE_PREFIX.has(words[i - 1]!.toLowerCase())) continue;
    let next = words[i + 1]!;
    let after = words[i + 2];
    // A middle initial: "Maria L. Garcia".
    if (/^\p{Lu}\.?$/u.test(next) && after && isCapitalized(after)) {
      next = after;
      after = words[i + 3];
    } else if (/^\p{Lu}\.$/u.test(next)) {
      return true;
    }
    const surname = next.replace(/['’]s$/, '').replace(/[.'’]+$/, '');
    if (!isCapitalized(surname) || surname.length < 2) continue;
    if (NOT_A_SURNAME.has(surname.toLowerCase()) || NOT_A_NAME.has(surname.toLowerCase())) continue;
    // "John Muir Medical Center", "near Ronald Reagan hospital": an institution named after a person.
    if (after && NOT_A_SURNAME.has(after.toLowerCase())) continue;
    return true;
  }
  return false;
}

function looksLikeAddress(text: string): boolean {
  if (BOX_OR_UNIT.test(text)) return true;
  for (const match of text.matchAll(STREET_ADDRESS)) {
    const between = (match[2] ?? '').trim().toLowerCase().split(/\s+/).filter(Boolean);
    if (between.some((word) => MEASURE_WORDS.has(word.replace(/[.,]$/, '')))) continue;
    return true;
  }
  return false;
}

/** The kind of personal detail a text seems to hold, or null. Checks in order: e-mail, phone, address, name. */
export function screenText(text: string): PersonalDetailKind | null {
  const normalized = text.normalize('NFKC');
  if (EMAIL.test(normalized) || SPELLED_EMAIL.test(normalized)) return 'email';
  if (PHONE.test(normalized) || LOCAL_PHONE.test(normalized)) return 'phone';
  if (looksLikeAddress(normalized)) return 'address';
  if (looksLikeName(normalized)) return 'name';
  return null;
}

/** The first finding over the given fields (undefined and null fields are skipped). */
export function screenFields(fields: Record<string, string | null | undefined>): ScreenFinding | null {
  for (const [field, text] of Object.entries(fields)) {
    if (typeof text !== 'string' || !text) continue;
    const kind = screenText(text);
    if (kind) return { field, kind };
  }
  return null;
}
