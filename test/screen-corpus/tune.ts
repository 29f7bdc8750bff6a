// The tuning aid: lists the notes the screen gets wrong in the tuning half, and in fresh notes from
// other seeds that the split rule puts in the tuning half too (never a held-out text, whatever the
// seed). It never reads held-out.json.
//
//   npx tsx test/screen-corpus/tune.ts [--seeds N] [form]   # N fresh seeds (default 0); form filters, e.g. "address"
import { screenText } from '../../serve/screen/screen.ts';
import { figuresLine, measure, readHalf } from './corpus.ts';
import { generateCorpus, halfOf, SEED, type CorpusNote } from './generate.ts';

const args = process.argv.slice(2);
const seedsAt = args.indexOf('--seeds');
const seeds = seedsAt >= 0 ? Number(args[seedsAt + 1]) : 0;
const filter = args.filter((_, i) => i !== seedsAt && i !== seedsAt + 1)[0] ?? '';

const tuning = readHalf('tuning');
const known = new Set(tuning.map((note) => note.text));
const fresh: CorpusNote[] = [];
for (let n = 1; n <= seeds; n += 1) {
  for (const note of generateCorpus(SEED + 1000 * n)) {
    if (halfOf(note.text) === 'tuning' && !known.has(note.text)) {
      known.add(note.text);
      fresh.push(note);
    }
  }
}

for (const [title, notes] of [['tuning half', tuning], [`fresh tuning-side notes of ${seeds} other seed(s)`, fresh]] as const) {
  if (notes.length === 0) continue;
  const figures = measure(notes);
  console.log(`${title}: ${figuresLine(figures)}`);
  for (const note of figures.missed) if (note.form.includes(filter)) console.log(`  missed   ${note.form} [${note.locale}] ${note.text}`);
  for (const note of figures.wronglyRefused) if (note.form.includes(filter)) console.log(`  refused  ${screenText(note.text)} ${note.form} ${note.text}`);
}
