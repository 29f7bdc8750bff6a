// package.json tells the truth about installing: `engines` names only Node versions every
// dependency supports (and the README names the same ones), and every install script in the
// lockfile has a verdict in `allowScripts`, so `npm install` never warns about an unreviewed one.
import test from 'ava';
import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import semver from 'semver';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const readJson = (name: string) => JSON.parse(readFileSync(join(root, name), 'utf8'));

interface LockedPackage {
  engines?: { node?: string } | string[];
  hasInstallScript?: boolean;
}
type Lock = { packages: Record<string, LockedPackage> };

/** `node_modules/a/node_modules/@s/b` -> `@s/b`. */
const nameOf = (path: string) => path.slice(path.lastIndexOf('node_modules/') + 'node_modules/'.length);

/** Each locked package whose declared Node range does not hold every version `ours` allows. */
function narrowerThan(ours: string, lock: Lock): string[] {
  const narrower: string[] = [];
  for (const [path, locked] of Object.entries(lock.packages)) {
    const theirs = Array.isArray(locked.engines) ? undefined : locked.engines?.node;
    if (!path || !theirs) continue;
    if (!semver.validRange(theirs) || !semver.subset(ours, theirs)) narrower.push(`${nameOf(path)}: ${theirs}`);
  }
  return [...new Set(narrower)].sort();
}

/** Each locked package with an install script that `allowScripts` neither allows nor denies. */
function unreviewedScripts(allowScripts: Record<string, boolean>, lock: Lock): string[] {
  const names = Object.entries(lock.packages)
    .filter(([path, locked]) => path && locked.hasInstallScript)
    .map(([path]) => nameOf(path));
  return [...new Set(names)].filter((name) => typeof allowScripts[name] !== 'boolean').sort();
}

const pkg = readJson('package.json');
const lock: Lock = readJson('package-lock.json');

test('engines allows only Node versions that every locked dependency, dev ones included, declares it supports', (t) => {
  t.truthy(semver.validRange(pkg.engines.node), pkg.engines.node);
  t.deepEqual(narrowerThan(pkg.engines.node, lock), []);
  // The check can fail: a dependency that left Node 20 behind (better-sqlite3 13 declares >=22).
  const planted: Lock = { packages: { ...lock.packages, 'node_modules/better-sqlite3': { engines: { node: '>=22' } } } };
  t.deepEqual(narrowerThan(pkg.engines.node, planted), ['better-sqlite3: >=22']);
});

test('the Node running these tests is one engines allows', (t) => {
  t.true(semver.satisfies(process.version, pkg.engines.node), `${process.version} is outside engines ${pkg.engines.node}`);
});

test('the README names the lowest version of each Node line engines allows', (t) => {
  const readme = readFileSync(join(root, 'README.md'), 'utf8');
  const line = readme.split('\n').find((text) => text.startsWith('Node (`engines`):'));
  t.truthy(line, 'the README has its Node line');
  const lowest = pkg.engines.node.split('||').map((range: string) => semver.minVersion(range.trim())!);
  t.deepEqual(
    [...line!.matchAll(/\b(\d+)\.(\d+)\+/g)].map((match) => `${match[1]}.${match[2]}`),
    lowest.map((version: semver.SemVer) => `${version.major}.${version.minor}`),
  );
});

test('every install script in the lockfile has a verdict in allowScripts (npm warns about the rest)', (t) => {
  t.deepEqual(unreviewedScripts(pkg.allowScripts, lock), []);
  t.false(pkg.allowScripts['@scarf/scarf'], "@scarf/scarf's download counter is denied");
  const planted: Lock = { packages: { ...lock.packages, 'node_modules/a/node_modules/@x/new-native': { hasInstallScript: true } } };
  t.deepEqual(unreviewedScripts(pkg.allowScripts, planted), ['@x/new-native']);
});
