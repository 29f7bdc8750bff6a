// The site's /api/facilities/* endpoints fall under the all-/api budget (240 a minute per IP),
// shared with /api/v1, and not under the /api/v1 budget. Proven once with the production budgets.
import test from 'ava';
import { RateLimiter } from '../../serve/http/rate-limit.ts';
import { DEFAULT_RATE_LIMITS } from '../../serve/http/settings.ts';
import { call, startServer, type Reply } from '../helpers/server.ts';

function assertLimited(t: any, reply: Reply) {
  t.is(reply.status, 429);
  t.is(reply.headers.get('cache-control'), 'no-store');
  const retryAfter = Number(reply.headers.get('retry-after'));
  t.true(Number.isInteger(retryAfter) && retryAfter >= 1 && retryAfter <= 60, `retry-after ${reply.headers.get('retry-after')}`);
  t.deepEqual(Object.keys(reply.body), ['error']);
  t.regex(reply.body.error, /slow down/);
}

test('the site endpoints count against the all-/api budget only', async (t) => {
  const limiter = new RateLimiter({ ...DEFAULT_RATE_LIMITS, apiAll: 3, apiV1: 1 });
  for (const path of ['/api/facilities/suggest', '/api/facilities/in-bounds', '/api/facilities/all-points']) {
    t.true((await limiter.hit('a', 'get', path)).allowed, path);
  }
  t.false((await limiter.hit('a', 'get', '/api/facilities/123456789')).allowed);
  t.true(RateLimiter.covers('/api/facilities/suggest'));
  t.false(RateLimiter.covers('/docs/api'));
});

test.serial('with the default budgets: 120 v1 calls and 120 site calls fit in a minute, the 241st /api request gets 429', async (t) => {
  const server = await startServer({ rateLimits: DEFAULT_RATE_LIMITS, trustedProxyHops: 2 });
  t.teardown(() => server.close());
  const from = (ip: string) => ({ 'x-forwarded-for': `${ip}, 10.0.0.1` });
  const ip = '203.0.113.9';
  const get = (path: string, who = ip) => call(`${server.url}${path}`, { headers: from(who) });

  for (let i = 1; i <= 120; i += 1) t.is((await get('/api/v1/guides')).status, 200, `v1 ${i}`);
  // The /api/v1 budget is spent, yet the site endpoints still have their share of the 240.
  assertLimited(t, await get('/api/v1'));
  // That refused call counted too: 119 site calls fit.
  const paths = ['/api/facilities/suggest?q=oak', '/api/facilities/all-points', '/api/facilities/in-bounds?south=37&west=-123&north=38&east=-121'];
  for (let i = 1; i <= 119; i += 1) t.is((await get(paths[i % paths.length]!)).status, 200, `site ${i}`);
  assertLimited(t, await get('/api/facilities/suggest?q=oak'));
  assertLimited(t, await get('/api/facilities/all-points'));

  // Another address has its own budget; pages are not limited.
  t.is((await get('/api/facilities/suggest?q=oak', '198.51.100.3')).status, 200);
  for (const page of ['/', '/docs/api', '/docs/mcp', '/terms']) t.is((await get(page)).status, 200, page);
});
