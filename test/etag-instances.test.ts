// ETags from content, not from the process (issue 49): two instances, each `npm start`'s cluster
// with two workers, over copies of one snapshot file. Every worker of both gives one URL one tag;
// a conditional GET with one instance's tag gets 304 from the other; a page's tag follows the
// variant served (Markdown or not, Spanish or not), never the raw Accept or Accept-Language; and
// the code part of a tag is the release's (its files), never the start's.
import fs from 'node:fs';
import path from 'node:path';
import test from 'ava';
import { releaseFingerprint } from '../serve/http/etag.ts';
import { seedSnapshotFile, tempDir } from './helpers/snapshot.ts';
import { freePort, get, killCluster, start, type Running } from './cluster/helpers.ts';
import { BROWSER_ACCEPTS, ENGLISH_LANGUAGES } from './helpers/variants.ts';

const WORKERS = 2;
/** Requests per URL per instance: each on its own connection, so both workers answer some. */
const ROUNDS = 6;


const PATHS = ['/', '/es', '/care/dementia', '/api/v1', '/api/v1/facilities?limit=3', '/api/v1/guides', '/llms.txt'];

const instances: Running[] = [];
const bases: string[] = [];

/** A folder of its own holding a copy of the one seed snapshot, as a second machine would. */
async function ownCopy(): Promise<string> {
  const source = await seedSnapshotFile();
  const dir = tempDir('etag-instance');
  fs.copyFileSync(source, path.join(dir, path.basename(source)));
  return dir;
}

test.before(async () => {
  for (let i = 0; i < 2; i += 1) {
    const server = start({ SNAPSHOTS_DIR: await ownCopy(), PORT: String(await freePort()), WEB_CONCURRENCY: String(WORKERS) });
    instances.push(server);
  }
  for (const server of instances) {
    const serving = await server.waitFor((line) => line.msg === 'serving' && line.workers === WORKERS, 120_000);
    bases.push(serving.url as string);
  }
});

test.after.always(() => {
  for (const server of instances) killCluster(server);
});

/** Every tag one URL got from `ROUNDS` requests to each instance, with the worker that answered. */
async function tagsOf(pathAndQuery: string, headers: Record<string, string> = {}): Promise<Set<string>> {
  const tags = new Set<string>();
  for (const base of bases) {
    for (let i = 0; i < ROUNDS; i += 1) {
      const answer = await get(base + pathAndQuery, headers);
      if (answer.status !== 200) throw new Error(`${pathAndQuery}: ${answer.status} ${answer.body.slice(0, 200)}`);
      tags.add(String(answer.headers.etag));
    }
  }
  return tags;
}

test.serial('one URL, one tag, from every worker of both instances (with and without gzip)', async (t) => {
  for (const at of PATHS) {
    const plain = await tagsOf(at);
    t.is(plain.size, 1, `${at}: ${[...plain].join(' ')}`);
    t.regex([...plain][0]!, /^"[A-Za-z0-9_-]+"$/, at);
    const gzipped = await tagsOf(at, { 'accept-encoding': 'gzip' });
    t.is(gzipped.size, 1, `${at} gzip: ${[...gzipped].join(' ')}`);
  }
});

test.serial("a conditional GET with one instance's tag gets 304 from the other", async (t) => {
  const [a, b] = bases as [string, string];
  for (const at of PATHS) {
    for (const [from, to] of [
      [a, b],
      [b, a],
    ] as const) {
      const first = await get(from + at);
      const etag = String(first.headers.etag);
      for (let i = 0; i < 3; i += 1) {
        const again = await get(to + at, { 'if-none-match': etag });
        t.is(again.status, 304, `${at}: ${from} -> ${to}`);
        t.is(again.body, '', at);
        t.is(again.headers['cache-control'], first.headers['cache-control'], at);
      }
      // A shared cache fetches gzip and revalidates with the tag it stored (hapi's "-gzip" suffix).
      const zipped = await get(from + at, { 'accept-encoding': 'gzip' });
      t.is((await get(to + at, { 'accept-encoding': 'gzip', 'if-none-match': String(zipped.headers.etag) })).status, 304, `${at} gzip`);
    }
  }
});

test.serial('a page tag follows the variant served: four browser Accepts and two English languages, one tag', async (t) => {
  const page = '/care/dementia';
  const english = new Set<string>();
  for (const accept of BROWSER_ACCEPTS) {
    for (const language of ENGLISH_LANGUAGES) {
      for (const tag of await tagsOf(page, { accept, 'accept-language': language })) english.add(tag);
    }
  }
  t.is(english.size, 1, [...english].join(' '));
  t.true(english.has([...(await tagsOf(page))][0]!), 'no headers at all: the same English HTML');
  // Spanish preferred: the English page suggests its Spanish twin, another body and another tag.
  const spanish = await get(bases[0] + page, { accept: BROWSER_ACCEPTS[0]!, 'accept-language': 'es-MX,es;q=0.9,en;q=0.5' });
  t.not(String(spanish.headers.etag), [...english][0]);
  t.is((await tagsOf(page, { accept: BROWSER_ACCEPTS[1]!, 'accept-language': 'es' })).size, 1);
  t.true((await tagsOf(page, { 'accept-language': 'es' })).has(String(spanish.headers.etag)), 'two Spanish-preferring headers, one tag');
  // Markdown by Accept: another body, one tag whatever else Accept says.
  const markdown = new Set([...(await tagsOf(page, { accept: 'text/markdown' })), ...(await tagsOf(page, { accept: 'text/markdown, text/html;q=0.5', 'accept-language': 'es' }))]);
  t.is(markdown.size, 1);
  t.false(english.has([...markdown][0]!));
});

test('the code part of a tag is the release: the same files give the same fingerprint anywhere, any change a new one', (t) => {
  const here = releaseFingerprint();
  t.is(releaseFingerprint(), here, 'computed again: the same');
  // A copy of the release in another folder, at another time: the same fingerprint.
  const copy = tempDir('release-copy');
  for (const name of ['serve', 'contract']) fs.cpSync(path.join(import.meta.dirname, '..', name), path.join(copy, name), { recursive: true });
  for (const name of ['package.json', 'package-lock.json']) fs.copyFileSync(path.join(import.meta.dirname, '..', name), path.join(copy, name));
  t.is(releaseFingerprint(copy), here);
  // One changed source file: another release.
  const file = path.join(copy, 'serve/http/etag.ts');
  fs.appendFileSync(file, '\n// another release\n');
  const changed = releaseFingerprint(copy);
  t.not(changed, here);
  // Another version: another release.
  const manifest = JSON.parse(fs.readFileSync(path.join(copy, 'package.json'), 'utf8')) as { version: string };
  fs.writeFileSync(path.join(copy, 'package.json'), JSON.stringify({ ...manifest, version: '9.9.9' }));
  t.not(releaseFingerprint(copy), changed);
  t.regex(releaseFingerprint(copy), /^9\.9\.9\+/);
  // A card half rebuilt (written beside its name, then renamed) is not part of the release yet.
  const settled = releaseFingerprint(copy);
  fs.mkdirSync(path.join(copy, 'serve/mcp/cards/dist'), { recursive: true });
  fs.writeFileSync(path.join(copy, 'serve/mcp/cards/dist/map.html.tmp'), '<!doctype html>');
  t.is(releaseFingerprint(copy), settled);
});
