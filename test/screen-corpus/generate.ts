// The generated corpus for the personal-data screen: notes with personal data of every kind in
// names, streets and phone numbers from many @faker-js/faker locales, and ordinary family notes
// built from the seeds' home and hospital names and California's real cities. Seeded, so the same
// faker version always writes the same bytes. Every note is put once, by a hash of its text, in the
// tuning half or the held-out half; tuning reads only tuning.json (docs/personal-data-screen.md).
//
//   npx tsx test/screen-corpus/generate.ts          # rewrites tuning.json and held-out.json
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import * as locales from '@faker-js/faker';
import { Faker, type LocaleDefinition } from '@faker-js/faker';
import { parse } from 'csv-parse/sync';
import { CITIES, COUNTIES } from '../../seeds/tables.ts';
import { seedRosterRows } from '../helpers/seed-roster.ts';
import type { PersonalDetailKind } from '../../serve/screen/screen.ts';

export interface CorpusNote {
  text: string;
  /** The kind of personal detail the note holds, or null for an ordinary note that must pass. */
  kind: PersonalDetailKind | null;
  /** Which template made it ("name/relative-lower", "ordinary/street-only", ...), for reports. */
  form: string;
  locale: string;
}

export const SEED = 2028;
const HERE = new URL('./', import.meta.url);
export const TUNING_FILE = new URL('tuning.json', HERE);
export const HELD_OUT_FILE = new URL('held-out.json', HERE);

/** The one split rule: the first byte of the text's SHA-256, even to tuning, odd to held-out. */
export function halfOf(text: string): 'tuning' | 'held-out' {
  return createHash('sha256').update(text).digest()[0]! % 2 === 0 ? 'tuning' : 'held-out';
}

// ---- Locales ------------------------------------------------------------------------------------

/** Locales whose people, streets and phones families in California write about. */
const LATIN_NAME_LOCALES = ['en_US', 'es', 'es_MX', 'pt_BR', 'fr', 'it', 'de', 'pl', 'nl', 'tr', 'vi', 'en_IN', 'yo_NG', 'id_ID'] as const;
/** Locales whose names faker writes in their own script (Han, Hangul, kana, Cyrillic, Arabic, Armenian, Hebrew, Greek, Thai). */
const SCRIPT_NAME_LOCALES = ['zh_CN', 'zh_TW', 'ko', 'ja', 'ru', 'uk', 'ar', 'fa', 'hy', 'he', 'el', 'th'] as const;
/** Locales whose street names put the street word first (Calle, Via, Rue, Rua, Avenida ...). */
const STREET_FIRST_LOCALES = ['es', 'es_MX', 'it', 'fr', 'pt_BR', 'pt_PT'] as const;
/** Locales whose own address format is used as written ("Calle Mayor, 61", "Burgplatz 16c"). */
const NATIVE_ADDRESS_LOCALES = ['es', 'es_MX', 'it', 'fr', 'pt_BR', 'pt_PT', 'de', 'nl', 'zh_CN', 'zh_TW'] as const;
const PHONE_LOCALES = ['en_US', 'en_US', 'en_US', 'es', 'es_MX', 'fr', 'de', 'it', 'pt_BR', 'vi', 'ko', 'ja', 'zh_CN', 'zh_TW', 'en_IN', 'ru', 'pl', 'tr', 'fa', 'he', 'hy'] as const;
const EMAIL_LOCALES = ['en_US', 'es', 'es_MX', 'fr', 'de', 'it', 'pt_BR', 'vi', 'pl', 'nl', 'en_IN', 'tr'] as const;

const ALL_LOCALES = [...new Set([...LATIN_NAME_LOCALES, ...SCRIPT_NAME_LOCALES, ...STREET_FIRST_LOCALES, ...NATIVE_ADDRESS_LOCALES, ...PHONE_LOCALES, ...EMAIL_LOCALES])].sort();

const fakers = new Map<string, Faker>(
  ALL_LOCALES.map((name) => {
    const definition = (locales as unknown as Record<string, LocaleDefinition>)[name]!;
    return [name, new Faker({ locale: [definition, locales.en, locales.base] })];
  }),
);
const fakerOf = (locale: string): Faker => fakers.get(locale)!;
/** The template chooser: its own seeded stream, so a locale's data never shifts the templates. */
const pick = new Faker({ locale: [locales.en, locales.base] });

