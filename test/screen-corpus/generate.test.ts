// The generated corpus is what its generator writes: regenerating from the seed gives the committed
// bytes, so the corpus and its split can be audited. Each note sits in the half its hash names.
import test from 'ava';
import { readFileSync } from 'node:fs';
import { corpusFiles, halfOf, HELD_OUT_FILE, TUNING_FILE } from './generate.ts';
import { readHalf } from './corpus.ts';

test('regenerating the corpus from its seed gives the committed files byte for byte', (t) => {
  const { tuning, heldOut } = corpusFiles();
  t.true(tuning === readFileSync(TUNING_FILE, 'utf8'), 'tuning.json differs from what generate.ts writes: run `npx tsx test/screen-corpus/generate.ts`');
  t.true(heldOut === readFileSync(HELD_OUT_FILE, 'utf8'), 'held-out.json differs from what generate.ts writes');
});

test('the split is the hash rule, once: every note in the half its hash names, none in both', (t) => {
  const tuning = readHalf('tuning');
  const heldOut = readHalf('held-out');
  t.deepEqual(tuning.filter((note) => halfOf(note.text) !== 'tuning'), []);
  t.deepEqual(heldOut.filter((note) => halfOf(note.text) !== 'held-out'), []);
  const tuningTexts = new Set(tuning.map((note) => note.text));
  t.deepEqual(heldOut.filter((note) => tuningTexts.has(note.text)), []);
  // Both halves hold every kind and enough ordinary notes for a 2 % rate to mean something.
  for (const half of [tuning, heldOut]) {
    for (const kind of ['name', 'address', 'phone', 'email', null]) t.true(half.filter((note) => note.kind === kind).length >= 25, String(kind));
    t.true(half.filter((note) => note.kind === null).length >= 400);
    t.true(new Set(half.map((note) => note.locale)).size >= 20);
  }
});
