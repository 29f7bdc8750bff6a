// /mcp: 60 requests a minute per caller, counted apart from the /api budgets; over budget an HTTP
// 429 with retry-after and a JSON-RPC error body (and CORS, so a browser client can read it).
import test from 'ava';
import { DEFAULT_RATE_LIMITS, MCP_RATE_LIMIT, settingsFromEnv } from '../../serve/http/settings.ts';
import { call } from '../helpers/server.ts';
import { rpc, startMcpServer } from './helpers.ts';

test('the MCP budget is 60 a minute by default', (t) => {
  t.is(MCP_RATE_LIMIT, 60);
  t.like(settingsFromEnv({}).mcp, { rateLimit: 60, windowMs: 60_000 });
});

test('with the default budget the 61st call in a minute gets 429, retry-after and a JSON-RPC error; other callers and /api are apart', async (t) => {
  const server = await startMcpServer({
    mcp: { rateLimit: MCP_RATE_LIMIT },
    settings: { trustedProxyHops: 1, rateLimits: { ...DEFAULT_RATE_LIMITS, apiV1: 2, apiAll: 2 } },
  });
  t.teardown(() => server.close());
  const from = (ip: string) => ({ 'x-forwarded-for': ip });
  const list = (ip: string) => rpc(server.mcpUrl, { jsonrpc: '2.0', id: 1, method: 'tools/list' }, from(ip));

  // The /api budgets are spent first: they do not touch the MCP budget.
  await call(`${server.url}/api/v1/guides`, { headers: from('203.0.113.9') });
  await call(`${server.url}/api/v1/guides`, { headers: from('203.0.113.9') });
  t.is((await call(`${server.url}/api/v1/guides`, { headers: from('203.0.113.9') })).status, 429);

  // A preflight is not counted.
  for (let i = 0; i < 5; i += 1) await fetch(server.mcpUrl, { method: 'OPTIONS', headers: from('203.0.113.9') });
  for (let i = 1; i <= 60; i += 1) t.is((await list('203.0.113.9')).status, 200, `call ${i}`);
  const refused = await list('203.0.113.9');
  t.is(refused.status, 429);
  const retryAfter = Number(refused.headers.get('retry-after'));
  t.true(Number.isInteger(retryAfter) && retryAfter >= 1 && retryAfter <= 60);
  t.is(refused.headers.get('access-control-allow-origin'), '*');
  t.is(refused.body.jsonrpc, '2.0');
  t.is(refused.body.id, null);
  t.is(refused.body.error.code, -32000);
  t.regex(refused.body.error.message, /slow down/);
  t.is(refused.body.error.data.retry_after_seconds, retryAfter);

  // Another caller has its own budget; GET counts too and is refused the same way.
  t.is((await list('198.51.100.4')).status, 200);
  t.is((await fetch(server.mcpUrl, { headers: from('203.0.113.9') })).status, 429);
});