/** Every stream back to the start of a seed's sequence, so one seed always makes the same notes. */
function reseed(seed: number): void {
  ALL_LOCALES.forEach((name, i) => fakerOf(name).seed(seed + i));
  pick.seed(seed);
}
const one = <T>(items: readonly T[]): T => pick.helpers.arrayElement(items);
const chance = (probability: number): boolean => pick.number.float({ min: 0, max: 1 }) < probability;

// ---- Words of family notes ----------------------------------------------------------------------

/** Relatives as families write them, English first, then Spanish, Tagalog and Vietnamese forms used in California. */
const RELATIVES = [
  'mom', 'mother', 'mum', 'ma', 'mama', 'dad', 'father', 'pop', 'papa', 'husband', 'wife', 'hubby', 'son', 'daughter', 'stepson',
  'stepdaughter', 'brother', 'sister', 'grandmother', 'grandma', 'granny', 'nana', 'grandfather', 'grandpa', 'grandson', 'granddaughter',
  'aunt', 'auntie', 'uncle', 'cousin', 'niece', 'nephew', 'godmother', 'godfather', 'mother-in-law', 'father-in-law', 'mother in law',
  'sister-in-law', 'brother-in-law', 'stepmom', 'stepdad', 'partner', 'fiance', 'roommate', 'neighbor', 'friend', 'best friend',
  'great-aunt', 'great grandma', 'ex-husband', 'mamá', 'papá', 'abuela', 'abuelito', 'tía', 'tío', 'lola', 'lolo',
];
const OWNERS = ['my', 'my', 'my', 'our', 'her', 'his', ''];
const CONDITIONS = [
  "Alzheimer's", 'dementia', "Parkinson's", 'diabetes', 'COPD', 'a broken hip', 'macular degeneration', 'heart failure', 'early-stage dementia',
  'a stroke last year', 'kidney disease', 'hearing loss', 'arthritis', 'sundowning', 'a feeding tube', 'a colostomy bag', 'oxygen at night',
];
const NEEDS = [
  'memory care', 'assisted living', 'a small board and care', 'help with bathing', 'a wheelchair-accessible room', 'hospice support',
  'a respite stay', 'a locked memory unit', 'help with medications', 'two-person transfers', 'a Spanish-speaking caregiver',
  'a Cantonese-speaking aide', 'a Tagalog-speaking staff member', 'a Vietnamese-speaking caregiver', 'a diabetic diet', 'a hoyer lift',
  'night supervision', 'a ground-floor room', 'a home that takes Medi-Cal', 'a place that allows a small dog',
];
const CARE_PHRASES = [
  'needs help getting dressed', 'forgets to take her pills', 'wanders at night', 'uses a walker', 'fell twice this month',
  'is on hospice', 'gets confused in the evening', 'can still feed himself', 'needs two-person transfers', 'is mostly bedridden',
  'is very social', 'likes to garden', 'prefers a quiet home', 'speaks mostly Spanish', 'only eats soft food', 'has trouble with stairs',
  'is coming home from rehab', 'needs insulin twice a day', 'gets agitated in big groups', 'loves music and church',
];
const TIMINGS = [
  'within a month', 'as soon as possible', 'next spring', 'after rehab ends', 'in two weeks', 'by the end of the year', 'this summer',
  'before the holidays', 'in about 3 weeks', 'no rush', 'right after discharge', 'sometime in the fall',
];
const SENTENCE_ENDS = ['.', '', '!', '?', '...'];

const NUMBER_WORDS = 'zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen sixteen seventeen eighteen nineteen'.split(' ');
const TENS = ',,twenty,thirty,forty,fifty,sixty,seventy,eighty,ninety'.split(',');

/** A number from 0 to 999 in words: "two hundred fourteen", "forty-one". */
function inWords(n: number): string {
  if (n < 20) return NUMBER_WORDS[n]!;
  if (n < 100) return TENS[Math.floor(n / 10)]! + (n % 10 ? `-${NUMBER_WORDS[n % 10]}` : '');
  return `${NUMBER_WORDS[Math.floor(n / 100)]} hundred${n % 100 ? ` ${inWords(n % 100)}` : ''}`;
}

/** Full-width forms of printable ASCII ("ｍｙ ｍｏｍ"), as some phone keyboards type them. */
const fullWidth = (text: string): string =>
  text.replace(/[!-~]/g, (char) => String.fromCodePoint(char.codePointAt(0)! + 0xfee0)).replace(/ /g, '\u3000');

