// Varnish in front of the real service (issue 49, "Done when"): Debian's varnishd with the shipped
// VCL before two instances started as `npm start` starts them (their own processes, over copies of
// one snapshot file, TRUST_PROXY=1 for the address Varnish appends). Repeated GETs of pages and
// REST lists are hits after the first; a page asked with four browser Accept strings and two
// English Accept-Language values is stored once, and Markdown and Spanish copies stay apart and
// right; POST /mcp and POST /api/v1/check always reach an instance and work; an error, a form and
// /healthz are never stored; one instance killed under a mixed load fails no request; with both
// killed, pages already stored are still served.
import fs from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import test from 'ava';
import { seedSnapshotFile, tempDir } from '../helpers/snapshot.ts';
import { freePort, get, killCluster, start, type Answer, type Running } from '../cluster/helpers.ts';
import { startVarnish, type Varnish } from '../helpers/varnish.ts';
import { BROWSER_ACCEPTS, ENGLISH_LANGUAGES } from '../helpers/variants.ts';

const ROOMY = '100000';

let a: Running;
let b: Running;
let direct: string;
let varnish: Varnish;
/** Site paths from the sitemap (pages), and one license number. */
let pages: string[];
let license: string;

async function ownCopy(): Promise<string> {
  const source = await seedSnapshotFile();
  const dir = tempDir('varnish-instance');
  fs.copyFileSync(source, path.join(dir, path.basename(source)));
  return dir;
}

async function instance(): Promise<{ server: Running; port: number }> {
  const port = await freePort();
  const server = start({
    SNAPSHOTS_DIR: await ownCopy(),
    PORT: String(port),
    WEB_CONCURRENCY: '1',
    TRUST_PROXY: '1',
    RATE_V1_PER_MIN: ROOMY,
    RATE_API_PER_MIN: ROOMY,
    RATE_CHECK_PER_MIN: ROOMY,
    RATE_MCP_PER_MIN: ROOMY,
  });
  return { server, port };
}

test.before(async () => {
  const first = await instance();
  const second = await instance();
  a = first.server;
  b = second.server;
  direct = (await a.waitFor((line) => line.msg === 'serving', 120_000)).url as string;
  await b.waitFor((line) => line.msg === 'serving', 120_000);
  varnish = await startVarnish([first.port, second.port]);
  const sitemap = (await get(`${direct}/sitemap.xml`)).body;
  pages = [...sitemap.matchAll(/<loc>https:\/\/care\.example(\/[^<]*)<\/loc>/g)].map((match) => match[1]!);
  license = JSON.parse((await get(`${direct}/api/v1/facilities?limit=1`)).body).data.facilities[0].license_number;
});

/** Ends an instance unless the test already killed it. */
function end(server: Running | undefined): void {
  if (server && server.child.exitCode === null && server.child.signalCode === null) killCluster(server);
}

test.after.always(async () => {
  await varnish?.stop();
  end(a);
  end(b);
});

const via = (at: string, headers: Record<string, string> = {}, body?: string) => get(varnish.url + at, headers, body, 20_000);
const listTools = (id: number) =>
  via('/mcp', { 'content-type': 'application/json', accept: 'application/json, text/event-stream' }, JSON.stringify({ jsonrpc: '2.0', id, method: 'tools/list' }));
const check = (homes: string[]) => via('/api/v1/check', { 'content-type': 'application/json' }, JSON.stringify({ homes }));

/** Pages and REST lists fetched once each through Varnish in the first test; the last test asks them again. */
const stored: { at: string; body: string }[] = [];

test.serial('repeated GETs of pages and REST lists are hits after the first, the same body and tag', async (t) => {
  const county = pages.find((at) => at.startsWith('/county/'));
  t.truthy(county, 'the sitemap lists county pages');
  const paths = ['/', '/es', county!, '/api/v1', '/api/v1/facilities', '/api/v1/facilities?limit=5', '/api/v1/guides'];
  const fetchesBefore = await varnish.counter('MAIN.backend_req');
  for (const at of paths) {
    const first = await via(at);
    t.is(first.status, 200, at);
    t.is(first.headers['x-cache'], 'MISS', at);
    // REST varies on nothing a page does; pages on Accept and (English ones) Accept-Language.
    if (at.startsWith('/api')) t.is(first.headers.vary ?? 'accept-encoding', 'accept-encoding', at);
    else t.regex(String(first.headers.vary), /^Accept\b/, at);
    for (let i = 0; i < 3; i += 1) {
      const again = await via(at);
      t.is(again.headers['x-cache'], 'HIT', at);
      t.is(again.body, first.body, at);
      t.is(again.headers.etag, first.headers.etag, at);
    }
    stored.push({ at, body: first.body });
  }
  t.is((await varnish.counter('MAIN.backend_req')) - fetchesBefore, paths.length, 'one fetch per address');
});

