// Per-IP budgets with the production numbers: 30/min on the check, 120/min on /api/v1/*, 240/min
// on all /api/*, each counted on its own; 429 with retry-after and no-store.
import test from 'ava';
import { RateLimiter } from '../../serve/http/rate-limit.ts';
import { DEFAULT_RATE_LIMITS, settingsFromEnv } from '../../serve/http/settings.ts';
import { call, postJson, startServer, type Reply } from '../helpers/server.ts';

function assertLimited(t: any, reply: Reply) {
  t.is(reply.status, 429);
  t.is(reply.headers.get('cache-control'), 'no-store');
  const retryAfter = Number(reply.headers.get('retry-after'));
  t.true(Number.isInteger(retryAfter) && retryAfter >= 1 && retryAfter <= 60, `retry-after ${reply.headers.get('retry-after')}`);
  t.deepEqual(Object.keys(reply.body), ['error']);
  t.regex(reply.body.error, /slow down/);
}

test('the production budgets are the defaults', (t) => {
  t.deepEqual(DEFAULT_RATE_LIMITS, { windowMs: 60_000, apiV1: 120, apiAll: 240, check: 30 });
  t.deepEqual(settingsFromEnv({}).rateLimits, DEFAULT_RATE_LIMITS);
});

test.serial('with the default budgets: the 31st check, the 121st /api/v1 call and the 241st /api call in a minute get 429', async (t) => {
  const server = await startServer({ rateLimits: DEFAULT_RATE_LIMITS, trustedProxyHops: 2 });
  t.teardown(() => server.close());
  const from = (ip: string) => ({ 'x-forwarded-for': `${ip}, 10.0.0.1` });
  const ip = '203.0.113.7';
  const checkCall = (who = ip) => postJson(`${server.url}/api/v1/check`, { homes: ['abc'] }, from(who));
  const get = (path: string, who = ip) => call(`${server.url}${path}`, { headers: from(who) });

  for (let i = 1; i <= 30; i += 1) t.is((await checkCall()).status, 200, `check ${i}`);
  assertLimited(t, await checkCall());

  // Another address has its own budgets; the refused check did not spend anyone else's.
  t.is((await checkCall('198.51.100.2')).status, 200);

  // 31 checks counted against /api/v1 too: 89 more GETs fit, the next is refused.
  for (let i = 1; i <= 89; i += 1) t.is((await get('/api/v1/guides')).status, 200, `get ${i}`);
  assertLimited(t, await get('/api/v1'));

  // 121 counted against all of /api: 119 more requests anywhere under /api fit (even to a path
  // that does not exist).
  for (let i = 1; i <= 119; i += 1) t.is((await get('/api/no-such-path')).status, 404, `api ${i}`);
  assertLimited(t, await get('/api/no-such-path'));

  // Outside /api nothing is limited.
  t.is((await get('/healthz')).status, 200);
  t.is((await get('/openapi.json')).status, 200);
});

test('without a trusted proxy, X-Forwarded-For cannot buy a fresh budget', async (t) => {
  const server = await startServer({ rateLimits: { ...DEFAULT_RATE_LIMITS, check: 2 } });
  t.teardown(() => server.close());
  const checkAs = (ip: string) => postJson(`${server.url}/api/v1/check`, { homes: ['abc'] }, { 'x-forwarded-for': ip });
  t.is((await checkAs('192.0.2.1')).status, 200);
  t.is((await checkAs('192.0.2.2')).status, 200);
  assertLimited(t, await checkAs('192.0.2.3'));
});

test('behind one proxy of ours, addresses the client wrote left of it cannot buy a fresh budget', async (t) => {
  const server = await startServer({ rateLimits: { ...DEFAULT_RATE_LIMITS, check: 2 }, trustedProxyHops: 1 });
  t.teardown(() => server.close());
  // Our proxy appends the address it was reached from (the last entry); the rest came with the request.
  const checkAs = (written: string, seenByProxy: string) =>
    postJson(`${server.url}/api/v1/check`, { homes: ['abc'] }, { 'x-forwarded-for': `${written}, ${seenByProxy}` });
  t.is((await checkAs('192.0.2.1', '203.0.113.50')).status, 200);
  t.is((await checkAs('192.0.2.2', '203.0.113.50')).status, 200);
  assertLimited(t, await checkAs('192.0.2.3', '203.0.113.50'));
  // Another client, as our proxy saw it, has its own budget.
  t.is((await checkAs('192.0.2.3', '203.0.113.51')).status, 200);
});

test('a window resets after a minute and retry-after counts down to it', async (t) => {
  const limiter = new RateLimiter(DEFAULT_RATE_LIMITS);
  const start = 1_000_000;
  for (let i = 0; i < 30; i += 1) t.true((await limiter.hit('a', 'post', '/api/v1/check', start)).allowed);
  const refused = await limiter.hit('a', 'post', '/api/v1/check', start + 15_000);
  t.false(refused.allowed);
  t.is(refused.retryAfterSeconds, 45);
  t.true((await limiter.hit('b', 'post', '/api/v1/check', start + 15_000)).allowed);
  t.true((await limiter.hit('a', 'post', '/api/v1/check', start + 60_000)).allowed);
  // A GET on the check path is not a check.
  for (let i = 0; i < 40; i += 1) t.true((await limiter.hit('c', 'get', '/api/v1/check', start)).allowed);
});

test('the 429 sentence names the budgets in force, not the defaults', async (t) => {
  const server = await startServer({ rateLimits: { windowMs: 30_000, apiV1: 7, apiAll: 9, check: 1 } });
  t.teardown(() => server.close());
  t.is((await postJson(`${server.url}/api/v1/check`, { homes: ['abc'] })).status, 200);
  const refused = await postJson(`${server.url}/api/v1/check`, { homes: ['abc'] });
  assertLimited(t, refused);
  t.regex(refused.body.error, /Budgets per IP: 7 per 30 seconds on \/api\/v1, 9 per 30 seconds on all \/api paths, 1 per 30 seconds on POST \/api\/v1\/check\./);
});
