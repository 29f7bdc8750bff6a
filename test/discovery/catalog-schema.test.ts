// The AI catalog as served validates against the Agentic Resource Discovery draft's published JSON
// Schema and the AI Catalog 0.9 rules (test/discovery/schemas, with their sources), and meets the
// conformance rules Lighthouse's `ard-schema` audit adds to the schema: every entry at the top is
// a discovery type and carries 2 to 5 representative queries, identifiers are unique
// `urn:air:<publisher>:<namespace>:<name>` URNs whose publisher is our host. The catalog's shape
// before issue 40 fails both schemas, so the schemas are shown to bite.
import fs from 'node:fs';
import test from 'ava';
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormatsPlugin from 'ajv-formats';
import { catalogIdentifiers } from '../../serve/discovery/files.ts';
import { call, startServer, type TestServer } from '../helpers/server.ts';

// ajv-formats is CommonJS: its default export is the plugin function at run time.
const addFormats = addFormatsPlugin as unknown as typeof addFormatsPlugin.default;

const BASE = 'https://homes.example.org';
const CATALOG_PATH = '/.well-known/ai-catalog.json';

function compile(file: string): ValidateFunction {
  const ajv = new Ajv2020({ allErrors: true, strict: false });
  addFormats(ajv);
  return ajv.compile(JSON.parse(fs.readFileSync(new URL(`./schemas/${file}`, import.meta.url), 'utf8')));
}
const SCHEMAS = {
  ard: compile('ard-ai-catalog.schema.json'),
  aiCatalog: compile('ai-catalog-0.9.schema.json'),
};

function problems(validate: ValidateFunction, doc: unknown): string {
  return validate(doc) ? '' : JSON.stringify(validate.errors, null, 2);
}

/** The types Lighthouse 13's ard-schema audit accepts for an entry at the top without a warning. */
const DISCOVERY_TYPES = new Set([
  'application/ai-catalog+json',
  'application/agent-card+json',
  'application/a2a-agent-card+json',
  'application/mcp-server-card+json',
  'application/agent-skills+zip',
  'application/agent-skills+gzip',
  'text/markdown; profile="urn:air:agent-skills"',
  'application/ai-registry',
  'application/ai-registry+json',
]);
const URN = /^urn:air:([a-zA-Z0-9.-]+)(?::([a-zA-Z0-9._:-]+))?:([a-zA-Z0-9._-]+)$/;

let server: TestServer;
test.before(async () => {
  server = await startServer({ baseUrl: BASE });
});
test.after.always(async () => {
  await server?.close();
});

async function servedCatalog() {
  const reply = await call(`${server.url}${CATALOG_PATH}`);
  return { reply, catalog: JSON.parse(reply.text) };
}

test('the served catalog validates against the ARD schema and the AI Catalog 0.9 rules', async (t) => {
  const { reply, catalog } = await servedCatalog();
  t.is(reply.status, 200);
  t.is(reply.headers.get('content-type'), 'application/ai-catalog+json; charset=utf-8');
  t.is(problems(SCHEMAS.ard, catalog), '', 'ARD ai-catalog.schema.json');
  t.is(problems(SCHEMAS.aiCatalog, catalog), '', 'AI Catalog 0.9');
  // A catalog given inline is a catalog document too: both schemas hold it on its own.
  const nested = catalog.entries.filter((entry: { data?: unknown }) => entry.data !== undefined);
  t.true(nested.length > 0);
  for (const entry of nested) {
    t.is(problems(SCHEMAS.ard, entry.data), '', `ARD: ${entry.identifier}'s catalog`);
    t.is(problems(SCHEMAS.aiCatalog, entry.data), '', `AI Catalog 0.9: ${entry.identifier}'s catalog`);
  }
});

