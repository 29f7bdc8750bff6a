// Shared by the benchmark suites: run a child job and read its JSON line, and print tables.
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { fileURLToPath } from 'node:url';
import path from 'node:path';

const run = promisify(execFile);
export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** Runs `tsx <script> ...args` in a fresh process and returns the JSON its last line prints. */
export async function childJob<T extends Record<string, unknown>>(script: string, args: string[], nodeFlags: readonly string[] = []): Promise<T & { elapsed_ms: number; max_rss_mb: number }> {
  const { stdout } = await run(process.execPath, [...nodeFlags, '--import=tsx', path.join(REPO_ROOT, script), ...args], {
    cwd: REPO_ROOT,
    maxBuffer: 64 * 1024 * 1024,
  });
  const last = stdout.trim().split('\n').pop() ?? '{}';
  return JSON.parse(last);
}

export function printTable(title: string, rows: Array<Record<string, string | number>>): void {
  console.log(`\n${title}`);
  if (rows.length === 0) return;
  const columns = Object.keys(rows[0]!);
  const widths = columns.map((column) => Math.max(column.length, ...rows.map((row) => String(row[column]).length)));
  const line = (cells: string[]) => `| ${cells.map((cell, i) => cell.padEnd(widths[i]!)).join(' | ')} |`;
  console.log(line(columns));
  console.log(`|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`);
  for (const row of rows) console.log(line(columns.map((column) => String(row[column]))));
}
