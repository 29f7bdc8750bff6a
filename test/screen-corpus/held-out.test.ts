// The screen on the held-out half of the generated corpus (generate.ts), which no tuning read: the
// issue's targets. A failure names counts per template form, never the notes, so the half stays unread.
import test from 'ava';
import { countByForm, figuresLine, measure, readHalf } from './corpus.ts';

const figures = measure(readHalf('held-out'));

test('held-out half: recall at least 0.97', (t) => {
  t.true(figures.recall >= 0.97, `${figuresLine(figures)}; missed per form: ${countByForm(figures.missed)}`);
});

test('held-out half: false refusals at most 2 %', (t) => {
  t.true(figures.falseRefusalRate <= 0.02, `${figuresLine(figures)}; refused per form: ${countByForm(figures.wronglyRefused)}`);
});
