// Discovery files: the server card (two addresses), the AI catalog, the registry server.json and
// llms.txt. Each has a strong ETag (304 on a match), allows any origin, may be cached for an hour,
// and says what the running server is: its name and version as MCP initialize reports them, the
// remote URL from BASE_URL, the protocol revisions it speaks, no authentication.
import test from 'ava';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormatsPlugin from 'ajv-formats';
import { MCP_SERVER_INFO, PROTOCOL_VERSIONS } from '../../serve/words/identity.ts';
import { SERVICE_NAME } from '../../serve/words/wording.ts';
import { examples } from '../helpers/examples.ts';
import { call, startServer, type TestServer } from '../helpers/server.ts';
import { connect } from '../mcp/helpers.ts';

// ajv-formats is CommonJS: its default export is the plugin function at run time.
const addFormats = addFormatsPlugin as unknown as typeof addFormatsPlugin.default;

const BASE = 'https://homes.example.org';
let server: TestServer;
test.before(async () => {
  server = await startServer({ baseUrl: BASE });
});
test.after.always(async () => {
  await server?.close();
});

const FILES = [
  ['/mcp/server-card', 'application/json; charset=utf-8'],
  ['/.well-known/mcp/server-card.json', 'application/json; charset=utf-8'],
  ['/.well-known/ai-catalog.json', 'application/ai-catalog+json; charset=utf-8'],
  ['/.well-known/mcp/server.json', 'application/json; charset=utf-8'],
  ['/llms.txt', 'text/plain; charset=utf-8'],
] as const;

const get = (path: string, headers: Record<string, string> = {}) => call(`${server.url}${path}`, { headers });

test('each file: content type, a strong ETag, 304 on a match, any origin, an hour of caching', async (t) => {
  for (const [path, type] of FILES) {
    const reply = await get(path);
    t.is(reply.status, 200, path);
    t.is(reply.headers.get('content-type'), type, path);
    const etag = reply.headers.get('etag')!;
    t.regex(etag, /^"[A-Za-z0-9_-]{20,}"$/, `${path}: a strong ETag`);
    t.is(reply.headers.get('access-control-allow-origin'), '*');
    t.is(reply.headers.get('cache-control'), 'public, max-age=3600');
    t.is((await get(path)).headers.get('etag'), etag, 'stable');

    for (const ifNoneMatch of [etag, `W/${etag}`, `"other", ${etag}`, '*']) {
      const conditional = await get(path, { 'if-none-match': ifNoneMatch });
      t.is(conditional.status, 304, `${path} If-None-Match: ${ifNoneMatch}`);
      t.is(conditional.text, '');
      t.is(conditional.headers.get('etag'), etag);
      t.is(conditional.headers.get('access-control-allow-origin'), '*');
      t.is(conditional.headers.get('cache-control'), 'public, max-age=3600');
    }
    t.is((await get(path, { 'if-none-match': '"stale"' })).status, 200);
    const cross = await get(path, { origin: 'https://some-client.example' });
    t.is(cross.headers.get('access-control-allow-origin'), '*');
    const preflight = await call(`${server.url}${path}`, {
      method: 'OPTIONS',
      headers: { origin: 'https://some-client.example', 'access-control-request-method': 'GET', 'access-control-request-headers': 'if-none-match' },
    });
    t.is(preflight.status, 204, `${path} preflight`);
    t.is(preflight.headers.get('access-control-allow-origin'), '*');
    t.regex(preflight.headers.get('access-control-allow-headers') ?? '', /If-None-Match/i);
  }
});

test('the server card is true to the running server: name and version from initialize, remote from BASE_URL, protocol revisions, no auth', async (t) => {
  const card = (await get('/.well-known/mcp/server-card.json')).body;
  t.deepEqual((await get('/mcp/server-card')).body, card);
  t.is(card.version, '1.1.2');
  t.deepEqual(card.capabilities.extensions, { 'io.modelcontextprotocol/ui': { mimeTypes: ['text/html;profile=mcp-app'] } });
  t.true(card.title.includes(SERVICE_NAME));
  t.regex(card.name, /^[a-zA-Z0-9.-]+\/[a-zA-Z0-9._-]+$/, 'reverse-DNS name');
  t.is(card.name, `org.example.homes/${MCP_SERVER_INFO.name}`);
  t.truthy(card.description);
  t.deepEqual(card.remotes, [
    { type: 'streamable-http', url: `${BASE}/mcp`, supportedProtocolVersions: [...PROTOCOL_VERSIONS], authentication: { required: false, schemes: [] } },
  ]);
  t.deepEqual(card.remotes[0].supportedProtocolVersions, ['2026-07-28', '2025-11-25', '2025-06-18', '2025-03-26', '2024-11-05', '2024-10-07']);
  t.is(card.icons[0].mimeType, 'image/svg+xml');
  t.true(card.icons[0].src.startsWith(`${BASE}/assets/icon-`));
  const icon = await get(card.icons[0].src.slice(BASE.length));
  t.is(icon.status, 200);
  t.is(icon.headers.get('content-type'), 'image/svg+xml');
  t.regex(icon.text, /^<svg /);

  // The running MCP server reports the same name and version.
  const client = await connect(`${server.url}/mcp`, '2025-06-18', 'discovery-test');
  try {
    const info = client.getServerVersion();
    t.is(info?.name, card.serverInfo.name);
    t.is(info?.version, card.version);
    t.deepEqual(card.capabilities, client.getServerCapabilities(), 'the capabilities initialize gives, the cards\' extension among them');
  } finally {
    await client.close();
  }
});

