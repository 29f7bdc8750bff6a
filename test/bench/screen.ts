// `npm run bench -- screen`: the personal-data screen on its corpora. Prints, for the generated
// corpus's tuning half and held-out half (test/screen-corpus/) and for the hand-written corpus
// (test/handoff/screen-corpus.*): recall (share of personal notes refused, per kind and overall)
// and the false-refusal rate on ordinary notes, with counts; then the time one screen takes.
// Run alone: `npx tsx test/bench/screen.ts`.
import { performance } from 'node:perf_hooks';
import type { HalfFigures } from '../screen-corpus/corpus.ts';

function printFigures(title: string, figures: HalfFigures, figuresLine: (figures: HalfFigures) => string): void {
  console.log(`  ${title}: ${figuresLine(figures)}`);
  const kinds = Object.entries(figures.byKind).map(([kind, { caught, of }]) => `${kind} ${(caught / of).toFixed(4)} (${caught}/${of})`);
  console.log(`    recall by kind: ${kinds.join(', ')}`);
}

export async function benchScreen(): Promise<Record<string, { recall: number; falseRefusalRate: number }>> {
  // Imported here, so the time the screen's word and name lists take to load is measured too.
  const loadStarted = performance.now();
  const { screenText } = await import('../../serve/screen/screen.ts');
  const loadMs = performance.now() - loadStarted;
  const { figuresLine, measure, readHalf } = await import('../screen-corpus/corpus.ts');
  const { ordinaryCorpus, personalCorpus } = await import('../handoff/screen-corpus.ts');

  const tuning = readHalf('tuning');
  const heldOut = readHalf('held-out');
  const handWritten = [
    ...personalCorpus().map(({ text, kind }) => ({ text, kind, form: 'hand-written', locale: 'en_US' })),
    ...ordinaryCorpus().map((text) => ({ text, kind: null, form: 'hand-written', locale: 'en_US' })),
  ];
  console.log(`\nscreen (targets on the held-out half: recall >= 0.97, false refusals <= 0.02)`);
  const results: Record<string, HalfFigures> = {
    'generated, tuning half': measure(tuning),
    'generated, held-out half (never read in tuning)': measure(heldOut),
    'hand-written corpus': measure(handWritten),
  };
  for (const [title, figures] of Object.entries(results)) printFigures(title, figures, figuresLine);

  // Time per screened text, over every note of all three, after one warm-up pass.
  const texts = [...tuning, ...heldOut, ...handWritten].map((note) => note.text);
  for (const text of texts) screenText(text);
  const started = performance.now();
  for (const text of texts) screenText(text);
  const perScreenUs = ((performance.now() - started) * 1000) / texts.length;
  console.log(`  ${perScreenUs.toFixed(1)} µs per screened text (${texts.length} texts); word and name lists ready in ${loadMs.toFixed(0)} ms (first import)`);
  return Object.fromEntries(Object.entries(results).map(([title, { recall, falseRefusalRate }]) => [title, { recall, falseRefusalRate }]));
}

if (import.meta.url === `file://${process.argv[1]}`) await benchScreen();