test.serial('a page asked with four browser Accepts and two English languages is stored once; Markdown and Spanish apart, each as the instance serves it', async (t) => {
  const page = pages.find((at) => at.startsWith('/facility/'))!;
  t.truthy(page);
  const before = await varnish.objects();
  const bodies = new Set<string>();
  for (const accept of BROWSER_ACCEPTS) {
    for (const language of ENGLISH_LANGUAGES) {
      const answer = await via(page, { accept, 'accept-language': language });
      t.is(answer.status, 200);
      t.is(answer.headers.vary, 'Accept,Accept-Language,accept-encoding', 'clients see what the instance varies on');
      bodies.add(answer.body);
    }
  }
  t.is((await varnish.objects()) - before, 1, 'eight asks, one stored copy (at most two allowed)');
  t.is(bodies.size, 1);
  const english = await get(direct + page, { accept: BROWSER_ACCEPTS[0]!, 'accept-language': 'en' });
  t.is([...bodies][0], english.body, 'the English HTML page, as the instance serves it');

  const markdown = await via(page, { accept: 'text/markdown' });
  t.regex(String(markdown.headers['content-type']), /^text\/markdown/);
  t.is(markdown.body, (await get(direct + page, { accept: 'text/markdown' })).body);
  const spanish = await via(page, { accept: BROWSER_ACCEPTS[1]!, 'accept-language': 'es-MX,es;q=0.9,en;q=0.5' });
  const spanishDirect = await get(direct + page, { accept: BROWSER_ACCEPTS[1]!, 'accept-language': 'es-MX,es;q=0.9,en;q=0.5' });
  t.is(spanish.body, spanishDirect.body, 'the English page suggesting the Spanish one');
  t.not(spanish.body, english.body);
  t.is((await via(page, { accept: BROWSER_ACCEPTS[2]!, 'accept-language': 'es' })).headers['x-cache'], 'HIT', 'another Spanish-preferring ask: the same copy');
  t.is((await varnish.objects()) - before, 3);
  // A program asking a page that does not exist still gets the JSON error; a browser the error page.
  const missing = `${page}0`;
  t.regex(String((await via(missing, { accept: 'application/json' })).headers['content-type']), /^application\/json/);
  t.regex(String((await via(missing, { accept: BROWSER_ACCEPTS[0]! })).headers['content-type']), /^text\/html/);
});

test.serial('POST /mcp and POST /api/v1/check always reach an instance and work', async (t) => {
  const passesBefore = await varnish.counter('MAIN.s_pass');
  for (let i = 1; i <= 4; i += 1) {
    const tools = await listTools(i);
    t.is(tools.status, 200, tools.body.slice(0, 200));
    t.not(tools.headers['x-cache'], 'HIT');
    const message = tools.body.includes('data:') ? JSON.parse(tools.body.split('data:')[1]!.split('\n')[0]!) : JSON.parse(tools.body);
    t.is(message.id, i, 'each call its own answer');
    t.true(message.result.tools.length > 0);
  }
  const known = await check([license]);
  t.is(known.status, 200);
  t.is(known.headers['cache-control'], 'no-store');
  t.true(known.body.includes(license));
  const unknown = await check(['000000001']);
  t.is(unknown.status, 200);
  t.false(unknown.body.includes(license), 'the same address, another body: answered afresh');
  t.is((await varnish.counter('MAIN.s_pass')) - passesBefore, 6);
});

test.serial('errors, forms and health are never served from the cache', async (t) => {
  for (const at of [`/api/v1/facilities/000000001`, '/corrections', '/healthz', '/readyz']) {
    for (let i = 0; i < 3; i += 1) t.not((await via(at)).headers['x-cache'], 'HIT', at);
  }
  t.is((await via('/readyz')).status, 200);
  t.is((await via('/corrections')).headers['x-cache'], 'PASS', 'the form is remembered as never stored');
});

/** A request of the mixed load: stored pages and lists, lists not yet stored, MCP, the check. */
function mixed(i: number): Promise<Answer> {
  switch (i % 5) {
    case 0:
      return via(stored[i % stored.length]!.at);
    case 1:
      return via(`/api/v1/facilities?limit=${(i % 40) + 1}&offset=${i % 7}`);
    case 2:
      return listTools(i);
    case 3:
      return check([license]);
    default:
      return via(pages[i % pages.length]!);
  }
}

test.serial('killing one of two instances under a mixed load through Varnish fails no request', async (t) => {
  const outcomes: { status: number | null; error: string | null }[] = [];
  const until = Date.now() + 9_000;
  const loop = async (offset: number) => {
    for (let i = offset; Date.now() < until; i += 4) {
      try {
        const answer = await mixed(i);
        outcomes.push({ status: answer.status, error: null });
      } catch (error) {
        outcomes.push({ status: null, error: (error as Error).message });
      }
    }
  };
  const kill = async () => {
    await sleep(3_000);
    killCluster(b);
  };
  await Promise.all([loop(0), loop(1), loop(2), loop(3), kill()]);
  const failed = outcomes.filter((outcome) => outcome.status !== 200);
  t.true(outcomes.length > 40, `a load, not a trickle: ${outcomes.length}`);
  t.deepEqual(failed, [], `${failed.length} of ${outcomes.length} failed`);
  await varnish.waitForBackends(1, 'sick');
});

test.serial('with both instances down, pages and lists already stored are still served', async (t) => {
  killCluster(a);
  await a.exited;
  for (const { at, body } of stored) {
    const answer = await via(at);
    t.is(answer.status, 200, at);
    t.is(answer.body, body, at);
  }
  await varnish.waitForBackends(2, 'sick');
  for (const { at, body } of stored) t.is((await via(at)).body, body, `${at}, both out of rotation`);
  const never = await via('/api/v1/facilities?limit=49&never=stored');
  t.is(never.status, 503);
  t.is(never.headers['cache-control'], 'no-store');
});
