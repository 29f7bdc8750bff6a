// The README and docs/ point at each other and at the code by relative links; a moved or renamed
// file must fail here rather than leave a newcomer with a dead link. A clone holds only what git
// carries, so a link must land on a file of the repository, never beside it (`../shared/...`) or
// on something git ignores; a site path (`/docs/api`) must be one the running service answers.
import test from 'ava';
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { call, startServer, type TestServer } from './helpers/server.ts';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const docsDir = join(root, 'docs');

const documents = [join(root, 'README.md'), ...readdirSync(docsDir).filter((name) => name.endsWith('.md')).map((name) => join(docsDir, name))];

/** What a commit carries: tracked files and new ones git does not ignore, as repository paths with `/`. */
function repositoryFiles(): Set<string> {
  const listed = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', '-z'], { cwd: root, encoding: 'utf8' });
  return new Set(listed.split('\0').filter(Boolean));
}

/** Link targets outside code: inline `[text](target)` and reference definitions `[id]: target`. */
function linkTargets(markdown: string): string[] {
  const prose = markdown.replace(/^```[\s\S]*?^```/gm, '').replace(/`[^`\n]*`/g, '');
  const inline = [...prose.matchAll(/\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)].map((match) => match[1]!);
  const references = [...prose.matchAll(/^\s{0,3}\[[^\]]+\]:\s*<?(\S+?)>?(?:\s|$)/gm)].map((match) => match[1]!);
  return [...inline, ...references];
}

/** `https:`, `mailto:` and `//host` links leave the site: not checked here (no network). */
function isExternal(target: string): boolean {
  return /^[a-z][a-z0-9+.-]*:/i.test(target) || target.startsWith('//');
}

/** A site path is good when a GET on the running service answers it (2xx or a redirect): what a reader's click does. */
async function siteAnswers(server: TestServer, path: string): Promise<boolean> {
  const reply = await call(`${server.url}${path}`, { redirect: 'manual' });
  return reply.status >= 200 && reply.status < 400;
}

/**
 * Every broken link of one document, each as `file -> target (why)`. `file` is the document's path
 * in the repository; its relative links resolve from its folder.
 */
async function brokenLinks(file: string, markdown: string, files: Set<string>, server: TestServer): Promise<string[]> {
  const broken: string[] = [];
  for (const target of linkTargets(markdown)) {
    if (isExternal(target)) continue;
    const where = `${file} -> ${target}`;
    if (target.includes('#')) {
      broken.push(`${where} (anchors break silently; link the file)`);
    } else if (target.startsWith('/')) {
      if (!(await siteAnswers(server, target))) broken.push(`${where} (the running service does not answer this path)`);
    } else {
      const inRepository = relative(root, resolve(root, dirname(file), decodeURI(target))).split(sep).join('/');
      const isFolder = [...files].some((path) => path.startsWith(`${inRepository.replace(/\/$/, '')}/`));
      if (inRepository.startsWith('../') || inRepository === '..') broken.push(`${where} (outside the repository: a clone does not have it)`);
      else if (!files.has(inRepository) && !isFolder) broken.push(`${where} (no such file in the repository)`);
    }
  }
  return broken;
}

let server: TestServer;
let files: Set<string>;
test.before(async () => {
  server = await startServer();
  files = repositoryFiles();
});
test.after.always(async () => {
  await server?.close();
});

test('the link finder sees inline and reference links, not code', (t) => {
  t.deepEqual(linkTargets('See [a](docs/a.md) and [b][x].\n\n[x]: docs/b.md\n\n`[c](not.md)`\n```\n[d](no.md)\n```\n'), [
    'docs/a.md',
    'docs/b.md',
  ]);
});

test('README.md is short: set-up, commands, settings, layout and links (10,000 bytes at most)', (t) => {
  t.true(readFileSync(join(root, 'README.md')).length <= 10_000);
});

test('the link check catches each kind of broken link and passes good ones', async (t) => {
  // Each of these exists on this machine, yet none is in a clone: beside the repository, ignored by git.
  t.true(files.has('docs/api.md') && !files.has('node_modules/ava/package.json'));
  // The README's old contract link: the file is beside this checkout, so it resolved here and nowhere else.
  t.deepEqual(await brokenLinks('README.md', 'The contract is [the spec](../shared/spec/care-home-read-api.md).', files, server), [
    'README.md -> ../shared/spec/care-home-read-api.md (outside the repository: a clone does not have it)',
  ]);
  const planted = [
    '[design](../../shared/DESIGN.md)',
    '[gone](api-old.md)',
    '[ignored](../node_modules/ava/package.json)',
    '[anchored](api.md#rate-limits)',
    '[no route](/no-such-page)',
    '[home that is not on the roster](/facility/nowhere-000000000)',
    '[good](api.md) [good folder](../seeds/) [good code](../serve/server.ts) [good route](/openapi.json) [good page](/docs/api)',
    '[external](https://example.org/x) [mail](mailto:a@example.org)',
  ].join('\n');
  t.deepEqual(await brokenLinks('docs/planted.md', planted, files, server), [
    'docs/planted.md -> ../../shared/DESIGN.md (outside the repository: a clone does not have it)',
    'docs/planted.md -> api-old.md (no such file in the repository)',
    'docs/planted.md -> ../node_modules/ava/package.json (no such file in the repository)',
    'docs/planted.md -> api.md#rate-limits (anchors break silently; link the file)',
    'docs/planted.md -> /no-such-page (the running service does not answer this path)',
    'docs/planted.md -> /facility/nowhere-000000000 (the running service does not answer this path)',
  ]);
});

test('every link in README.md and docs/*.md resolves inside the repository or on the running service', async (t) => {
  const broken: string[] = [];
  let checked = 0;
  for (const path of documents) {
    const markdown = readFileSync(path, 'utf8');
    checked += linkTargets(markdown).filter((target) => !isExternal(target)).length;
    broken.push(...(await brokenLinks(relative(root, path).split(sep).join('/'), markdown, files, server)));
  }
  t.true(checked > 7, 'the README links every docs file');
  t.deepEqual(broken, []);
});

test('the README links every page of docs/', (t) => {
  const linked = new Set(linkTargets(readFileSync(join(root, 'README.md'), 'utf8')));
  const pages = readdirSync(docsDir).filter((name) => name.endsWith('.md'));
  t.deepEqual(
    pages.filter((name) => !linked.has(`docs/${name}`)),
    [],
  );
});
