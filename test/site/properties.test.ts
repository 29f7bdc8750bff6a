// Property-based: random query strings and path segments at the site's endpoints. Whatever
// arrives, the answer is never a 500: a 200 with JSON, or an error {"error": string} with no-store.
import test from 'ava';
import fc from 'fast-check';
import { assertJsonAnswer, call, startServer, type TestServer } from '../helpers/server.ts';

let server: TestServer;
test.before(async () => {
  server = await startServer();
});
test.after.always(async () => {
  await server?.close();
});

const RUNS = { numRuns: 150 };

const assertSound = assertJsonAnswer;

const text = fc.oneof(
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc.string({ unit: 'grapheme-ascii', maxLength: 120 }),
  fc.double().map(String),
  fc.integer({ min: -200, max: 200 }).map(String),
  fc.tuple(fc.double({ min: -100, max: 100 }), fc.double({ min: -200, max: 200 })).map(([a, b]) => `${a},${b}`),
  fc.constantFrom('', ' ', '0', '-0', '1e309', 'NaN', 'Infinity', 'dementia,wheelchair', 'sac', 'oak', '011440289', '#1234', '[]', '{}', '%'),
);
const key = fc.oneof(
  fc.constantFrom('q', 'limit', 'south', 'west', 'north', 'east', 'near', 'needs', 'sort', 'order', 'rank', '__proto__', 'constructor'),
  fc.string({ unit: 'grapheme', maxLength: 10 }),
);
const queryString = fc
  .tuple(fc.array(fc.tuple(key, text), { maxLength: 8 }), fc.constantFrom('', '&', '%zz', '%E0%A4%A', '=', '&=x', '%00', '+'))
  .map(([pairs, tail]) => pairs.map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`).join('&') + tail);

for (const path of ['/api/facilities/suggest', '/api/facilities/in-bounds', '/api/facilities/all-points']) {
  test(`random query strings on ${path} never cause a 500`, async (t) => {
    await fc.assert(
      fc.asyncProperty(queryString, async (query) => {
        assertSound(await call(`${server.url}${path}?${query}`), [200, 400]);
      }),
      RUNS,
    );
    t.pass();
  });
}

test('random boxes that pass validation return homes inside them, alphabetical or by distance', async (t) => {
  const lat = fc.double({ min: 32, max: 42.5, noNaN: true });
  const lon = fc.double({ min: -125, max: -114, noNaN: true });
  await fc.assert(
    fc.asyncProperty(lat, lat, lon, lon, fc.option(fc.tuple(lat, lon)), async (a, b, c, d, near) => {
      const [south, north] = a <= b ? [a, b] : [b, a];
      const [west, east] = c <= d ? [c, d] : [d, c];
      const reply = await call(
        `${server.url}/api/facilities/in-bounds?south=${south}&west=${west}&north=${north}&east=${east}&limit=200${near ? `&near=${near[0]},${near[1]}` : ''}`,
      );
      assertSound(reply, [200]);
      for (const home of reply.body.homes) {
        if (home.latitude < south || home.latitude > north || home.longitude < west || home.longitude > east) throw new Error('a home outside the box');
      }
      if (near) {
        const miles = reply.body.homes.map((h: any) => h.distance_miles);
        if (miles.some((m: number, i: number) => i > 0 && m < miles[i - 1])) throw new Error('not nearest first');
      }
    }),
    { numRuns: 60 },
  );
  t.pass();
});

test('random license path segments never cause a 500', async (t) => {
  const segment = fc.oneof(fc.string({ unit: 'grapheme', maxLength: 30 }), fc.bigInt({ min: 0n, max: 10n ** 12n }).map(String));
  await fc.assert(
    fc.asyncProperty(segment, queryString, async (license, query) => {
      const encoded = encodeURIComponent(license);
      if (!encoded || ['suggest', 'in-bounds', 'all-points', '.', '..'].includes(license)) return;
      assertSound(await call(`${server.url}/api/facilities/${encoded}?${query}`), [200, 400, 404]);
    }),
    RUNS,
  );
  t.pass();
});

test('random searches on the home page never cause a 500', async (t) => {
  await fc.assert(
    fc.asyncProperty(text, async (q) => {
      const reply = await call(`${server.url}/?q=${encodeURIComponent(q)}`);
      if (reply.status !== 200) throw new Error(`status ${reply.status} for q=${JSON.stringify(q)}`);
    }),
    { numRuns: 80 },
  );
  t.pass();
});
