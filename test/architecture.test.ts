// The import structure holds the layering that docs/layout.md draws. serve/ is its composition root
// (server.ts) beside wings and surfaces: each wing may use only the folders its row below names,
// a surface may use every wing but never another surface, contract/ imports nothing of ours, and
// no file anywhere (serve, contract, pipeline, seeds) reaches itself through its imports. Each rule
// is also shown failing on a planted violation. Reads the import statements of the source
// (type-only imports count too: a type tangle is still a tangle), so it needs no build.
import fs from 'node:fs';
import path from 'node:path';
import test from 'ava';

const ROOT = path.resolve(import.meta.dirname, '..');

type Graph = Map<string, string[]>;

function sourceFiles(folder: string): string[] {
  return fs.readdirSync(path.join(ROOT, folder), { withFileTypes: true }).flatMap((entry) => {
    const relative = `${folder}/${entry.name}`;
    if (entry.isDirectory()) return sourceFiles(relative);
    return entry.name.endsWith('.ts') ? [relative] : [];
  });
}

/** Every module specifier a file names: `import … from`, `export … from`, bare `import '…'` and `import('…')`. */
function specifiers(source: string): string[] {
  const pattern = /\bfrom\s+['"]([^'"]+)['"]|^\s*import\s+['"]([^'"]+)['"]|\bimport\s*\(\s*['"]([^'"]+)['"]\s*\)/gm;
  return [...source.matchAll(pattern)].map((match) => (match[1] ?? match[2] ?? match[3])!);
}

/** Repository-relative import targets of every file (relative imports only; packages are leaves). */
function importGraph(folders: readonly string[]): Graph {
  const graph: Graph = new Map();
  for (const file of folders.flatMap(sourceFiles)) {
    const targets = specifiers(fs.readFileSync(path.join(ROOT, file), 'utf8'))
      .filter((specifier) => specifier.startsWith('.'))
      .map((specifier) => path.posix.normalize(path.posix.join(path.posix.dirname(file), specifier)));
    graph.set(file, targets);
  }
  return graph;
}

/** The circles of a graph: its strongly connected parts with more than one node (Tarjan). */
function circles(graph: Graph): string[][] {
  let next = 0;
  const order = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (node: string) => {
    order.set(node, next);
    low.set(node, next++);
    stack.push(node);
    onStack.add(node);
    for (const target of graph.get(node) ?? []) {
      if (!graph.has(target)) continue;
      if (!order.has(target)) {
        visit(target);
        low.set(node, Math.min(low.get(node)!, low.get(target)!));
      } else if (onStack.has(target)) low.set(node, Math.min(low.get(node)!, order.get(target)!));
    }
    if (low.get(node) === order.get(node)) {
      const part: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        part.push(member);
      } while (member !== node);
      if (part.length > 1 || (graph.get(node) ?? []).includes(node)) found.push(part.sort());
    }
  };
  for (const node of graph.keys()) if (!order.has(node)) visit(node);
  return found;
}

/**
 * The wings of serve/ and what each may import (besides packages). Lower rows never import higher
 * ones, so the order below is the layering. Each wing's README.md says the same in words.
 */
export const WINGS: Record<string, readonly string[]> = {
  'serve/lib': [],
  'serve/records': ['contract', 'serve/lib'],
  'serve/words': ['contract'],
  'serve/screen': [],
  'serve/web': ['contract', 'serve/lib', 'serve/words'],
  'serve/shape': ['contract', 'serve/lib', 'serve/records', 'serve/words', 'serve/web'],
  'serve/http': ['contract', 'serve/lib', 'serve/records', 'serve/words', 'serve/web', 'serve/shape'],
  'serve/operator': ['contract', 'serve/lib', 'serve/records', 'serve/http'],
};

/** The surfaces: one hapi plugin each (nested folders are part of theirs); each may use every wing, never another surface. */
export const SURFACES = ['serve/rest', 'serve/mcp', 'serve/pages', 'serve/site', 'serve/discovery', 'serve/data', 'serve/handoff'] as const;

/** The files serve/ may hold at its root: the composition root alone. */
const SERVE_ROOT_FILES = ['serve/server.ts'];

/**
 * The folder a file belongs to: serve/<wing or surface> (serve/mcp/tools/x.ts -> serve/mcp, a
 * nested folder is part of its parent), the top folder elsewhere (contract, pipeline, seeds), or
 * the file itself for a file at serve's or the repository's root.
 */
