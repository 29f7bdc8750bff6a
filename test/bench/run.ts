// `npm run bench [-- suite ...]`: runs the benchmark suites and prints their figures. Each figure
// is compared with a baseline measured in the same run, so a noisy machine still gives fair ratios.
import os from 'node:os';
import { benchAnswerSizes } from './answer-sizes.ts';
import { benchPipeline } from './pipeline.ts';
import { benchCrawl } from './crawl.ts';
import { benchMcp, benchRest } from './rest.ts';
import { benchScaling } from './scaling.ts';
import { benchScreen } from './screen.ts';
import { benchStartup } from './startup.ts';

const suites: Record<string, () => Promise<unknown>> = {
  pipeline: benchPipeline,
  crawl: benchCrawl,
  rest: benchRest,
  mcp: benchMcp,
  startup: benchStartup,
  screen: benchScreen,
  scaling: benchScaling,
  sizes: benchAnswerSizes,
};

const chosen = process.argv.slice(2).filter((arg) => !arg.startsWith('-'));
const unknown = chosen.filter((name) => !(name in suites));
if (unknown.length) {
  console.error(`Unknown suite(s): ${unknown.join(', ')}. Suites: ${Object.keys(suites).join(', ')}.`);
  process.exit(2);
}
console.log(`Benchmarks on ${os.cpus().length} x ${os.cpus()[0]?.model ?? 'cpu'}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}, ${new Date().toISOString().slice(0, 10)}`);
for (const name of chosen.length ? chosen : Object.keys(suites)) await suites[name]!();
