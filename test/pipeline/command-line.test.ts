// `npm run pipeline`'s own command line: --help runs nothing, and a demo profile is never mixed
// with a real source.
import test from 'ava';
import { execFile } from 'node:child_process';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { REPO_ROOT } from '../../pipeline/run.ts';
import { tempSnapshotsDir } from './fixtures.ts';

const FIXTURES = path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures');
const execute = promisify(execFile);
const { PIPELINE_SOURCES: _sources, PIPELINE_PROFILE: _profile, ...clean } = process.env;
/** The command as an operator runs it, with its exit code (0 when it ended well). */
async function pipeline(args: string[], env: Record<string, string> = {}) {
  try {
    const { stdout, stderr } = await execute(process.execPath, ['--import=tsx', path.join(REPO_ROOT, 'pipeline/run.ts'), ...args], { cwd: FIXTURES, env: { ...clean, ...env } });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as Error & { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

test('--help prints the commands, profiles, source names and exit codes, and runs nothing', async (t) => {
  const dir = await tempSnapshotsDir();
  const { code, stdout } = await pipeline(['--help'], { SNAPSHOTS_DIR: dir });
  t.is(code, 0);
  for (const expected of ['--schedule', '--profile', '--force', 'seeds', 'state-scale', 'state ', 'roster', 'waiver', 'zip_centroids', 'county_rates', 'geocoder', 'state_documents', 'Exit codes', 'held back']) {
    t.true(stdout.includes(expected), expected);
  }
  t.regex(stdout, /^ {2}0 {2}published$/m);
  t.regex(stdout, /^ {2}1 {2}the run failed/m);
  t.deepEqual(await readdir(dir), [], 'no run, nothing written');
});

test('a real source on a demo profile is refused with exit 2 naming --profile state; nothing is read or written', async (t) => {
  const dir = await tempSnapshotsDir();
  const refused = await pipeline(['--source', 'roster=./roster-real-shape-bom-crlf-no-file-date.csv'], { SNAPSHOTS_DIR: dir });
  t.is(refused.code, 2);
  t.regex(refused.stderr, /Profile "seeds" is a demo profile .* cannot be mixed with --source roster=\.\/roster-real-shape-bom-crlf-no-file-date\.csv\. Add --profile state/);
  const viaEnv = await pipeline(['--profile', 'state-scale'], { SNAPSHOTS_DIR: dir, PIPELINE_SOURCES: 'waiver=./alw.csv' });
  t.is(viaEnv.code, 2);
  t.regex(viaEnv.stderr, /Profile "state-scale" is a demo profile/);
  t.deepEqual(await readdir(dir), []);
});