const capitalize = (word: string): string => word.charAt(0).toUpperCase() + word.slice(1);
const titleCase = (text: string): string => text.toLowerCase().replace(/(^|[\s-])(\p{L})/gu, (_, space: string, letter: string) => space + letter.toUpperCase());

// ---- Seeds: homes, hospitals, streets, real places ----------------------------------------------

const seedRows = (file: string): Record<string, string>[] =>
  parse(readFileSync(new URL(`../../seeds/default/${file}`, import.meta.url)), { columns: true, skip_empty_lines: true }) as Record<string, string>[];
const roster = seedRosterRows();
// The export writes `Unavailable` for a few closed homes' streets; the portal's older file still
// has them, so the two together hold every seed home's street.
const rosterStreets = [...roster, ...seedRows('portal-roster.csv')].flatMap((row) => (row.facility_address && !/^unavailable$/i.test(row.facility_address) ? [row.facility_address] : []));
const HOMES = [...new Set(roster.map((row) => titleCase(row.facility_name!.replace(/\s+/g, ' ').trim()).replace(/ (Ii|Iii|Iv)$/, (m) => m.toUpperCase())))].sort();
const HOSPITALS = [...new Set(seedRows('hospitals.csv').map((row) => titleCase(row.FACNAME!)))].sort();
/** The streets of the seeds' homes and hospitals without their house numbers ("Meadow Cir"). */
const SEED_STREETS = [...new Set([...rosterStreets, ...seedRows('hospitals.csv').map((row) => row.ADDRESS!)].map((address) => titleCase(address.replace(/^\s*\d+\s+/, '').trim())))].sort();
const PLACES = [...new Set(CITIES.map((city) => titleCase(city.name)))].sort();
const COUNTY_NAMES = COUNTIES.map((county) => `${titleCase(county.name)} County`);

// ---- Personal notes -----------------------------------------------------------------------------

type Case = 'as-written' | 'lower' | 'full-width-lower' | 'upper';
function inCase(text: string, how: Case): string {
  if (how === 'lower') return text.toLowerCase();
  if (how === 'upper') return text.toUpperCase();
  if (how === 'full-width-lower') return fullWidth(text.toLowerCase());
  return text;
}

/** One of a locale's given names, sometimes two of them (compound) or hyphenated. */
function givenName(faker: Faker): { name: string; shape: string } {
  const first = faker.person.firstName();
  if (/[\s-]/.test(first)) return { name: first, shape: 'compound' };
  const roll = pick.number.int(9);
  if (roll === 0) return { name: `${first}-${faker.person.firstName().split(/[\s-]/)[0]}`, shape: 'hyphenated' };
  if (roll === 1) return { name: `${first} ${faker.person.firstName().split(/[\s-]/)[0]}`, shape: 'compound' };
  return { name: first, shape: 'single' };
}

function relative(): string {
  const owner = one(OWNERS);
  return owner ? `${owner} ${one(RELATIVES)}` : capitalize(one(RELATIVES));
}

const RELATIVE_NAME_TEMPLATES: ((rel: string, name: string) => string)[] = [
  (rel, name) => `${rel} ${name} needs ${one(NEEDS)}`,
  (rel, name) => `${rel} ${name} has ${one(CONDITIONS)} and ${one(CARE_PHRASES)}`,
  (rel, name) => `looking for ${one(NEEDS)} for ${rel} ${name} ${one(TIMINGS)}`,
  (rel, name) => `${rel}, ${name}, ${one(CARE_PHRASES)}`,
  (rel, name) => `${rel} ${name} ${one(CARE_PHRASES)}${one(SENTENCE_ENDS)}`,
  (rel, name) => `we need a place near ${one(PLACES)} for ${rel} ${name}`,
  (rel, name) => `${rel} ${name}`,
  (rel, name) => `${name} (${rel.toLowerCase()}) ${one(CARE_PHRASES)}`,
  (rel, name) => `${rel} is ${name}, ${one(CARE_PHRASES)}`,
  (rel, name) => `${rel}'s name is ${name}`,
];

