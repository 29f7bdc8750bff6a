// Property-based: random page paths, query strings, plan tokens and form bodies. Whatever
// arrives, a page never answers 500, never dumps an error, and every error on a page path is an
// HTML (or Markdown) page with no-store, while /api paths keep their JSON errors.
import test from 'ava';
import fc from 'fast-check';
import { examples } from '../helpers/examples.ts';
import { call, type Reply } from '../helpers/server.ts';
import { BROWSER_ACCEPT, pageServer, type PageServer } from './helpers.ts';

let pages: PageServer;
let license = '';
let slug = '';
let token = '';
test.before(async () => {
  pages = await pageServer({ rateLimits: { windowMs: 60_000, apiV1: 1e9, apiAll: 1e9, check: 1e9 } });
  const ex = await examples();
  const row = ex.one<{ license_number: string; name_slug: string }>('a listed home', 'SELECT license_number, name_slug FROM facilities WHERE listed = 1');
  license = row.license_number;
  slug = row.name_slug;
  token = pages.server.app.services.handoff.sign({ licenses: [license], needs: ['dementia'], timing: null, client: 'prop' }).token;
});
test.after.always(async () => {
  await pages?.close();
});

/** `document`: the client asked for a page (a browser or Markdown reader); else an error may be JSON. */
function assertPage(reply: Reply, allowed: number[], what: string, document = true): void {
  if (!allowed.includes(reply.status)) throw new Error(`${what}: status ${reply.status}: ${reply.text.slice(0, 300)}`);
  const type = reply.headers.get('content-type') ?? '';
  if (reply.status >= 400) {
    if (reply.headers.get('cache-control') !== 'no-store') throw new Error(`${what}: error without no-store`);
    const json = /^application\/json/.test(type) && reply.body && Object.keys(reply.body).join() === 'error';
    if (!/^text\/(html|markdown); charset=utf-8$/.test(type) && !(json && !document)) throw new Error(`${what}: error page is ${type}`);
    if (/\bat [\w.<>]+ \(|Error: |node_modules/.test(reply.text)) throw new Error(`${what}: an error dump: ${reply.text.slice(0, 300)}`);
  } else if (reply.status === 200 && !/^text\/(html|markdown); charset=utf-8$/.test(type)) {
    throw new Error(`${what}: a 200 page of type ${type}`);
  }
}

const segment = fc.oneof(
  fc.string({ unit: 'grapheme', maxLength: 30 }),
  fc.string({ unit: 'grapheme-ascii', maxLength: 300 }),
  fc.constantFrom('', '.md', 'alameda', 'los-angeles', 'dementia', 'wheelchair', '000000000', '..', '%', '%2e%2e', 'a.md.md', '-', '--1', '__proto__'),
  fc.bigInt().map(String),
);
const prefix = fc.constantFrom('/facility/', '/county/', '/county/alameda/', '/care/', '/near-hospital/', '/licensee/', '/guides/', '/waiver', '/county', '/care', '/guides', '/corrections', '/plan', '/nothing/');
const text = fc.oneof(fc.string({ unit: 'grapheme', maxLength: 40 }), fc.string({ unit: 'grapheme-ascii', maxLength: 200 }), fc.constantFrom('', '1', '2', '0', '-1', 'abc', '1e3', 'alameda', 'ALAMEDA', 'dementia'));
const key = fc.oneof(fc.constantFrom('page', 'county', 'license', 'field', 'h', 'home', 'utm_source', '__proto__', 'constructor'), fc.string({ maxLength: 10 }));
const queryString = fc
  .tuple(fc.array(fc.tuple(key, text), { maxLength: 6 }), fc.constantFrom('', '&', '%', '%zz', '=', '&=x', '#frag', '+'))
  .map(([pairs, tail]) => pairs.map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`).join('&') + tail);

test('random page paths and query strings never cause a 500 or an error dump', async (t) => {
  await fc.assert(
    fc.asyncProperty(prefix, segment, fc.boolean(), queryString, async (start, seg, md, query) => {
      const path = `${start}${encodeURIComponent(seg)}${md ? '.md' : ''}`;
      const reply = await call(`${pages.server.url}${path}?${query}`, { redirect: 'manual', headers: { accept: BROWSER_ACCEPT } });
      assertPage(reply, [200, 301, 400, 404], `${path}?${query}`);
    }),
    { numRuns: 400 },
  );
  t.pass();
});

test('random query strings on every known page never cause a 500', async (t) => {
  const known = [`/facility/${slug}-${license}`, `/facility/${slug}-${license}.md`, '/county', '/county/alameda', '/county/alameda.md', '/care/dementia', '/care/hospice.md', '/waiver', '/waiver.md', '/near-hospital', `/licensee/x`, '/guides', '/guides/care-approvals', '/corrections', '/plan'];
  await fc.assert(
    fc.asyncProperty(fc.constantFrom(...known), queryString, fc.constantFrom(undefined, 'text/markdown', 'text/html', '*/*', 'text/markdown;q=0', ''), async (path, query, accept) => {
      const reply = await call(`${pages.server.url}${path}?${query}`, { redirect: 'manual', headers: accept === undefined ? {} : { accept } });
      const document = path.endsWith('.md') || /text\/(html|markdown)/.test(accept ?? '');
      assertPage(reply, [200, 301, 400, 404], `${path}?${query}`, document);
    }),
    { numRuns: 300 },
  );
  t.pass();
});

test('random and mutated plan tokens open a plan or a clear 400 page, nothing else', async (t) => {
  const mutated = fc.tuple(fc.nat(token.length - 1), fc.string({ unit: 'grapheme-ascii', minLength: 1, maxLength: 3 })).map(([at, insert]) => token.slice(0, at) + insert + token.slice(at + 1));
  const tokens = fc.oneof(
    mutated,
    fc.string({ unit: 'grapheme', maxLength: 100 }),
    fc.string({ unit: 'grapheme-ascii', maxLength: 5000 }),
    fc.tuple(fc.base64String({ maxLength: 200 }), fc.base64String({ maxLength: 60 })).map(([a, b]) => `${a.replace(/=/g, '')}.${b.replace(/=/g, '')}`),
    fc.constant(token),
  );
  await fc.assert(
    fc.asyncProperty(tokens, queryString, async (h, query) => {
      const reply = await call(`${pages.server.url}/plan?h=${encodeURIComponent(h)}&${query}`, { headers: { accept: BROWSER_ACCEPT } });
      assertPage(reply, [200, 400], `plan ${h.slice(0, 40)}`);
      if (reply.status === 200 && h !== token && !reply.text.includes(license)) throw new Error('a 200 without the plan');
    }),
    { numRuns: 300 },
  );
  t.pass();
});

test('random form bodies to /plan and /corrections never cause a 500', async (t) => {
  const field = fc.constantFrom('h', 'home', 'consent', 'family_name', 'family_phone', 'license', 'field', 'what_is_wrong', 'should_say', 'source_url', '__proto__');
  const value = fc.oneof(text, fc.constant(token), fc.constant(license), fc.string({ unit: 'grapheme-ascii', maxLength: 3000 }));
  const bodies = fc.array(fc.tuple(field, value), { maxLength: 10 }).map((pairs) => pairs.map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`).join('&'));
  const types = fc.constantFrom('application/x-www-form-urlencoded', 'application/json', 'text/plain', 'multipart/form-data; boundary=x');
  await fc.assert(
    fc.asyncProperty(fc.constantFrom('/plan', '/corrections'), bodies, types, async (path, body, type) => {
      const reply = await call(`${pages.server.url}${path}`, { method: 'POST', headers: { 'content-type': type, accept: BROWSER_ACCEPT }, body });
      assertPage(reply, [200, 400, 403, 409, 415, 429], `${path} ${body.slice(0, 80)}`);
    }),
    { numRuns: 250 },
  );
  t.pass();
});

