// The personal-data screen measured on its labelled corpus (test/handoff/screen-corpus.*): recall on
// personal details of every kind, bare and inside ordinary sentences, and the false-refusal rate on
// ordinary care notes. Then the evasion probes one by one, and property tests that hide
// every refused string behind zero-width and look-alike characters.
import test from 'ava';
import fc from 'fast-check';
import { productNameOrNull, screenFields, screenRefusal, screenText, type PersonalDetailKind } from '../../serve/screen/screen.ts';
import { ordinaryCorpus, personalCorpus } from './screen-corpus.ts';
import auditSample from './screen-audit-sample.json' with { type: 'json' };

const personal = personalCorpus();
const ordinary = ordinaryCorpus();

test('the corpus holds at least 300 personal strings (each also wrapped) across every kind, and 300 ordinary notes', (t) => {
  const bare = personal.slice(0, personal.length / 2);
  t.true(bare.length >= 300, `${bare.length} bare personal strings`);
  for (const kind of ['phone', 'email', 'address', 'name'] as const) t.true(bare.filter((s) => s.kind === kind).length >= 40, kind);
  t.true(ordinary.length >= 300, `${ordinary.length} ordinary notes`);
});

test('recall on the personal corpus is at least 0.97', (t) => {
  const missed = personal.filter((sample) => screenText(sample.text) === null);
  const recall = 1 - missed.length / personal.length;
  t.true(recall >= 0.97, `recall ${recall.toFixed(3)}; missed: ${missed.map((s) => s.kind).join(', ')}`);
});

test('the false-refusal rate on ordinary care notes is at most 0.02', (t) => {
  const refused = ordinary.filter((text) => screenText(text) !== null);
  const rate = refused.length / ordinary.length;
  t.true(rate <= 0.02, `false refusals ${rate.toFixed(3)}: ${refused.join(' | ')}`);
});

test("the issue's probes are each refused as their kind", (t) => {
  const probes: [string, PersonalDetailKind][] = [
    ['415\u200B555\u200B0134', 'phone'],
    ['j.doe@\u200Bgmail.com', 'email'],
    ['\u041Cary O\u2019Brien', 'name'], // Cyrillic М
    ['\uFF2A\uFF41\uFF4E\uFF45 \uFF24\uFF4F\uFF45', 'name'], // full-width "Jane Doe"
    ["mary o'brien", 'name'],
    ['my mom jane', 'name'],
    ['Dad is Bob', 'name'],
    ['Smith, Jane', 'name'],
    ['jane doe', 'name'],
    ['four one five five five five zero one three four', 'phone'],
    ['415 555 O134', 'phone'],
    ['415_555_0134', 'phone'],
    ['+44 20 7946 0958', 'phone'],
    ['\u0664\u0661\u0665\u0665\u0665\u0665\u0660\u0661\u0663\u0664', 'phone'], // Arabic-Indic digits
    ['jdoe at gmail', 'email'],
    ['j.doe@gmail', 'email'],
    ['123 Main', 'address'],
    ['Unit 4B, 123 Elm', 'address'],
    ['12\u200B3 Ma\u200Din St', 'address'],
  ];
  for (const [text, kind] of probes) t.is(screenText(text), kind, JSON.stringify(text));
});

/** Full-width forms of printable ASCII, as some phone keyboards type them. */
const fullWidth = (text: string): string => text.replace(/[!-~]/g, (char) => String.fromCodePoint(char.codePointAt(0)! + 0xfee0)).replace(/ /g, '\u3000');

