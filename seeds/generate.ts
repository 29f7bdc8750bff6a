// Writes the offline copy of every state source the pipeline reads.
//   npx tsx seeds/generate.ts --out seeds/default             the committed default set
//   npx tsx seeds/generate.ts --size state --rows 13000 --out DIR   state scale (see generate-state-scale.ts)
//   add --print-quirks to print the "quirk -> where it is" table (seeds/README.md carries it)
// Same options, same bytes: every random choice comes from a seeded PRNG.
import { writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import type { Size, World } from './model.ts';
import { buildWorld } from './world.ts';
import { quirkTable, sourceFiles, writeSourceFiles, type Mark, type SourceFile } from './files.ts';
import { exportHeaders, exportRosterFile, portalRosterFile } from './export.ts';
import { documentMarks, planDocuments, writeDocuments, type DocumentStats } from './documents.ts';
import { hospitalsFile } from './hospitals.ts';
import { countyRatesFile, listings, listingsFile } from './prices.ts';

export const SEEDS_DIR = fileURLToPath(new URL('.', import.meta.url));
// Real facility coordinates, shared beside the repository (../shared/data), not copied into it.
export const DEFAULT_GEOCODES = resolve(SEEDS_DIR, '../../shared/data/ca-rcfe-geocodes.json');

export interface GenerateOptions {
  out: string;
  size: Size;
  /** Roster rows at state scale. */
  rows?: number;
  geocodesPath?: string;
}

export interface Generated {
  world: World;
  files: SourceFile[];
  documents: { stats: DocumentStats; marks: Mark[] };
}

export function generate(options: GenerateOptions): Generated {
  const world = buildWorld({
    size: options.size,
    rows: options.rows ?? 13000,
    geocodesPath: options.geocodesPath ?? DEFAULT_GEOCODES,
  });
  const listed = listings(world);
  // The export counts each home's visits and citations from the reports its documents hold.
  const plans = planDocuments(world);
  const files = [exportRosterFile(world, plans), portalRosterFile(world), ...sourceFiles(world), hospitalsFile(world), listingsFile(world, listed), countyRatesFile(world, listed)];
  writeSourceFiles(files, options.out);
  // What the state's server answered the export with: the export states no date, its Last-Modified does.
  writeFileSync(join(options.out, 'roster.csv.headers'), exportHeaders());
  // Report pages stay short at state scale, so the whole set stays small.
  const stats = writeDocuments(plans, options.out, world.size === 'state');
  return { world, files, documents: { stats, marks: documentMarks(plans) } };
}

export function summary({ world, files, documents }: Generated): string {
  const count = (values: string[]) =>
    Object.entries(values.reduce<Record<string, number>>((acc, v) => ((acc[v] = (acc[v] ?? 0) + 1), acc), {}))
      .sort((a, b) => b[1] - a[1])
      .map(([k, n]) => `${k} ${n}`)
      .join(', ');
  const valid = world.homes.filter((h) => h.valid);
  return [
    ...files.map((f) => `${f.name}: ${f.rows} rows`),
    `licenses: ${valid.length} valid, ${world.homes.length - valid.length} malformed, ${world.duplicates.length} duplicate rows`,
    `statuses: ${count(valid.map((h) => h.status))}`,
    `counties: ${count(valid.map((h) => h.city.county.name))}`,
    `documents/: ${documents.stats.folders} folders (${documents.stats.none} without reports, ${documents.stats.withNext} with a next run), ` +
      `${documents.stats.reports} listed reports (at most ${documents.stats.maxReports} for one home), ${documents.stats.htmlFiles} report pages, ` +
      `${documents.stats.files} files, ${(documents.stats.bytes / 1e6).toFixed(1)} MB`,
  ].join('\n');
}

export function runCli(argv: string[], defaults: { size: Size; out: string }): void {
  const { values } = parseArgs({
    args: argv,
    options: {
      out: { type: 'string' },
      size: { type: 'string' },
      rows: { type: 'string' },
      geocodes: { type: 'string' },
      'print-quirks': { type: 'boolean' },
    },
  });
  const size = (values.size ?? defaults.size) as Size;
  if (size !== 'default' && size !== 'state') throw new Error(`--size must be default or state, not ${size}`);
  const rows = values.rows === undefined ? 13000 : Number(values.rows);
  if (!Number.isInteger(rows) || rows < 100) throw new Error(`--rows must be an integer of at least 100`);
  const out = resolve(values.out ?? defaults.out);
  const started = Date.now();
  const generated = generate({ out, size, rows, geocodesPath: values.geocodes ?? DEFAULT_GEOCODES });
  console.log(`wrote ${generated.files.length} files and documents/ to ${out} in ${Date.now() - started} ms`);
  console.log(summary(generated));
  if (values['print-quirks']) console.log(`\n${quirkTable([...generated.files, generated.documents])}`);
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  runCli(process.argv.slice(2), { size: 'default', out: resolve(SEEDS_DIR, 'default') });
}
