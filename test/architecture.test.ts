// The import structure holds: no file of serve/ or contract/ reaches itself through its imports,
// contract/ imports nothing of serve/ or pipeline/ (everything else builds on it), and serve's
// sub-folders form no circle. Reads the import statements of the source (type-only imports
// count too: a type circle is still a tangle), so it needs no build.
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
 * serve's sub-folder a file belongs to (serve/mcp/tools/x.ts -> serve/mcp: a nested folder is
 * part of its parent, so the tool list in serve/mcp importing its tools is not a circle); null
 * for serve's own top-level files, which are not a sub-folder.
 */
function subFolderOf(file: string): string | null {
  const parts = file.split('/');
  return parts[0] === 'serve' && parts.length > 2 ? `serve/${parts[1]}` : null;
}

/** The graph between serve's sub-folders, each edge once. */
function folderGraph(files: Graph): Graph {
  const folders = new Map<string, Set<string>>();
  for (const [file, targets] of files) {
    const from = subFolderOf(file);
    if (!from) continue;
    if (!folders.has(from)) folders.set(from, new Set());
    for (const target of targets) {
      const to = subFolderOf(target);
      if (to && to !== from) folders.get(from)!.add(to);
    }
  }
  return new Map([...folders].map(([folder, targets]) => [folder, [...targets]]));
}

/** Which files carry the edges inside one folder circle, for the failure message. */
function edgesWithin(files: Graph, circle: readonly string[]): string[] {
  return [...files].flatMap(([file, targets]) =>
    targets
      .filter((target) => subFolderOf(file) !== subFolderOf(target) && circle.includes(subFolderOf(file) ?? '') && circle.includes(subFolderOf(target) ?? ''))
      .map((target) => `${file} -> ${target}`),
  );
}

const files = importGraph(['serve', 'contract']);

test('the graph is read: every serve and contract file, with its relative imports', (t) => {
  t.true(files.size > 100);
  t.true(files.get('serve/check.ts')!.includes('serve/home-record.ts'));
  t.true(files.get('serve/mcp/tools/check-homes.ts')!.includes('serve/check.ts'));
});

test('no file of serve/ or contract/ imports itself round a circle', (t) => {
  t.deepEqual(circles(files), []);
});

test('contract/ imports nothing from serve/ or pipeline/ (nothing outside contract/)', (t) => {
  const outward = [...files]
    .filter(([file]) => file.startsWith('contract/'))
    .flatMap(([file, targets]) => targets.filter((target) => !target.startsWith('contract/')).map((target) => `${file} -> ${target}`));
  t.deepEqual(outward, []);
});

test("serve's sub-folders form no circle", (t) => {
  const found = circles(folderGraph(files));
  t.deepEqual(
    found.map((circle) => ({ circle, edges: edgesWithin(files, circle) })),
    [],
  );
});

test('the checks see what they look for: a circle, a nested folder, an import of any form', (t) => {
  const tangled: Graph = new Map([
    ['serve/a.ts', ['serve/b.ts']],
    ['serve/b.ts', ['serve/c.ts']],
    ['serve/c.ts', ['serve/a.ts']],
    ['serve/d.ts', ['serve/a.ts']],
  ]);
  t.deepEqual(circles(tangled), [['serve/a.ts', 'serve/b.ts', 'serve/c.ts']]);
  t.deepEqual(
    circles(folderGraph(new Map([['serve/pages/x.ts', ['serve/handoff/y.ts']], ['serve/handoff/y.ts', ['serve/pages/z.ts']], ['serve/mcp/tools/t.ts', ['serve/mcp/s.ts']], ['serve/mcp/s.ts', ['serve/mcp/tools/t.ts']]]))),
    [['serve/handoff', 'serve/pages']],
  );
  t.is(subFolderOf('serve/mcp/tools/get-home.ts'), 'serve/mcp');
  t.is(subFolderOf('serve/check.ts'), null);
  t.deepEqual(
    specifiers(`import type { A } from './a.ts';\nimport {\n  b,\n} from "../b.ts";\nexport { c } from './c.ts';\nimport './d.ts';\nconst e = await import('./e.ts');`),
    ['./a.ts', '../b.ts', './c.ts', './d.ts', './e.ts'],
  );
});
