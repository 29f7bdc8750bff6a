// Issue 44's limits on what each answer costs an assistant's context, text block and
// structuredContent together, and on tools/list: every ask of test/bench/answer-sizes.ts (the
// `npm run bench -- sizes` suite) against a real server over the seed snapshot.
import test from 'ava';
import { measureAnswerSizes } from '../bench/answer-sizes.ts';

test('every measured answer and tools/list stay within issue 44\'s limits', async (t) => {
  const rows = await measureAnswerSizes();
  t.true(rows.length >= 24, `${rows.length} asks measured`);
  for (const row of rows) t.true(row.bytes <= row.limit, `${row.ask}: ${row.bytes} bytes, over ${row.limit}`);
});