test('the AI catalog points at the server card (its schemas: catalog-schema.test.ts)', async (t) => {
  const catalog = (await get('/.well-known/ai-catalog.json')).body;
  t.is(catalog.specVersion, '1.0');
  t.is(catalog.host.displayName, SERVICE_NAME);
  const [entry] = catalog.entries;
  t.is(entry.type, 'application/mcp-server-card+json');
  t.is(entry.url, `${BASE}/.well-known/mcp/server-card.json`);
  t.is(entry.identifier, 'urn:air:homes.example.org:mcp:care-homes');
  t.is(entry.displayName, MCP_SERVER_INFO.title);
});

test('server.json follows the MCP registry format', async (t) => {
  const doc = (await get('/.well-known/mcp/server.json')).body;
  // The registry schema's rules for what this file uses (2025-12-11).
  const schema = {
    type: 'object',
    required: ['$schema', 'name', 'description', 'version'],
    properties: {
      $schema: { const: 'https://static.modelcontextprotocol.io/schemas/2025-12-11/server.schema.json' },
      name: { type: 'string', pattern: '^[a-zA-Z0-9.-]+/[a-zA-Z0-9._-]+$', minLength: 3, maxLength: 200 },
      title: { type: 'string', minLength: 1, maxLength: 100 },
      description: { type: 'string', minLength: 1, maxLength: 100 },
      version: { type: 'string', maxLength: 255, not: { pattern: '^[~^<>=]|\\.[x*]' } },
      websiteUrl: { type: 'string', format: 'uri' },
      icons: {
        type: 'array',
        items: {
          type: 'object',
          required: ['src'],
          properties: {
            src: { type: 'string', format: 'uri', maxLength: 255 },
            mimeType: { enum: ['image/png', 'image/jpeg', 'image/jpg', 'image/svg+xml', 'image/webp'] },
            sizes: { type: 'array', items: { type: 'string', pattern: '^(\\d+x\\d+|any)$' } },
          },
        },
      },
      remotes: {
        type: 'array',
        items: { type: 'object', required: ['type', 'url'], properties: { type: { const: 'streamable-http' }, url: { type: 'string', format: 'uri' } } },
      },
      _meta: {
        type: 'object',
        properties: { 'io.modelcontextprotocol.registry/publisher-provided': { type: 'object' } },
        additionalProperties: false,
      },
    },
    additionalProperties: false,
  };
  const ajv = new Ajv2020({ allErrors: true });
  addFormats(ajv);
  const validate = ajv.compile(schema);
  t.true(validate(doc), JSON.stringify(validate.errors));
  t.is(doc.version, '1.1.2');
  t.deepEqual(doc.remotes, [{ type: 'streamable-http', url: `${BASE}/mcp` }]);
  t.is(doc.name, (await get('/mcp/server-card')).body.name);
  // The MCP Apps extension, where the format lets a publisher say it.
  t.deepEqual(doc._meta['io.modelcontextprotocol.registry/publisher-provided'].extensions, { 'io.modelcontextprotocol/ui': { mimeTypes: ['text/html;profile=mcp-app'] } });
});

test('llms.txt is a plain-text site map of this server: the API, MCP, guides, county pages, terms', async (t) => {
  const reply = await get('/llms.txt');
  const text = reply.text;
  t.true(text.startsWith(`# ${SERVICE_NAME}\n\n> `));
  for (const url of [`${BASE}/api/v1`, `${BASE}/openapi.json`, `${BASE}/mcp`, `${BASE}/docs/mcp`, `${BASE}/guides/care-approvals`, `${BASE}/terms`, `${BASE}/county`, `${BASE}/.well-known/mcp/server-card.json`]) {
    t.true(text.includes(url), url);
  }
  t.true(text.includes(PROTOCOL_VERSIONS.join(', ')));
  t.true(text.includes('MCP Apps (io.modelcontextprotocol/ui)'), 'llms.txt names the cards');
  const ex = await examples();
  const counties = ex.all<{ county: string }>('SELECT MIN(county) AS county FROM facilities WHERE listed = 1 AND county_key IS NOT NULL GROUP BY county_key');
  for (const { county } of counties) t.true(text.includes(`[${county} County](`), county);
  t.notRegex(text, /care\.example|localhost|127\.0\.0\.1/);
});
