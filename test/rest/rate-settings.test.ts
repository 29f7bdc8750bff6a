// Rate budgets are settings (RATE_V1_PER_MIN, RATE_API_PER_MIN, RATE_CHECK_PER_MIN,
// RATE_MCP_PER_MIN) with the spec's values as defaults, and the 429 sentences name the budgets
// this server was configured with, never the defaults written in.
import test from 'ava';
import { settingsFromEnv } from '../../serve/http/settings.ts';
import { call, postJson, startServer } from '../helpers/server.ts';
import { rpc, startMcpServer } from '../mcp/helpers.ts';

const ENV = { RATE_V1_PER_MIN: '7', RATE_API_PER_MIN: '9', RATE_CHECK_PER_MIN: '2', RATE_MCP_PER_MIN: '3' };

test('each budget is read from its setting; the spec values are the defaults; bad values are refused by name', (t) => {
  const defaults = settingsFromEnv({});
  t.like(defaults.rateLimits, { apiV1: 120, apiAll: 240, check: 30, windowMs: 60_000 });
  t.is(defaults.mcp.rateLimit, 60);
  const set = settingsFromEnv(ENV);
  t.like(set.rateLimits, { apiV1: 7, apiAll: 9, check: 2, windowMs: 60_000 });
  t.is(set.mcp.rateLimit, 3);
  for (const name of Object.keys(ENV)) {
    for (const bad of ['0', '-5', '1.5', 'many']) {
      t.throws(() => settingsFromEnv({ [name]: bad }), { message: new RegExp(`^${name} must be an integer between 1 and`) });
    }
  }
});

test('TRUST_PROXY: false or 0 is none, true is one proxy of ours, a number is that many; anything else is refused by name', (t) => {
  t.is(settingsFromEnv({}).trustedProxyHops, 0);
  for (const [raw, hops] of [['false', 0], ['0', 0], ['off', 0], ['true', 1], ['yes', 1], ['1', 1], ['2', 2], ['10', 10]] as const) {
    t.is(settingsFromEnv({ TRUST_PROXY: raw }).trustedProxyHops, hops, raw);
  }
  for (const bad of ['11', '-1', '1.5', 'maybe']) {
    t.throws(() => settingsFromEnv({ TRUST_PROXY: bad }), { message: /^TRUST_PROXY must be false, true or the number of your proxies in front \(1 to 10\)/ });
  }
});

test('the /api 429 names the configured budgets', async (t) => {
  const server = await startServer({ rateLimits: settingsFromEnv(ENV).rateLimits });
  t.teardown(() => server.close());
  t.is((await postJson(`${server.url}/api/v1/check`, { homes: ['abc'] })).status, 200);
  t.is((await postJson(`${server.url}/api/v1/check`, { homes: ['abc'] })).status, 200);
  const refused = await postJson(`${server.url}/api/v1/check`, { homes: ['abc'] });
  t.is(refused.status, 429);
  t.regex(refused.body.error, /Budgets per IP: 7 a minute on \/api\/v1, 9 a minute on all \/api paths, 2 a minute on POST \/api\/v1\/check\./);
  t.notRegex(refused.body.error, /\b(120|240|30)\b/);
  // The other budgets are the configured ones too: 3 requests spent, 4 more /api/v1 calls fit.
  for (let i = 1; i <= 4; i += 1) t.is((await call(`${server.url}/api/v1`)).status, 200, `get ${i}`);
  t.is((await call(`${server.url}/api/v1`)).status, 429);
});

test('the MCP 429 names the configured budget', async (t) => {
  const server = await startMcpServer({ mcp: { rateLimit: settingsFromEnv(ENV).mcp.rateLimit } });
  t.teardown(() => server.close());
  const list = () => rpc(server.mcpUrl, { jsonrpc: '2.0', id: 1, method: 'tools/list' });
  for (let i = 1; i <= 3; i += 1) t.is((await list()).status, 200, `call ${i}`);
  const refused = await list();
  t.is(refused.status, 429);
  t.regex(refused.body.error.message, /The MCP server allows 3 requests a minute per caller\./);
});

test('the terms page states the configured budgets, not the defaults written in', async (t) => {
  const configured = settingsFromEnv(ENV);
  const server = await startServer({ rateLimits: configured.rateLimits, mcp: configured.mcp });
  t.teardown(() => server.close());
  const terms = await call(`${server.url}/terms.md`);
  t.is(terms.status, 200);
  t.regex(terms.text, /7 requests a minute per address on `\/api\/v1`, 9 on all `\/api` paths, 2 batch checks, and 3 a minute on the MCP server\./);
  t.notRegex(terms.text, /\b120 requests\b/);
});
