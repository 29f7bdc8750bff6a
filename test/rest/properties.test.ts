// Property-based: random query strings, paths, headers and bodies at every route. Whatever
// arrives, the answer is never a 500 and never a crash, and every error is {"error": string}
// with no-store.
import test from 'ava';
import fc from 'fast-check';
import { examples } from '../helpers/examples.ts';
import { assertJsonAnswer, call, startServer, type TestServer } from '../helpers/server.ts';

let server: TestServer;
test.before(async () => {
  server = await startServer();
});
test.after.always(async () => {
  await server?.close();
});

const RUNS = { numRuns: 120 };

const assertSound = assertJsonAnswer;

// Strings people and programs send: any Unicode text, numbers of every size, keys we know.
const text = fc.oneof(
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc.string({ unit: 'grapheme-ascii', maxLength: 300 }),
  fc.bigInt().map(String),
  fc.double().map(String),
  fc.constantFrom('', ' ', '0', '-1', '1e309', 'NaN', 'dementia,wheelchair', 'DEMENTIA', 'Los Angeles', 'null', '[]', '{}'),
);
const key = fc.oneof(
  fc.constantFrom('county', 'city', 'needs', 'limit', 'offset', 'sort', 'order', 'rank', 'Sort', '__proto__', 'constructor'),
  fc.string({ unit: 'grapheme', maxLength: 12 }),
);
const rawTail = fc.constantFrom('', '&', '&&', '%', '%zz', '%E0%A4%A', '=', '==', '&=x', '%00', '+', '#frag');
const queryString = fc
  .tuple(fc.array(fc.tuple(key, text), { maxLength: 8 }), rawTail)
  .map(([pairs, tail]) => pairs.map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`).join('&') + tail);

test('random query strings on every GET route never cause a 500', async (t) => {
  const ex = await examples();
  const license = ex.one<{ license_number: string }>('a license', 'SELECT license_number FROM facilities').license_number;
  const paths = ['/api/v1', '/api/v1/facilities', `/api/v1/facilities/${license}`, `/api/v1/facilities/${license}/reports`, '/api/v1/guides', '/openapi.json', '/healthz'];
  await fc.assert(
    fc.asyncProperty(fc.constantFrom(...paths), queryString, async (path, query) => {
      assertSound(await call(`${server.url}${path}?${query}`), [200, 400]);
    }),
    { numRuns: 400 },
  );
  t.pass();
});

test('random license paths never cause a 500', async (t) => {
  await fc.assert(
    fc.asyncProperty(
      fc.oneof(fc.string({ unit: 'grapheme', maxLength: 60 }), fc.bigInt().map(String), fc.string({ unit: 'grapheme-ascii', maxLength: 2000 })),
      fc.constantFrom('', '/reports', '/reports/', '/', '/x'),
      async (license, suffix) => {
        const reply = await call(`${server.url}/api/v1/facilities/${encodeURIComponent(license)}${suffix}`);
        assertSound(reply, [200, 400, 404]);
      },
    ),
    RUNS,
  );
  t.pass();
});

const jsonBody = fc.oneof(
  fc.jsonValue(),
  fc.record(
    {
      homes: fc.oneof(
        fc.array(fc.oneof(text, fc.string({ unit: 'grapheme', minLength: 3, maxLength: 60 })), { maxLength: 120 }),
        fc.array(fc.jsonValue(), { maxLength: 5 }),
        fc.jsonValue(),
      ),
      detail: fc.oneof(fc.boolean(), fc.jsonValue()),
      sort: fc.jsonValue(),
      extra: fc.jsonValue(),
    },
    { requiredKeys: [] },
  ),
);

test('random JSON bodies to the check never cause a 500; accepted ones keep the result rules', async (t) => {
  await fc.assert(
    fc.asyncProperty(jsonBody, fc.option(fc.string({ unit: 'grapheme-ascii', maxLength: 80 })), async (body, clientName) => {
      const headers: Record<string, string> = { 'content-type': 'application/json' };
      if (clientName !== null) headers['x-client-name'] = clientName;
      const reply = await call(`${server.url}/api/v1/check`, { method: 'POST', headers, body: JSON.stringify(body) });
      assertSound(reply, [200, 400, 413]);
      if (reply.status === 200) {
        const homes = (body as { homes: string[] }).homes;
        const distinct = new Set(homes.map((home) => home.trim().replace(/\s+/g, ' ').toLowerCase()));
        const { results, counts } = reply.body.data;
        if (results.length !== distinct.size) throw new Error('one result per distinct input');
        if (counts.given !== homes.length || counts.duplicates_merged !== homes.length - distinct.size) throw new Error('counts');
        if (counts.matched + counts.ambiguous + counts.not_found !== results.length) throw new Error('counts add up');
        for (const result of results) {
          if (result.candidates.length > 5) throw new Error('too many candidates');
          if ((result.status === 'matched') !== (result.home !== null)) throw new Error('home only when matched');
          if (result.status !== 'ambiguous' && result.candidates.length > 0) throw new Error('candidates only when ambiguous');
        }
      }
    }),
    RUNS,
  );
  t.pass();
});

test('random non-JSON bodies and content types to the check never cause a 500', async (t) => {
  await fc.assert(
    fc.asyncProperty(
      fc.oneof(fc.uint8Array({ maxLength: 2048 }), fc.string({ unit: 'grapheme', maxLength: 500 }).map((s) => new TextEncoder().encode(s))),
      fc.constantFrom('application/json', 'text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', 'application/octet-stream', 'application/json; charset=latin1', ''),
      async (bytes, contentType) => {
        const headers: Record<string, string> = contentType ? { 'content-type': contentType } : {};
        const reply = await call(`${server.url}/api/v1/check`, { method: 'POST', headers, body: bytes });
        assertSound(reply, [200, 400, 413]);
      },
    ),
    RUNS,
  );
  t.pass();
});

test('random methods and paths under /api never cause a 500', async (t) => {
  await fc.assert(
    fc.asyncProperty(
      fc.constantFrom('GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'),
      fc.array(fc.oneof(fc.constantFrom('api', 'v1', 'facilities', 'check', 'guides', 'reports', '..', '.', ''), fc.string({ unit: 'grapheme', maxLength: 10 })), { maxLength: 5 }),
      async (method, segments) => {
        const path = `/api/${segments.map(encodeURIComponent).join('/')}`;
        const reply = await call(`${server.url}${path}`, { method, ...(method === 'POST' || method === 'PUT' ? { body: '{}' } : {}) });
        if (reply.status >= 500) throw new Error(`${method} ${path}: ${reply.status} ${reply.text}`);
        if (reply.status >= 400) assertSound(reply, [reply.status]);
      },
    ),
    RUNS,
  );
  t.is((await call(`${server.url}/healthz`)).status, 200, 'still serving after all of it');
});