test('notes of kinds the screen was not tuned on: names after relatives in lower case, names beyond English, foreign street types, intersections, units and phone groups in words', (t) => {
  const probes: [string, PersonalDetailKind][] = [
    ['my grandmother bartolomea needs help with bathing', 'name'],
    ['looking for care for my uncle oluwaseun', 'name'],
    ['our great-aunt ngozi fell last week', 'name'],
    ['my aunt anne-sophie has dementia', 'name'],
    ['Jean-Baptiste Okonkwo', 'name'],
    ['please ask for Olufemi Adeyemi', 'name'],
    ['Xiomara Quintanilla', 'name'],
    ['my mom Nguyễn Thị Hương', 'name'],
    ['Trần Văn Đức needs memory care', 'name'],
    ['my mother 李秀英 needs help', 'name'],
    ['Ավետիք Սարգսյան needs help', 'name'],
    [fullWidth('my mom giuseppina needs memory care'), 'name'],
    [fullWidth("dad ruslan has parkinson's"), 'name'],
    ['1420 Via Esperanza', 'address'],
    ['88 Calle de los Robles', 'address'],
    ['14 Rue Lafayette', 'address'],
    ['Via Verdi 12', 'address'],
    ['Rua das Flores, 250', 'address'],
    ['corner of Fruitvale and Foothill', 'address'],
    ['Mission St & 24th St', 'address'],
    ['she lives on Telegraph Ave at 51st', 'address'],
    ['2250 Foothill Blvd, apartment twelve', 'address'],
    ['she lives in unit four B', 'address'],
    ['four fifteen, five fifty-five, oh one thirty-four', 'phone'],
    ['nine one six; five five five; zero one four two', 'phone'],
    ['my cell is five one oh, five five five, twenty-one thirty-four', 'phone'],
  ];
  for (const [text, kind] of probes) t.is(screenText(text), kind, JSON.stringify(text));
  // A street named without a house number is no address; a note in Spanish or naming a language in its script names no one.
  for (const text of [
    'the home on Camino Real is closest to us',
    'is the one on Telegraph Ave still open?',
    'the home on Via Esperanza looked nice',
    'anything near Rue Chateau in Pleasanton',
    'anything between Walnut Creek and Oak Park',
    'my mom recently fell and needs memory care',
    'dad cant walk far anymore',
    'mi mamá necesita ayuda cerca de Salinas',
    'a caregiver who speaks 中文 would help',
  ]) {
    t.is(screenText(text), null, JSON.stringify(text));
  }
});

test('the audit sample: ID numbers, birth dates, Spanish, Vietnamese and Chinese names are refused as their kind; place, hospital and home names pass', (t) => {
  const missed = (auditSample.personal as [string, string][]).filter(([text, kind]) => screenText(text) !== kind);
  t.deepEqual(missed, [], 'personal strings not refused as their kind');
  const refused = auditSample.ordinary.filter((text) => screenText(text) !== null);
  t.deepEqual(refused, [], 'ordinary notes refused');
});

test('an ID number or a birth date is refused by kind, without repeating it', (t) => {
  const finding = screenFields({ note: 'memory care', family_note: 'Medicare 1EG4-TE5-MK73, DOB 3/14/38' });
  t.deepEqual(finding, { field: 'family_note', kind: 'id_number' });
  const message = screenRefusal(finding!);
  t.regex(message, /^family_note looks like it contains an identity or health-plan number/);
  t.notRegex(message, /1EG4|MK73|3\/14/i);
  t.deepEqual(screenFields({ area: 'born 3/14/38' }), { field: 'area', kind: 'birth_date' });
});

test('the refusal names the field and the kind, never the detail found', (t) => {
  const finding = screenFields({ area: 'Hayward', family_note: 'ask for j\u200Bane d\u043Ee, 415 555 O134' });
  t.deepEqual(finding, { field: 'family_note', kind: 'phone' });
  const message = screenRefusal(finding!);
  t.regex(message, /^family_note looks like it contains a phone number/);
  t.notRegex(message, /jane|doe|415|555|O134/i);
});

