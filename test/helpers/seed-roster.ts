// The seed roster's rows as the tests read them: the state's export runs past its header (one
// block per complaint) and has a quote that closes nothing, so rows are keyed by the
// pipeline's own header keys (`Facility Name` is `facility_name`) and read leniently.
import { parse } from 'csv-parse/sync';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { headerKey } from '../../pipeline/sources/csv.ts';

const ROSTER = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../seeds/default/roster.csv');

export function seedRosterRows(): Array<Record<string, string>> {
  return parse(readFileSync(ROSTER), {
    columns: (header: string[]) => header.map(headerKey),
    relax_column_count: true,
    relax_quotes: true,
    skip_empty_lines: true,
  }) as Array<Record<string, string>>;
}