function nameNotes(): CorpusNote[] {
  const notes: CorpusNote[] = [];
  const cases: Case[] = ['lower', 'lower', 'as-written', 'as-written', 'full-width-lower', 'upper'];
  for (const locale of LATIN_NAME_LOCALES) {
    const faker = fakerOf(locale);
    for (let i = 0; i < 22; i += 1) {
      const { name, shape } = givenName(faker);
      const how = one(cases);
      const template = one(RELATIVE_NAME_TEMPLATES);
      notes.push({ text: inCase(template(relative(), name), how), kind: 'name', form: `name/relative-given-${shape}-${how}`, locale });
    }
    for (let i = 0; i < 10; i += 1) {
      const { name, shape } = givenName(faker);
      const full = `${name} ${faker.person.lastName()}`;
      const how = one(['as-written', 'as-written', 'lower', 'full-width-lower'] as Case[]);
      const text = one([
        () => full,
        () => `${one(RELATIVE_NAME_TEMPLATES)(relative(), full)}`,
        () => `for ${full}, ${pick.number.int({ min: 68, max: 99 })}, ${one(CARE_PHRASES)}`,
        () => `thanks, ${full}`,
        () => `please ask for ${full} when you call back`,
        () => `resident: ${faker.person.lastName()}, ${name}`,
        () => `${full} ${one(CARE_PHRASES)}`,
      ])();
      notes.push({ text: inCase(text, how), kind: 'name', form: `name/full-${shape}-${how}`, locale });
    }
  }
  for (const locale of SCRIPT_NAME_LOCALES) {
    const faker = fakerOf(locale);
    for (let i = 0; i < 12; i += 1) {
      const text = one([
        () => one(RELATIVE_NAME_TEMPLATES)(relative(), faker.person.firstName()),
        () => one(RELATIVE_NAME_TEMPLATES)(relative(), faker.person.fullName()),
        () => `${faker.person.fullName()} ${one(CARE_PHRASES)}`,
        () => `signed, ${faker.person.fullName()}`,
      ])();
      notes.push({ text, kind: 'name', form: 'name/own-script', locale });
    }
  }
  return notes;
}

/** Unit words and their written-out numbers: "apartment twelve", "unit four B", "suite two hundred". */
function unitInWords(): string {
  const word = one(['apartment', 'apt', 'apt.', 'unit', 'suite', 'Apartment', 'Unit', 'space', 'apt number', 'unit #']);
  const number = inWords(one([pick.number.int({ min: 1, max: 40 }), pick.number.int({ min: 100, max: 420 })]));
  return `${word} ${number}${chance(0.25) ? ` ${one(['A', 'B', 'C', 'D'])}` : ''}`;
}

const ADDRESS_TEMPLATES: ((address: string) => string)[] = [
  (a) => a,
  (a) => `she lives at ${a}`,
  (a) => `${a}, ${one(PLACES)}`,
  (a) => `${relative()} is at ${a} until the move`,
  (a) => `please send the paperwork to ${a}`,
  (a) => `our house is ${a}${one(SENTENCE_ENDS)}`,
  (a) => `home address: ${a}`,
  (a) => `we are at ${a} and can visit any day`,
];

function addressNotes(): CorpusNote[] {
  const notes: CorpusNote[] = [];
  const us = fakerOf('en_US');
  for (let i = 0; i < 50; i += 1) {
    const address = us.location.streetAddress(chance(0.3));
    notes.push({ text: one(ADDRESS_TEMPLATES)(address), kind: 'address', form: 'address/us', locale: 'en_US' });
  }
  for (const locale of STREET_FIRST_LOCALES) {
    const faker = fakerOf(locale);
    for (let i = 0; i < 16; i += 1) {
      const street = `${faker.location.buildingNumber().replace(/\D.*$/, '') || pick.number.int({ min: 1, max: 9999 })} ${faker.location.street()}`;
      const text = one(ADDRESS_TEMPLATES)(street);
      notes.push({ text: chance(0.15) ? text.toLowerCase() : text, kind: 'address', form: 'address/number-then-street-word', locale });
    }
  }
  for (const locale of NATIVE_ADDRESS_LOCALES) {
    const faker = fakerOf(locale);
    for (let i = 0; i < 8; i += 1) {
      notes.push({ text: one(ADDRESS_TEMPLATES)(faker.location.streetAddress()), kind: 'address', form: 'address/native', locale });
    }
  }
  const streetOf = (): string => {
    const locale = one(['en_US', 'en_US', 'en_US', ...STREET_FIRST_LOCALES]);
    return chance(0.2) ? one(SEED_STREETS) : fakerOf(locale).location.street();
  };
  for (let i = 0; i < 60; i += 1) {
    const [a, b] = [streetOf(), chance(0.3) ? `${inOrdinal(pick.number.int({ min: 1, max: 49 }))}${chance(0.5) ? ' St' : ''}` : streetOf()];
    const text = one([
      () => `she lives near the corner of ${a} and ${b}`,
      () => `${a} & ${b}`,
      () => `corner of ${a} and ${b}`,
      () => `we're at ${a} and ${b}, the blue house`,
      () => `cross streets are ${a} and ${b}`,
      () => `${relative()} lives on ${a} at ${b}`,
      () => `the intersection of ${a} and ${b}`,
      () => `${a} / ${b} in ${one(PLACES)}`,
    ])();
    notes.push({ text, kind: 'address', form: 'address/intersection', locale: 'mixed' });
  }
  for (let i = 0; i < 50; i += 1) {
    const unit = unitInWords();
    const text = one([
      () => `${us.location.streetAddress()}, ${unit}`,
      () => `she is in ${unit} of the building on ${streetOf()}`,
      () => `${relative()} lives in ${unit}`,
      () => `${unit}, ${us.location.streetAddress()}`,
      () => `${unit} at ${streetOf()}`,
    ])();
    notes.push({ text, kind: 'address', form: 'address/unit-in-words', locale: 'en_US' });
  }
  return notes;
}