test("the catalog's shape before issue 40 fails both schemas", (t) => {
  const before = {
    specVersion: '1.0',
    host: { displayName: 'Covelight', identifier: 'homes.example.org' },
    entries: [
      {
        identifier: `${BASE}/mcp`,
        displayName: 'Covelight',
        mediaType: 'application/mcp-server-card+json',
        url: `${BASE}/.well-known/mcp/server-card.json`,
        version: '1.1.2',
      },
    ],
  };
  t.not(problems(SCHEMAS.ard, before), '');
  t.not(problems(SCHEMAS.aiCatalog, before), '');
  // Each rule on its own: the URN, the type, exactly one of url and data.
  const entry = { identifier: 'urn:air:homes.example.org:mcp:care-homes', displayName: 'x', type: 'application/mcp-server-card+json', url: `${BASE}/x` };
  const doc = (e: object) => ({ specVersion: '1.0', entries: [e] });
  t.is(problems(SCHEMAS.ard, doc(entry)), '');
  t.is(problems(SCHEMAS.aiCatalog, doc(entry)), '');
  const { type: _type, ...untyped } = entry;
  for (const broken of [{ ...entry, identifier: 'urn:air:homes.example.org' }, untyped, { ...entry, data: {} }]) {
    t.not(problems(SCHEMAS.ard, doc(broken)), '', JSON.stringify(broken));
    t.not(problems(SCHEMAS.aiCatalog, doc(broken)), '', JSON.stringify(broken));
  }
  // A catalog given inline must itself be a catalog (AI Catalog 0.9).
  t.not(problems(SCHEMAS.aiCatalog, doc({ ...entry, type: 'application/ai-catalog+json', url: undefined, data: { entries: 'x' } })), '');
});

test("Lighthouse's conformance rules: discovery types, 2 to 5 queries, unique URNs under our host", async (t) => {
  const { catalog } = await servedCatalog();
  const seen = new Set<string>();
  const check = (entries: Array<Record<string, unknown>>, top: boolean) => {
    for (const entry of entries) {
      const id = String(entry.identifier);
      const urn = URN.exec(id);
      t.truthy(urn, `${id}: urn:air:<publisher>:<namespace>:<name>`);
      t.is(urn?.[1], 'homes.example.org', `${id}: the publisher is our host`);
      t.false(seen.has(id), `${id}: unique`);
      seen.add(id);
      if (top) t.true(DISCOVERY_TYPES.has(String(entry.type)), `${id}: ${String(entry.type)} is a discovery type`);
      const queries = entry.representativeQueries as string[];
      t.true(Array.isArray(queries) && queries.length >= 2 && queries.length <= 5, `${id}: 2 to 5 representative queries`);
      for (const query of queries) {
        t.is(typeof query, 'string');
        // A family's question, never a ranking or an opening: the service has neither.
        t.notRegex(query, /\b(best|top|rated|ranking|available|availability|vacanc|open bed|opening)/i, query);
      }
      const data = entry.data as { entries?: Array<Record<string, unknown>> } | undefined;
      if (data?.entries) check(data.entries, false);
    }
  };
  check(catalog.entries, true);
  t.deepEqual([...seen].sort(), Object.values(catalogIdentifiers(BASE)).sort());
});

test('the entries point at the MCP server card and the OpenAPI description, served here', async (t) => {
  const { catalog } = await servedCatalog();
  const [mcp, rest] = catalog.entries;
  t.is(mcp.type, 'application/mcp-server-card+json');
  t.is(mcp.identifier, 'urn:air:homes.example.org:mcp:care-homes');
  t.is(mcp.url, `${BASE}/.well-known/mcp/server-card.json`);
  const card = await call(`${server.url}/.well-known/mcp/server-card.json`);
  t.is(card.status, 200);
  t.is(card.body.remotes[0].url, `${BASE}/mcp`);
  t.is(mcp.displayName, card.body.title);

  t.is(rest.type, 'application/ai-catalog+json');
  const [api] = rest.data.entries;
  t.is(api.identifier, 'urn:air:homes.example.org:rest:care-homes');
  t.is(api.type, 'application/vnd.oai.openapi+json');
  t.is(api.url, `${BASE}/openapi.json`);
  const openapi = await call(`${server.url}/openapi.json`);
  t.is(openapi.status, 200);
  t.regex(String(openapi.body.openapi), /^3\.1\./);
});

test('the identifiers are stable: the same for any port, and a different host names its own', (t) => {
  t.deepEqual(catalogIdentifiers('https://homes.example.org'), catalogIdentifiers('https://homes.example.org:8443'));
  t.deepEqual(catalogIdentifiers('http://127.0.0.1:3000').mcpServer, 'urn:air:127.0.0.1:mcp:care-homes');
  t.is(catalogIdentifiers('https://care.example').restApi, 'urn:air:care.example:rest:care-homes');
});
