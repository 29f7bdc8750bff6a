// The README and docs/ point at each other and at the code by relative links; a moved or renamed
// file must fail here rather than leave a newcomer with a dead link.
import test from 'ava';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const docsDir = join(root, 'docs');

const documents = [join(root, 'README.md'), ...readdirSync(docsDir).filter((name) => name.endsWith('.md')).map((name) => join(docsDir, name))];

/** Link targets outside code: inline `[text](target)` and reference definitions `[id]: target`. */
function linkTargets(markdown: string): string[] {
  const prose = markdown.replace(/^```[\s\S]*?^```/gm, '').replace(/`[^`\n]*`/g, '');
  const inline = [...prose.matchAll(/\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)].map((match) => match[1]!);
  const references = [...prose.matchAll(/^\s{0,3}\[[^\]]+\]:\s*<?(\S+?)>?(?:\s|$)/gm)].map((match) => match[1]!);
  return [...inline, ...references];
}

function isRelative(target: string): boolean {
  return !/^[a-z][a-z0-9+.-]*:/i.test(target) && !target.startsWith('//');
}

test('the link finder sees inline and reference links, not code', (t) => {
  t.deepEqual(linkTargets('See [a](docs/a.md) and [b][x].\n\n[x]: docs/b.md\n\n`[c](not.md)`\n```\n[d](no.md)\n```\n'), [
    'docs/a.md',
    'docs/b.md',
  ]);
});

test('README.md is short: set-up, commands, settings, layout and links (10,000 bytes at most)', (t) => {
  t.true(readFileSync(join(root, 'README.md')).length <= 10_000);
});

test('every relative link in README.md and docs/*.md names an existing file, without an anchor', (t) => {
  const broken: string[] = [];
  let checked = 0;
  for (const file of documents) {
    for (const target of linkTargets(readFileSync(file, 'utf8')).filter(isRelative)) {
      checked++;
      const where = `${file.slice(root.length + 1)} -> ${target}`;
      if (target.includes('#')) broken.push(`${where} (anchors break silently; link the file)`);
      else if (!existsSync(resolve(dirname(file), decodeURI(target)))) broken.push(`${where} (no such file)`);
    }
  }
  t.true(checked > 7, 'the README links every docs file');
  t.deepEqual(broken, []);
});