function inOrdinal(n: number): string {
  const suffix = n % 100 >= 11 && n % 100 <= 13 ? 'th' : ['th', 'st', 'nd', 'rd'][n % 10] ?? 'th';
  return `${n}${suffix}`;
}

/** A group of digits spoken: digit by digit ("five one oh") or in pairs ("four fifteen", "oh one thirty-four"). */
function spokenGroup(digits: string): string {
  const byDigit = (part: string): string => [...part].map((d) => (d === '0' && chance(0.4) ? 'oh' : NUMBER_WORDS[Number(d)])).join(' ');
  if (chance(0.5)) return byDigit(digits);
  const pairs = digits.length === 3 ? [digits.slice(0, 1), digits.slice(1)] : [digits.slice(0, 2), digits.slice(2)];
  return pairs.map((pair) => (pair.length === 1 || pair.startsWith('0') ? byDigit(pair) : inWords(Number(pair)))).join(' ');
}

function phoneNotes(): CorpusNote[] {
  const notes: CorpusNote[] = [];
  for (const locale of PHONE_LOCALES) {
    const faker = fakerOf(locale);
    for (let i = 0; i < 8; i += 1) {
      const number = faker.phone.number();
      const text = one([
        () => number,
        () => `call me at ${number}`,
        () => `${relative()}'s cell is ${number}`,
        () => `best number: ${number}`,
        () => `you can reach us on ${number} after 5`,
        () => `${number} (evenings)`,
      ])();
      notes.push({ text, kind: 'phone', form: 'phone/locale-format', locale });
    }
  }
  const us = fakerOf('en_US');
  for (let i = 0; i < 50; i += 1) {
    const digits = us.string.numeric(10);
    const groups = [digits.slice(0, 3), digits.slice(3, 6), digits.slice(6)];
    const spoken = (chance(0.3) ? groups.slice(1) : groups).map(spokenGroup).join(one([', ', ', ', ' - ', '; ', ',  ']));
    const text = one([() => spoken, () => `my number is ${spoken}`, () => `call ${spoken} any time`, () => `${spoken}, ask for the daughter`])();
    notes.push({ text: chance(0.2) ? capitalize(text) : text, kind: 'phone', form: 'phone/spoken-groups', locale: 'en_US' });
  }
  return notes;
}

function emailNotes(): CorpusNote[] {
  const notes: CorpusNote[] = [];
  for (const locale of EMAIL_LOCALES) {
    const faker = fakerOf(locale);
    for (let i = 0; i < 5; i += 1) {
      const address = faker.internet.email();
      const spelled = address.replace('@', one([' at ', ' (at) ', ' [at] '])).replace(/\.(?=[a-z]+$)/, one([' dot ', '.', ' (dot) ']));
      const text = one([() => address, () => `email me at ${address}`, () => `${relative()}'s email is ${spelled}`, () => spelled])();
      notes.push({ text, kind: 'email', form: 'email/locale', locale });
    }
  }
  return notes;
}

// ---- Ordinary notes -----------------------------------------------------------------------------

