// State-scale seed files for benchmarks: about 13,000 roster rows (all ~11,200 real facility
// numbers plus synthetic ones near real homes) and every other source scaled to match.
//   npx tsx seeds/generate-state-scale.ts [--out DIR] [--rows N]    (default seeds/state-scale/, 13000)
// The output directory is git-ignored; the same options always give the same bytes.
import { resolve } from 'node:path';
import { SEEDS_DIR, runCli } from './generate.ts';

runCli(process.argv.slice(2), { size: 'state', out: resolve(SEEDS_DIR, 'state-scale') });