function folderOf(file: string): string {
  const parts = file.split('/');
  if (parts[0] === 'serve') return parts.length > 2 ? `serve/${parts[1]}` : file;
  return parts.length > 1 ? parts[0]! : file;
}

/** Each import that leaves its folder, once per file and target folder. */
function crossings(files: Graph): { file: string; from: string; to: string }[] {
  return [...files].flatMap(([file, targets]) => {
    const from = folderOf(file);
    return [...new Set(targets.map(folderOf))].filter((to) => to !== from).map((to) => ({ file, from, to }));
  });
}

/** Imports by a wing of a folder its row does not allow. */
function wingViolations(files: Graph): string[] {
  return crossings(files)
    .filter(({ from, to }) => from in WINGS && !WINGS[from]!.includes(to))
    .map(({ file, to }) => `${file} -> ${to}`);
}

/** Imports by a surface of anything but a wing or contract/ (another surface, the root, pipeline, seeds). */
function surfaceViolations(files: Graph): string[] {
  return crossings(files)
    .filter(({ from, to }) => (SURFACES as readonly string[]).includes(from) && !(to in WINGS) && to !== 'contract')
    .map(({ file, to }) => `${file} -> ${to}`);
}

/** Imports by contract/ of anything outside it: everything else builds on it. */
function contractViolations(files: Graph): string[] {
  return crossings(files)
    .filter(({ from }) => from === 'contract')
    .map(({ file, to }) => `${file} -> ${to}`);
}

/** serve/'s folders that are neither a wing nor a surface, and files at its root besides the composition root. */
function unplaced(paths: readonly string[]): string[] {
  return [...new Set(paths.filter((file) => file.startsWith('serve/')).map(folderOf))].filter(
    (place) => !(place in WINGS) && !(SURFACES as readonly string[]).includes(place) && !SERVE_ROOT_FILES.includes(place),
  );
}

/** The graph between folders, each edge once (for circles between wings or between seeds' parts). */
function folderGraph(files: Graph): Graph {
  const folders = new Map<string, Set<string>>();
  for (const { from, to } of crossings(files)) {
    if (!folders.has(from)) folders.set(from, new Set());
    folders.get(from)!.add(to);
  }
  return new Map([...folders].map(([folder, targets]) => [folder, [...targets]]));
}

const files = importGraph(['serve', 'contract', 'pipeline', 'crawl', 'seeds']);

/**
 * The crawler is a process of its own beside the pipeline: it may use contract/ and pipeline/ (the
 * documents' reading rule, the store, the configuration), and nothing may use it, so the pipeline
 * never waits on the state's site through an import either.
 */
function crawlerViolations(graph: Graph): string[] {
  return crossings(graph)
    .filter(({ from, to }) => (from === 'crawl' && !['contract', 'pipeline', 'pipeline.config.ts'].includes(to)) || (to === 'crawl' && from !== 'crawl'))
    .map(({ file, to }) => `${file} -> ${to}`);
}

test('the graph is read: every serve, contract, pipeline, crawl and seeds file, with its relative imports', (t) => {
  t.true(files.size > 150);
  t.true(files.get('crawl/crawler.ts')!.includes('pipeline/documents/collect.ts'));
  t.true(files.get('serve/shape/check.ts')!.includes('serve/records/home-record.ts'));
  t.true(files.get('serve/mcp/tools/check-homes.ts')!.includes('serve/shape/check.ts'));
  t.true(files.get('seeds/world.ts')!.includes('seeds/quirks.ts'));
  t.true(files.get('pipeline/run.ts')!.some((target) => target.startsWith('contract/')));
});

test("serve/'s root holds only the composition root, and every folder is a wing or a surface", (t) => {
  t.deepEqual(unplaced([...files.keys()]), []);
  t.true(fs.readdirSync(path.join(ROOT, 'serve')).filter((name) => name.endsWith('.ts')).length <= 3);
});

test('each wing imports only what its row allows (records/: contract/ and lib/ alone)', (t) => {
  t.deepEqual(wingViolations(files), []);
});

test('no surface imports another surface, nor anything but the wings and contract/', (t) => {
  t.deepEqual(surfaceViolations(files), []);
});

test('crawl/ uses only contract/ and pipeline/, and nothing uses crawl/', (t) => {
  t.deepEqual(crawlerViolations(files), []);
});