/** Verbs families write right after a relative: "mom sundowns at night". */
const PLAIN_VERBS = [
  'falls', 'wanders', 'sundowns', 'forgets', 'refuses showers', 'sleeps', 'naps', 'paces', 'hallucinates', 'coughs', 'wakes up',
  'gets lost', 'gets upset', 'repeats herself', 'hides things', 'skips meals', 'barely eats', 'still drives', 'struggles', 'declines',
];
/** Contractions typed without the apostrophe: "mom cant walk far". */
const UNPUNCTUATED = ['cant', 'doesnt', 'wont', 'didnt', 'cannot', 'can no longer', 'isnt able to', 'hasnt been able to', 'shouldnt', 'wouldnt'];
/** Shorthand of care notes: "dad w/ dementia", "mom s/p stroke". */
const SHORTHAND = [
  'w/ dementia', 'w/ alz', 'has chf', 'w/c bound', 'needs adl help', 'has afib', 'has a uti again', 'gets ihss hours', 'is in a snf now',
  's/p stroke', 'on o2', 'is dnr', 'needs 24/7 care', 'is npo', 'has mci', 'is a fall risk', 'has copd + chf', 'is hoh', 'needs a 2 person assist', 'has tbi',
];
/** Notes in Chinese, Korean, Vietnamese and Tagalog, and English notes naming a language in its own script. */
const OTHER_LANGUAGE_NOTES: ((place: string, hospital: string) => [string, string])[] = [
  (place) => [`我妈妈需要记忆护理，最好在${place}附近`, 'zh_CN'],
  () => ['我爸爸有老年痴呆，晚上会到处走', 'zh_CN'],
  (_, hospital) => [`希望离${hospital}近一点`, 'zh_CN'],
  () => [`奶奶行动不便，需要轮椅，${one(['越快越好', '下个月', '今年年底前'])}`, 'zh_CN'],
  (place) => [`我們想找一間小型的安養院，在${place}`, 'zh_TW'],
  () => ['需要会说广东话的护工', 'zh_CN'],
  () => ['어머니가 치매가 있어서 돌봄이 필요합니다', 'ko'],
  (place) => [`${place} 근처의 작은 요양원을 찾고 있어요`, 'ko'],
  () => ['아버지는 휠체어를 사용하십니다', 'ko'],
  () => ['한국어를 하는 직원이 있으면 좋겠어요', 'ko'],
  (place) => [`mẹ tôi cần chăm sóc trí nhớ gần ${place}`, 'vi'],
  () => ['ba tôi bị tiểu đường và cần người giúp tắm', 'vi'],
  () => ['chúng tôi muốn tìm nhà nhỏ có người nói tiếng Việt', 'vi'],
  () => ['bà ngoại hay quên và đi lang thang ban đêm', 'vi'],
  (_, hospital) => [`gần bệnh viện ${hospital} thì tốt`, 'vi'],
  (place) => [`ang nanay ko ay may dementia at kailangan ng tulong sa ${place}`, 'tl'],
  () => ['kailangan ng tatay ko ng wheelchair', 'tl'],
  (_, hospital) => [`gusto namin ng maliit na bahay malapit sa ${hospital}`, 'tl'],
  () => [`a caregiver who speaks ${one(LANGUAGES_IN_SCRIPT)} would help a lot`, 'en_US'],
  () => [`${relative()} only understands ${one(LANGUAGES_IN_SCRIPT)} now`, 'en_US'],
  (place) => [`staff that speaks ${one(LANGUAGES_IN_SCRIPT)} in ${place}, please`, 'en_US'],
];
const LANGUAGES_IN_SCRIPT = ['中文', '粤语', '广东话', '普通话', '한국어', '日本語', 'русский', 'فارسی', 'հայերեն', 'ภาษาไทย', 'العربية', 'עברית', 'tiếng Việt', 'Tagalog'];
const ADJECTIVES_OF_NOTES = ['quiet', 'small', 'clean', 'friendly', 'affordable', 'close', 'calm', 'bright', 'homey', 'safe'];