// Look-alikes a person could type instead of each Latin letter: Cyrillic, Greek and full-width forms.
const LOOK_ALIKES: Record<string, string[]> = {
  a: ['\u0430', '\u03B1', '\uFF41'], c: ['\u0441'], e: ['\u0435', '\u03B5'], i: ['\u0456', '\u03B9'], j: ['\u0458'], o: ['\u043E', '\u03BF', '\uFF4F'],
  p: ['\u0440', '\u03C1'], s: ['\u0455'], x: ['\u0445'], y: ['\u0443'], A: ['\u0410', '\u0391'], B: ['\u0412', '\u0392'], C: ['\u0421'],
  E: ['\u0415', '\u0395'], H: ['\u041D', '\u0397'], K: ['\u041A', '\u039A'], M: ['\u041C', '\u039C'], O: ['\u041E', '\u039F'], P: ['\u0420'],
  T: ['\u0422', '\u03A4'], 0: ['\uFF10', '\u0660'], 1: ['\uFF11', '\u0967'], 4: ['\uFF14', '\u09EA'], 5: ['\u0665', '\uFF15'],
};
const INVISIBLE = ['\u200B', '\u200C', '\u200D', '\u2060', '\uFEFF', '\u00AD'];

/** The text with invisible characters inserted and letters swapped for look-alikes at the chosen positions. */
function disguise(text: string, inserts: number[], swaps: number[], pick: number): string {
  const chars = [...text];
  for (const at of swaps) {
    const index = at % chars.length;
    const options = LOOK_ALIKES[chars[index]!];
    if (options) chars[index] = options[pick % options.length]!;
  }
  for (const at of inserts) chars.splice(at % (chars.length + 1), 0, INVISIBLE[(at + pick) % INVISIBLE.length]!);
  return chars.join('');
}

test('every refused corpus string is still refused, as the same kind, behind zero-width and look-alike characters', (t) => {
  const refused = personal.filter((sample) => screenText(sample.text) === sample.kind);
  t.true(refused.length >= personal.length * 0.97);
  fc.assert(
    fc.property(
      fc.constantFrom(...refused),
      fc.array(fc.nat(), { minLength: 1, maxLength: 8 }),
      fc.array(fc.nat(), { maxLength: 12 }),
      fc.nat(),
      (sample, inserts, swaps, pick) => screenText(disguise(sample.text, inserts, swaps, pick)) === sample.kind,
    ),
    { numRuns: 3000 },
  );
  // And each one at least once with every letter that has a look-alike swapped and a mark between every character.
  for (const sample of refused) {
    const all = [...sample.text].map((char, i) => (LOOK_ALIKES[char]?.[i % LOOK_ALIKES[char]!.length] ?? char) + INVISIBLE[i % INVISIBLE.length]).join('');
    t.is(screenText(all), sample.kind, JSON.stringify(sample.text));
  }
});

test('ordinary notes stay accepted with zero-width characters inserted', (t) => {
  fc.assert(
    fc.property(fc.constantFrom(...ordinary.filter((text) => screenText(text) === null)), fc.array(fc.nat(), { maxLength: 6 }), (text, inserts) =>
      screenText(disguise(text, inserts, [], 0)) === null,
    ),
    { numRuns: 1000 },
  );
  t.pass();
});

test('a client name enters the link only when it is plainly a product name', (t) => {
  for (const name of ['Claude', 'Claude Desktop', 'ChatGPT', 'my-assistant', 'Example Assistant', 'mcp-inspector 0.14', 'GPT-4o', 'Cursor']) {
    t.is(productNameOrNull(name), name, name);
  }
  t.is(productNameOrNull('  Claude   Desktop '), 'Claude Desktop');
  for (const name of [
    'Jane Doe',
    'jane doe',
    "mary o'brien",
    'my mom jane',
    'Cl\u0430ude', // a Cyrillic а: not plainly a product name, whatever it spells
    'Claude\u200B',
    '\uFF23laude',
    '415 555 0134',
    'jdoe at gmail',
    '123 Main St',
    'Smith, Jane',
    '',
  ]) {
    t.is(productNameOrNull(name), null, JSON.stringify(name));
  }
});
