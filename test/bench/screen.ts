// `npm run bench -- screen`: the personal-data screen on its labelled corpus. Prints recall (share
// of personal strings refused, per kind and overall), the false-refusal rate on ordinary care notes
// and the time one screen takes. Run alone: `npx tsx test/bench/screen.ts`.
import { performance } from 'node:perf_hooks';
import { screenText } from '../../serve/screen/screen.ts';
import { ordinaryCorpus, personalCorpus } from '../handoff/screen-corpus.ts';

export async function benchScreen(): Promise<{ recall: number; falseRefusalRate: number }> {
  const personal = personalCorpus();
  const ordinary = ordinaryCorpus();
  const started = performance.now();
  const caught = personal.filter((sample) => screenText(sample.text) !== null);
  const refused = ordinary.filter((text) => screenText(text) !== null);
  const perScreenUs = ((performance.now() - started) * 1000) / (personal.length + ordinary.length);

  const recall = caught.length / personal.length;
  const falseRefusalRate = refused.length / ordinary.length;
  console.log(`\nscreen: ${personal.length} personal strings, ${ordinary.length} ordinary care notes`);
  for (const kind of ['phone', 'email', 'address', 'name'] as const) {
    const ofKind = personal.filter((sample) => sample.kind === kind);
    const found = ofKind.filter((sample) => screenText(sample.text) !== null).length;
    console.log(`  ${kind.padEnd(8)} recall ${(found / ofKind.length).toFixed(3)} (${found}/${ofKind.length})`);
  }
  console.log(`  recall ${recall.toFixed(3)} (target >= 0.97)`);
  console.log(`  false-refusal rate ${falseRefusalRate.toFixed(3)} (${refused.length}/${ordinary.length}, target <= 0.02)`);
  console.log(`  ${perScreenUs.toFixed(1)} µs per screened text`);
  return { recall, falseRefusalRate };
}

if (import.meta.url === `file://${process.argv[1]}`) await benchScreen();