function ordinaryNotes(): CorpusNote[] {
  const notes: CorpusNote[] = [];
  const add = (text: string, form: string, locale = 'en_US'): void => {
    notes.push({ text, kind: null, form, locale });
  };
  const streetLocales = ['en_US', 'en_US', ...STREET_FIRST_LOCALES];
  const streetOnly = (): string => (chance(0.35) ? one(SEED_STREETS) : fakerOf(one(streetLocales)).location.street());
  const words = fakerOf('en_US').word;
  for (let i = 0; i < 200; i += 1) {
    const street = streetOnly();
    add(
      one([
        () => `the home on ${street} is closest to us`,
        () => `is the one on ${street} still open?`,
        () => `${one(HOMES)} on ${street} looked ${one(ADJECTIVES_OF_NOTES)} when we drove by`,
        () => `anything near ${street} in ${one(PLACES)} would work`,
        () => `we live off ${street}, so ${one(PLACES)} or ${one(PLACES)} is best`,
        () => `${relative()} used to walk along ${street} every morning`,
        () => `prefer a home on a quiet street like ${street}`,
        () => `the bus down ${street} goes right past ${one(HOSPITALS)}`,
      ])(),
      'ordinary/street-only',
    );
  }
  for (let i = 0; i < 380; i += 1) {
    add(
      one([
        () => `${capitalize(one(NEEDS))} near ${one(PLACES)}, ${one(TIMINGS)}`,
        () => `${relative()} ${one(CARE_PHRASES)} and needs ${one(NEEDS)}`,
        () => `${relative()} has ${one(CONDITIONS)}; we want ${one(NEEDS)} in ${one(COUNTY_NAMES)}`,
        () => `${one(HOMES)} or ${one(HOMES)}, whichever has ${one(NEEDS)}`,
        () => `close to ${one(HOSPITALS)} please, ${relative()} sees a cardiologist there`,
        () => `${relative()} was discharged from ${one(HOSPITALS)} ${one(['last week', 'on Monday', 'yesterday', 'two days ago'])}`,
        () => `we liked ${one(HOMES)} but it is far from ${one(PLACES)}`,
        () => `${relative()} ${words.adverb()} ${one(CARE_PHRASES)}`,
        () => `${relative()} is ${words.adjective()} but ${one(CARE_PHRASES)}`,
        () => `${relative()} and I visited ${one(HOMES)} in ${one(PLACES)}`,
        () => `anything between ${one(PLACES)} and ${one(PLACES)} is fine`,
        () => `does ${one(HOMES)} take residents with ${one(CONDITIONS)}?`,
        () => `${relative()} ${one(CARE_PHRASES)}, ${one(TIMINGS)}`,
        () => `${relative()} is moving from ${one(PLACES)} to be near us in ${one(PLACES)}`,
        () => `${capitalize(one(OWNERS.filter(Boolean)))} ${one(RELATIVES)} and ${one(RELATIVES)} both need ${one(NEEDS)}`,
      ])(),
      'ordinary/care',
    );
  }
  for (let i = 0; i < 160; i += 1) {
    add(
      one([
        () => `${pick.number.int({ min: 2, max: 6 })} bed home near ${one(PLACES)}`,
        () => `budget is about $${pick.number.int({ min: 3, max: 9 })},${one(['000', '500', '200'])} a month`,
        () => `within ${pick.number.int({ min: 2, max: 25 })} miles of ${one(PLACES)}`,
        () => `about ${pick.number.int({ min: 5, max: 45 })} minutes from ${one(HOSPITALS)}`,
        () => `${relative()} is ${pick.number.int({ min: 62, max: 101 })} and ${one(CARE_PHRASES)}`,
        () => `license ${one(roster).facility_number} looked good`,
        () => `ZIP ${one(CITIES).zips[0]} or nearby`,
        () => `near Highway ${one(['101', '99', '1', '50', '80', '17', '4', '24'])} so we can visit`,
        () => `off I-${one(['5', '80', '280', '680', '880', '405', '10', '15'])} would be easiest`,
        () => `visiting hours after ${pick.number.int({ min: 1, max: 6 })} pm are best for us`,
        () => `${relative()} has lived in ${one(PLACES)} since ${pick.number.int({ min: 1955, max: 2015 })}`,
        () => `we can visit ${one(['2', '3', 'two', 'three', 'four'])} times a week`,
        () => `room ${pick.number.int({ min: 1, max: 30 })} at ${one(HOMES)} was the one we saw`,
        () => `${pick.number.int({ min: 2, max: 4 })} ${one(['blocks', 'miles', 'streets'])} from ${one(HOMES)}`,
        () => `needs ${one(NEEDS)} by ${one(['March', 'June', 'September', 'December'])} ${pick.number.int({ min: 1, max: 28 })}`,
        () => `the ${one(['6', '4', '15', '49'])}-bed homes in ${one(COUNTY_NAMES)} are fine`,
      ])(),
      'ordinary/numbers',
    );
  }
  for (let i = 0; i < 60; i += 1) {
    const place = one(PLACES);
    add(
      one([
        () => `mi ${one(['mamá', 'papá', 'madre', 'padre', 'abuela', 'esposo'])} necesita ${one(['cuidado de memoria', 'ayuda para bañarse', 'una casa pequeña', 'atención las 24 horas'])} cerca de ${place}`,
        () => `buscamos un hogar en ${place} que acepte Medi-Cal`,
        () => `mi ${one(['mamá', 'papá', 'abuelo', 'tía'])} tiene ${one(['demencia', 'diabetes', 'Alzheimer', 'problemas para caminar'])} y ${one(['usa andadera', 'se cae mucho', 'no puede estar sola', 'se confunde en la noche'])}`,
        () => `preferimos un lugar donde hablen español, cerca de ${one(HOSPITALS)}`,
      ])(),
      'ordinary/spanish',
      'es',
    );
  }
  for (let i = 0; i < 100; i += 1) {
    const [place, hospital] = [one(PLACES), one(HOSPITALS)];
    const [text, locale] = one(OTHER_LANGUAGE_NOTES)(place, hospital);
    add(text, 'ordinary/other-language', locale);
  }
  for (let i = 0; i < 140; i += 1) {
    const rel = relative();
    add(
      one([
        () => `${rel} ${words.adverb()} ${one(CARE_PHRASES)}`,
        () => `${rel} ${one(PLAIN_VERBS)} ${one(['at night', 'a lot', 'since the fall', 'more and more', 'every day', 'when she is tired', 'now'])}`,
        () => `${rel} ${one(UNPUNCTUATED)} ${one(['walk far', 'remember names', 'live alone anymore', 'drive', 'cook for herself', 'want to move', 'like big places'])}`,
        () => `${rel} ${one(SHORTHAND)}, ${one(TIMINGS)}`,
        () => `${rel} is ${words.adjective()} and ${one(CARE_PHRASES)}`,
        () => `${rel}'s ${one(['doctor', 'neurologist', 'case manager', 'social worker', 'pharmacy', 'insurance'])} ${one(['suggested', 'recommended', 'wants'])} ${one(NEEDS)}`,
      ])(),
      'ordinary/after-a-relative',
    );
  }
  for (let i = 0; i < 60; i += 1) {
    const base = one([
      () => `${one(NEEDS)} near ${one(PLACES)}`,
      () => `${relative()} ${one(CARE_PHRASES)}`,
      () => `the home on ${streetOnly()} is closest`,
      () => `close to ${one(HOSPITALS)}`,
    ])();
    add(chance(0.5) ? fullWidth(base) : fullWidth(base.toLowerCase()), 'ordinary/full-width');
  }
  return notes;
}