test('unknown pages get a friendly HTML 404; /api paths keep their JSON 404', async (t) => {
  const page = await call(`${pages.server.url}/no/such/page`, { headers: { accept: BROWSER_ACCEPT } });
  assertPage(page, [404], 'page');
  t.regex(page.text, /<h1>There is no page here<\/h1>/);
  t.is(page.headers.get('content-type'), 'text/html; charset=utf-8');
  const md = await call(`${pages.server.url}/no/such/page.md`, { headers: { accept: "text/markdown" } });
  t.is(md.status, 404);
  t.is(md.headers.get('content-type'), 'text/markdown; charset=utf-8');
  // A program asking for anything at an unknown path outside the pages gets the JSON error.
  const program = await call(`${pages.server.url}/no/such/page`);
  t.is(program.status, 404);
  t.deepEqual(Object.keys(program.body), ['error']);
  // Under a page path too: a page for a browser or a Markdown reader, JSON for a program.
  t.regex((await call(`${pages.server.url}/county/no-such-county`, { headers: { accept: BROWSER_ACCEPT } })).headers.get('content-type') ?? '', /text\/html/);
  t.regex((await call(`${pages.server.url}/county/no-such-county.md`)).headers.get('content-type') ?? '', /text\/markdown/);
  const json = await call(`${pages.server.url}/county/no-such-county`);
  t.is(json.status, 404);
  t.regex(json.body.error, /No county with licensed homes has this address/);
  const api = await call(`${pages.server.url}/api/v1/nothing-here`, { headers: { accept: BROWSER_ACCEPT } });
  t.is(api.status, 404);
  t.deepEqual(Object.keys(api.body), ['error']);
  t.regex(api.headers.get('content-type') ?? '', /application\/json/);
  const wrongMethod = await call(`${pages.server.url}/county`, { method: 'DELETE', headers: { accept: BROWSER_ACCEPT } });
  t.is(wrongMethod.status, 404);
  t.regex(wrongMethod.headers.get('content-type') ?? '', /text\/html/);
  const programMethod = await call(`${pages.server.url}/`, { method: 'PATCH', body: '{}' });
  t.is(programMethod.status, 404);
  t.deepEqual(Object.keys(programMethod.body), ['error']);
});
