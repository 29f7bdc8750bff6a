// package.json tells the truth about installing: `engines` names only Node versions every
// dependency supports (and the README names the same ones), and every install script in the
// lockfile has a verdict in `allowScripts`, so `npm install` never warns about an unreviewed one;
// and the tests run on the Node the `node` dependency brings, whatever Node runs npm itself.
import test from 'ava';
import { accessSync, constants, existsSync, readFileSync, realpathSync, statSync } from 'node:fs';
import { delimiter, dirname, join, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import semver from 'semver';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const readJson = (name: string) => JSON.parse(readFileSync(join(root, name), 'utf8'));

interface LockedPackage {
  version?: string;
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
  // The check can fail: a dependency that leaves Node 22 behind (as better-sqlite3 13 left 20).
  const planted: Lock = { packages: { ...lock.packages, 'node_modules/better-sqlite3': { engines: { node: '>=24' } } } };
  t.deepEqual(narrowerThan(pkg.engines.node, planted), ['better-sqlite3: >=24']);
});

test('the Node running these tests is one engines allows', (t) => {
  t.true(semver.satisfies(process.version, pkg.engines.node), `${process.version} is outside engines ${pkg.engines.node}`);
});

/** The `node` that `#!/usr/bin/env node` starts with this PATH (tsx, ava and npm's own shebangs). */
function firstNodeOn(path: string): string | undefined {
  for (const dir of path.split(delimiter)) {
    const candidate = join(dir || '.', 'node');
    try {
      accessSync(candidate, constants.X_OK);
      if (statSync(candidate).isFile()) return realpathSync(candidate);
    } catch {
      // not here: the next folder
    }
  }
  return undefined;
}

test('the tests run on the first node on PATH, which npm scripts make the `node` dependency when it is installed', (t) => {
  const onPath = firstNodeOn(process.env.PATH ?? '') ?? 'no node on PATH';
  // ava's worker processes (and every child a test spawns with process.execPath) run on the Node a shebang finds.
  t.is(realpathSync(process.execPath), onPath);
  const bin = join(root, 'node_modules', '.bin');
  const ranByNpm = (process.env.PATH ?? '').split(delimiter).includes(bin);
  // `npm install --ignore-scripts`, or CI's second run, leaves the bundled Node out: then the PATH's own node runs.
  if (ranByNpm && existsSync(join(bin, 'node'))) {
    t.is(onPath, realpathSync(join(bin, 'node')));
    t.is(process.version, `v${pkg.dependencies.node}`);
  } else {
    t.false(onPath.startsWith(realpathSync(join(root, 'node_modules')) + sep), `${onPath} is a bundled Node, yet npm did not put it first`);
  }
});

test('the bundled Node is one exact version that engines allows, and the lockfile holds that version', (t) => {
  const pinned: string = pkg.dependencies.node;
  t.truthy(semver.valid(pinned), `the node dependency is an exact version, not ${pinned}`);
  t.true(semver.satisfies(pinned, pkg.engines.node), `${pinned} is outside engines ${pkg.engines.node}`);
  t.is(lock.packages['node_modules/node']?.version, pinned);
  t.true(pkg.allowScripts.node, "the node package's install script (it fetches the binary) is allowed");
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