// ---- The corpus ---------------------------------------------------------------------------------

/**
 * Every note once, in the order made (a text made twice is kept once). The committed corpus is
 * seed SEED's; other seeds make fresh notes of the same kinds, of which tuning may read only those
 * the split rule puts in the tuning half (docs/personal-data-screen.md).
 */
export function generateCorpus(seed = SEED): CorpusNote[] {
  reseed(seed);
  const all = [...nameNotes(), ...addressNotes(), ...phoneNotes(), ...emailNotes(), ...ordinaryNotes()];
  const seen = new Set<string>();
  return all.filter((note) => !seen.has(note.text) && (seen.add(note.text), true));
}

const FAKER_VERSION = (JSON.parse(readFileSync(new URL('../../node_modules/@faker-js/faker/package.json', import.meta.url), 'utf8')) as { version: string }).version;

/** The two files' text: a header, then one note a line, so a diff shows notes. */
export function corpusFiles(): { tuning: string; heldOut: string } {
  const notes = generateCorpus();
  const file = (half: 'tuning' | 'held-out'): string => {
    const header = {
      source:
        `Generated by test/screen-corpus/generate.ts (seed ${SEED}, @faker-js/faker ${FAKER_VERSION}): invented people, streets and phones from faker's locales; ` +
        'ordinary notes from the seeds home and hospital names and real California places. Split once by the SHA-256 of each text (first byte even: tuning, odd: held-out).',
      half,
      seed: SEED,
      faker: FAKER_VERSION,
    };
    const lines = notes.filter((note) => halfOf(note.text) === half).map((note) => JSON.stringify(note));
    return `${JSON.stringify(header).slice(0, -1)},"notes":[\n${lines.join(',\n')}\n]}\n`;
  };
  return { tuning: file('tuning'), heldOut: file('held-out') };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { tuning, heldOut } = corpusFiles();
  writeFileSync(TUNING_FILE, tuning);
  writeFileSync(HELD_OUT_FILE, heldOut);
  console.log(`wrote ${TUNING_FILE.pathname} and ${HELD_OUT_FILE.pathname}`);
}
