// The screen's labelled corpus: personal-data strings of every kind (bare, and wrapped in ordinary
// sentences) and ordinary care notes that must pass. The hand-written strings are in
// screen-corpus.json; the variations below multiply them the way people really vary them
// (number formats, e-mail spellings, street suffixes, name cases). Shared by the tests and the bench.
import { readFileSync } from 'node:fs';
import type { PersonalDetailKind } from '../../serve/screen/screen.ts';

interface CorpusFile {
  personal: Record<PersonalDetailKind, string[]>;
  wrappers: string[];
  ordinary: string[];
}

export interface PersonalSample {
  text: string;
  kind: PersonalDetailKind;
}

const file = JSON.parse(readFileSync(new URL('./screen-corpus.json', import.meta.url), 'utf8')) as CorpusFile;
const ZERO_WIDTH = '\u200B';
const withMarks = (text: string): string => text.replaceAll('<ZW>', ZERO_WIDTH);

const NUMBERS = ['4155550134', '5105550123', '9165550188', '2135550147', '7075550162', '6195550110', '8585550199', '5595550171'];
const PHONE_FORMATS: ((d: string) => string)[] = [
  (d) => `(${d.slice(0, 3)}) ${d.slice(3, 6)}-${d.slice(6)}`,
  (d) => `${d.slice(0, 3)}-${d.slice(3, 6)}-${d.slice(6)}`,
  (d) => `${d.slice(0, 3)}.${d.slice(3, 6)}.${d.slice(6)}`,
  (d) => `${d.slice(0, 3)} ${d.slice(3, 6)} ${d.slice(6)}`,
  (d) => `${d.slice(0, 3)}_${d.slice(3, 6)}_${d.slice(6)}`,
  (d) => `+1 ${d.slice(0, 3)} ${d.slice(3, 6)} ${d.slice(6)}`,
  (d) => `1-${d.slice(0, 3)}-${d.slice(3, 6)}-${d.slice(6)}`,
  (d) => d,
  (d) => `${d.slice(0, 3)} ${d.slice(3, 6)} ${d.slice(6).replaceAll('0', 'O')}`,
  (d) => [...d].map((digit) => 'zero one two three four five six seven eight nine'.split(' ')[Number(digit)]).join(' '),
];

const LOCALS = ['jane.doe', 'jdoe', 'mary_smith', 'bob.k', 'careforgrandma', 'r.garcia', 'tnguyen77'];
const PROVIDERS = ['gmail', 'yahoo', 'outlook', 'icloud', 'comcast'];
const EMAIL_FORMATS: ((local: string, provider: string) => string)[] = [
  (l, p) => `${l}@${p}.com`,
  (l, p) => `${l} at ${p}`,
  (l, p) => `${l}@${p}`,
  (l, p) => `${l} (at) ${p} (dot) com`,
];

const HOUSE_NUMBERS = ['123', '4500', '77', '1818', '9', '2600'];
const STREETS = ['Main', 'Elm', 'Oak', 'Shattuck', 'Telegraph', 'Foothill', 'Alvarado', 'Mission', 'Fair Oaks', 'El Camino Real'];
const SUFFIXES = ['St', 'Street', 'Ave', 'Avenue', 'Blvd', 'Rd', 'Dr', 'Way', 'Lane', 'Ct'];

const GIVEN = ['Jane', 'Robert', 'Maria', 'Linda', 'James', 'Patricia', 'Michael', 'Susan', 'David', 'Karen', 'Thomas', 'Nancy', 'Jose', 'Esther', 'Harold'];
const SURNAMES = ['Doe', 'Smith', 'Garcia', 'Johnson', 'Nguyen', 'Martinez', 'Brown', 'Lopez', 'Patel', 'Kim', 'Williams', 'Chen', 'Rodriguez', 'Wilson', 'Okafor'];
const RELATIVE_FORMS = ['my mom {g}', 'my dad {g}', 'dad is {g}', "mom's name is {g}", 'my grandmother {g}', 'her husband, {g}', 'my sister {g}', 'uncle {g}'];

function generatedPersonal(): PersonalSample[] {
  const samples: PersonalSample[] = [];
  NUMBERS.forEach((number) => PHONE_FORMATS.forEach((format) => samples.push({ text: format(number), kind: 'phone' })));
  LOCALS.forEach((local, i) => EMAIL_FORMATS.forEach((format, j) => samples.push({ text: format(local, PROVIDERS[(i + j) % PROVIDERS.length]!), kind: 'email' })));
  HOUSE_NUMBERS.forEach((number, i) =>
    STREETS.forEach((street, j) => (i + j) % 2 === 0 && samples.push({ text: `${number} ${street} ${SUFFIXES[(i + j) % SUFFIXES.length]}`, kind: 'address' })),
  );
  GIVEN.forEach((given, i) => {
    const surname = SURNAMES[i]!;
    samples.push({ text: `${given} ${surname}`, kind: 'name' });
    samples.push({ text: `${given} ${surname}`.toLowerCase(), kind: 'name' });
    samples.push({ text: `${surname}, ${given}`, kind: 'name' });
    samples.push({ text: RELATIVE_FORMS[i % RELATIVE_FORMS.length]!.replace('{g}', i % 2 ? given : given.toLowerCase()), kind: 'name' });
  });
  return samples;
}

/** Every personal-data string, bare and wrapped in an ordinary sentence (wrappers taken in turn). */
export function personalCorpus(): PersonalSample[] {
  const bare: PersonalSample[] = [
    ...Object.entries(file.personal).flatMap(([kind, texts]) => texts.map((text) => ({ text: withMarks(text), kind: kind as PersonalDetailKind }))),
    ...generatedPersonal(),
  ];
  const wrapped = bare.map(({ text, kind }, i) => ({ text: file.wrappers[i % file.wrappers.length]!.replace('{}', text), kind }));
  return [...bare, ...wrapped];
}

const NEEDS = ['Memory care', 'Assisted living', 'A small board and care', 'Hospice-friendly home', 'Wheelchair accessible home', 'Respite stay'];
const PLACES = ['Oakland', 'Alameda County', 'Fremont', 'Marina', 'Clovis', 'Lincoln', 'Madera', 'San Diego', 'Santa Clara County', 'Contra Costa', 'Berkeley', 'Davis'];
const TIMES = ['within a month', 'next spring', 'as soon as possible', 'after rehab ends', 'in 2 weeks'];

/** Ordinary care notes: the hand-written ones, the wrappers with nothing in them, and need + place + timing combinations. */
export function ordinaryCorpus(): string[] {
  const combos = NEEDS.flatMap((need, i) => PLACES.map((place, j) => `${need} near ${place}, ${TIMES[(i + j) % TIMES.length]}`));
  return [...file.ordinary, ...file.wrappers.map((wrapper) => wrapper.replace('{}', 'the family')), ...combos];
}