test('contract/ imports nothing outside contract/', (t) => {
  t.deepEqual(contractViolations(files), []);
});

test('no file imports itself round a circle: serve, contract, pipeline, crawl and seeds', (t) => {
  t.deepEqual(circles(files), []);
});

test('no circle between folders either', (t) => {
  t.deepEqual(circles(folderGraph(files)), []);
});

test('each wing and surface says in its README what it holds and exactly what it may use', (t) => {
  for (const place of [...Object.keys(WINGS), ...SURFACES]) {
    const readme = path.join(ROOT, place, 'README.md');
    t.true(fs.existsSync(readme), `${place} has a README.md`);
    const mayUse = /^May use: (.*)$/m.exec(fs.readFileSync(readme, 'utf8'))?.[1];
    t.truthy(mayUse, `${place}/README.md has a "May use:" line`);
    const named = [...(mayUse ?? '').matchAll(/`([a-z/.-]+)\/`/g)].map((match) => (match[1]!.startsWith('contract') ? 'contract' : `serve/${match[1]}`));
    const allowed = place in WINGS ? WINGS[place]! : ['contract', ...Object.keys(WINGS)];
    t.deepEqual([...named].sort(), [...allowed].sort(), `${place}/README.md names exactly the folders it may use`);
  }
});

test('planted violations: each rule catches its own', (t) => {
  const planted: Graph = new Map([
    // records/ reaching up into a shaper and a surface
    ['serve/records/home-record.ts', ['serve/shape/facility.ts', 'serve/rest/plugin.ts', 'contract/facts.ts', 'serve/lib/log.ts']],
    // a surface importing another surface, and one importing a wing (allowed)
    ['serve/mcp/tools/fetch.ts', ['serve/pages/plugin.ts', 'serve/shape/home-markdown.ts']],
    ['serve/site/api.ts', ['serve/http/validation.ts']],
    // contract/ importing the server
    ['contract/facts.ts', ['serve/words/wording.ts']],
    // a three-file circle in seeds, and a two-folder circle between wings
    ['seeds/model.ts', ['seeds/quirks.ts']],
    ['seeds/quirks.ts', ['seeds/world.ts']],
    ['seeds/world.ts', ['seeds/model.ts']],
    ['serve/web/layout.ts', ['serve/http/demo.ts']],
    ['serve/http/demo.ts', ['serve/web/html.ts']],
    // the pipeline reaching into the crawler, and the crawler into the server
    ['pipeline/run.ts', ['crawl/crawler.ts']],
    ['crawl/crawler.ts', ['serve/http/health.ts', 'pipeline/documents/collect.ts']],
    // a stray file at serve's root and an unknown folder
    ['serve/helpers.ts', []],
    ['serve/misc/thing.ts', []],
  ]);
  t.deepEqual(wingViolations(planted), ['serve/records/home-record.ts -> serve/shape', 'serve/records/home-record.ts -> serve/rest', 'serve/web/layout.ts -> serve/http']);
  t.deepEqual(surfaceViolations(planted), ['serve/mcp/tools/fetch.ts -> serve/pages']);
  t.deepEqual(contractViolations(planted), ['contract/facts.ts -> serve/words']);
  t.deepEqual(crawlerViolations(planted), ['pipeline/run.ts -> crawl', 'crawl/crawler.ts -> serve/http']);
  t.deepEqual(circles(planted), [['seeds/model.ts', 'seeds/quirks.ts', 'seeds/world.ts']]);
  t.deepEqual(circles(folderGraph(planted)), [['serve/http', 'serve/web'], ['crawl', 'pipeline']]);
  t.deepEqual(unplaced([...planted.keys()]).sort(), ['serve/helpers.ts', 'serve/misc']);
  t.is(folderOf('serve/mcp/tools/get-home.ts'), 'serve/mcp');
  t.is(folderOf('serve/server.ts'), 'serve/server.ts');
  t.is(folderOf('seeds/model.ts'), 'seeds');
});

test('the reader sees every import form', (t) => {
  t.deepEqual(
    specifiers(`import type { A } from './a.ts';\nimport {\n  b,\n} from "../b.ts";\nexport { c } from './c.ts';\nimport './d.ts';\nconst e = await import('./e.ts');`),
    ['./a.ts', '../b.ts', './c.ts', './d.ts', './e.ts'],
  );
});
