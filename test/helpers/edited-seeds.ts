// A real pipeline run on a copy of the seeds with some of the state's values replaced: what a
// hostile or broken upstream would send (markup in a name, a name of 100,000 characters), published
// and served exactly as the seeds are. The roster is rewritten as CSV with every field quoted.
import fs from 'node:fs';
import path from 'node:path';
import { parse } from 'csv-parse/sync';
import { selectProfile } from '../../pipeline/config.ts';
import { runPipeline } from '../../pipeline/run.ts';
import pipelineConfig from '../../pipeline.config.ts';
import { tempDir } from './snapshot.ts';

const SEEDS = 'seeds/default';

export interface SeedEdits {
  /** Changes one roster row in place, by the export's own header names (`Facility Name`, `Licensee`, ...). */
  roster?: (row: Record<string, string>, license: string) => void;
  /** Changes a home's per-facility detail (the state site's FacilityDetail object). */
  detail?: (detail: Record<string, unknown>, license: string) => void;
  /** Changes a home's report index entries (REPORTARRAY). */
  reports?: (entries: Array<Record<string, unknown>>, license: string) => void;
  /** Rewrites a report page (the state site's HTML). */
  reportPages?: (html: string, license: string) => string;
}

function quoted(field: string): string {
  return `"${field.replace(/"/g, '""')}"`;
}

/** The nine-digit license of a roster row's `Facility Number`, as the pipeline reads it. */
function licenseOf(number: string): string {
  return number.trim().padStart(9, '0');
}

function editRoster(file: string, edit: NonNullable<SeedEdits['roster']>): void {
  const rows = parse(fs.readFileSync(file), { relax_column_count: true, relax_quotes: true, skip_empty_lines: true }) as string[][];
  const header = rows[0]!;
  const lines = rows.map((row, index) => {
    if (index > 0) {
      const named: Record<string, string> = {};
      header.forEach((name, at) => (named[name] = row[at] ?? ''));
      edit(named, licenseOf(named['Facility Number'] ?? ''));
      header.forEach((name, at) => {
        if (at < row.length) row[at] = named[name]!;
      });
    }
    return row.map(quoted).join(',');
  });
  fs.writeFileSync(file, `${lines.join('\r\n')}\r\n`);
}

function editJson(file: string, edit: (value: any) => void): void {
  const value = JSON.parse(fs.readFileSync(file, 'utf8'));
  edit(value);
  fs.writeFileSync(file, JSON.stringify(value));
}

/** Runs the pipeline on an edited copy of the seeds; returns the snapshots folder it published into. */
export async function editedSeedSnapshots(edits: SeedEdits): Promise<string> {
  const seeds = tempDir('edited-seeds');
  fs.cpSync(SEEDS, seeds, { recursive: true });
  if (edits.roster) editRoster(path.join(seeds, 'roster.csv'), edits.roster);
  const documents = path.join(seeds, 'documents');
  for (const license of fs.readdirSync(documents)) {
    if (edits.detail) editJson(path.join(documents, license, 'detail.json'), (value) => edits.detail!(value.FacilityDetail, license));
    if (edits.reports) editJson(path.join(documents, license, 'index.json'), (value) => edits.reports!(value.REPORTARRAY, license));
    if (edits.reportPages) {
      for (const page of fs.readdirSync(path.join(documents, license)).filter((file) => file.endsWith('.html'))) {
        const file = path.join(documents, license, page);
        fs.writeFileSync(file, edits.reportPages(fs.readFileSync(file, 'utf8'), license));
      }
    }
  }
  const base = selectProfile(pipelineConfig, 'seeds');
  const moved = <T>(value: T): T => JSON.parse(JSON.stringify(value).replaceAll(`"${SEEDS}/`, `"${seeds}/`));
  const snapshots = tempDir('edited-snapshots');
  const result = await runPipeline({
    snapshotsDir: snapshots,
    config: { ...base, sources: moved(base.sources), stateDocuments: moved(base.stateDocuments) },
    log: () => {},
  });
  if (!result.published) throw new Error(`the edited seeds published nothing: ${result.heldBack.join('; ')}`);
  return snapshots;
}
