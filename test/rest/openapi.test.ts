// /openapi.json: generated from the routes' own joi schemas, passes two standard OpenAPI 3.1
// linters (Redocly and Spectral), describes every REST route, and real responses validate against it.
import test from 'ava';
import { createConfig, lintFromString } from '@redocly/openapi-core';
import { Spectral } from '@stoplight/spectral-core';
import { oas } from '@stoplight/spectral-rulesets';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormatsPlugin from 'ajv-formats';
import { examples } from '../helpers/examples.ts';
import { call, postJson, startServer, type Reply, type TestServer } from '../helpers/server.ts';

// ajv-formats is CommonJS; under NodeNext its default export arrives as the module object.
const addFormats = addFormatsPlugin as unknown as typeof addFormatsPlugin.default;

let server: TestServer;
let limited: TestServer;
let doc: any;
const ajv = new Ajv2020({ strict: false, allErrors: true });
addFormats(ajv);

test.before(async () => {
  server = await startServer();
  limited = await startServer({ rateLimits: { windowMs: 60_000, apiV1: 1_000, apiAll: 1_000, check: 1 } });
  doc = (await call(`${server.url}/openapi.json`)).body;
  ajv.addSchema(doc, 'openapi.json');
});
test.after.always(async () => {
  await server?.close();
  await limited?.close();
});

test('the document passes the Redocly OpenAPI linter with its strict recommended rules', async (t) => {
  const reply = await call(`${server.url}/openapi.json`);
  t.is(reply.status, 200);
  t.regex(reply.headers.get('content-type') ?? '', /^application\/json/);
  t.is(reply.body.openapi, '3.1.0');
  // Plus the two rules Spectral's spectral:oas warns on that recommended-strict leaves off.
  const config = await createConfig({ extends: ['recommended-strict'], rules: { 'info-contact': 'error', 'operation-description': 'error' } });
  const problems = await lintFromString({ source: reply.text, absoluteRef: 'openapi.json', config });
  t.deepEqual(
    problems.map((problem) => `${problem.ruleId}: ${problem.message} at ${problem.location[0]?.pointer}`),
    [],
  );
});

/** Spectral's `spectral:oas` ruleset (what its CLI runs by default), every result: errors, warnings and hints alike. */
async function spectralResults(source: string): Promise<string[]> {
  const spectral = new Spectral();
  spectral.setRuleset({ extends: oas as never });
  const results = await spectral.run(source);
  return results.map((result) => `${result.code}: ${result.message} at ${result.path.join('.')}`);
}

test('the document passes Spectral\'s spectral:oas ruleset with no error or warning', async (t) => {
  const reply = await call(`${server.url}/openapi.json`);
  t.deepEqual(await spectralResults(reply.text), []);
});

test('Spectral is really linting: a tag an operation uses but the document does not define is reported', async (t) => {
  const planted = structuredClone(doc);
  planted.tags = planted.tags.filter((tag: { name: string }) => tag.name !== 'Check');
  t.deepEqual(await spectralResults(JSON.stringify(planted)), [
    'operation-tag-defined: Operation tags must be defined in global tags. at paths./api/v1/check.post.tags.0',
  ]);
});

test('every REST route the server registered is described, with its parameters and errors', (t) => {
  const routes = server.app.server
    .table()
    .filter((route) => route.path.startsWith('/api/v1'))
    .map((route) => `${route.method} ${route.path}`)
    .sort();
  const documented = Object.entries(doc.paths as Record<string, Record<string, unknown>>)
    .flatMap(([path, operations]) => Object.keys(operations).map((method) => `${method} ${path}`))
    .sort();
  t.deepEqual(documented, routes);
  t.true(routes.length >= 6);

  const list = doc.paths['/api/v1/facilities'].get;
  t.deepEqual(list.parameters.map((p: any) => p.name), ['county', 'city', 'needs', 'waiver', 'limit', 'offset']);
  const limit = list.parameters.find((p: any) => p.name === 'limit');
  t.like(limit.schema, { type: 'integer', minimum: 1, maximum: 100, default: 50 });
  t.like(list.parameters.find((p: any) => p.name === 'offset').schema, { type: 'integer', minimum: 0, maximum: 20000, default: 0 });
  t.false(list.parameters.some((p: any) => ['sort', 'order', 'rank'].includes(p.name)));

  const checkOp = doc.paths['/api/v1/check'].post;
  t.deepEqual(Object.keys(checkOp.responses).sort(), ['200', '400', '413', '429', '500']);
  t.like(checkOp.requestBody.content['application/json'].schema.properties.homes, { type: 'array', minItems: 1, maxItems: 100 });
  t.like(checkOp.requestBody.content['application/json'].schema.properties.homes.items, { type: 'string', minLength: 3, maxLength: 200 });
  t.like(checkOp.parameters.find((p: any) => p.name === 'X-Client-Name'), { in: 'header', required: false, schema: { maxLength: 60 } });
  t.is(doc.paths['/api/v1/facilities/{license}'].get.parameters[0].in, 'path');
  t.truthy(doc.paths['/api/v1/facilities/{license}'].get.responses['404']);
});

function schemaFor(path: string, method: string, status: number) {
  const pointer = `openapi.json#/paths/${path.replace(/~/g, '~0').replace(/\//g, '~1')}/${method}/responses/${status}`;
  return ajv.getSchema(`${pointer}/content/application~1json/schema`);
}

function assertConforms(t: any, route: [string, string], reply: Reply) {
  const [method, path] = route;
  const response = doc.paths[path][method].responses[reply.status];
  t.truthy(response, `${method} ${path} documents status ${reply.status}`);
  if (!response) return;
  t.is(reply.headers.get('cache-control'), response.headers['Cache-Control'].schema.const, `${method} ${path} ${reply.status} cache-control`);
  const validate = schemaFor(path, method, reply.status)!;
  const valid = validate(reply.body);
  t.true(valid, `${method} ${path} ${reply.status}: ${ajv.errorsText(validate.errors, { separator: '\n' })}`);
}

test('real responses of every endpoint validate against the document, errors included', async (t) => {
  const ex = await examples();
  const listed = ex.one<{ license_number: string }>('a listed home', 'SELECT license_number FROM facilities WHERE listed = 1').license_number;
  const closed = ex.one<{ license_number: string }>('a closed license', 'SELECT license_number FROM facilities WHERE closed = 1').license_number;
  const shared = ex.one<{ name: string }>('a shared name', 'SELECT name FROM facilities GROUP BY name_key HAVING COUNT(*) >= 2').name;
  const get = (path: string) => call(`${server.url}${path}`);
  const check = (body: unknown) => postJson(`${server.url}/api/v1/check`, body);
  const cases: Array<[[string, string], Promise<Reply>]> = [
    [['get', '/api/v1'], get('/api/v1')],
    [['get', '/api/v1'], get('/api/v1?sort=x')],
    [['get', '/api/v1/facilities'], get('/api/v1/facilities')],
    [['get', '/api/v1/facilities'], get('/api/v1/facilities?needs=dementia,wheelchair&limit=100')],
    [['get', '/api/v1/facilities'], get('/api/v1/facilities?county=Nowhere')],
    [['get', '/api/v1/facilities'], get('/api/v1/facilities?offset=20000')],
    [['get', '/api/v1/facilities'], get('/api/v1/facilities?limit=0')],
    [['get', '/api/v1/facilities'], get('/api/v1/facilities?needs=pool')],
    [['get', '/api/v1/facilities/{license}'], get(`/api/v1/facilities/${listed}`)],
    [['get', '/api/v1/facilities/{license}'], get(`/api/v1/facilities/${closed}`)],
    [['get', '/api/v1/facilities/{license}'], get('/api/v1/facilities/000000000')],
    [['get', '/api/v1/facilities/{license}/reports'], get(`/api/v1/facilities/${listed}/reports`)],
    [['get', '/api/v1/facilities/{license}/reports'], get('/api/v1/facilities/000000000/reports')],
    [['get', '/api/v1/guides'], get('/api/v1/guides')],
    [['post', '/api/v1/check'], check({ homes: [listed, closed, shared, 'Qwxz Jvkq Zzyzx', listed] })],
    [['post', '/api/v1/check'], check({ homes: [listed, closed], detail: true })],
    [['post', '/api/v1/check'], check({ homes: [] })],
    [['post', '/api/v1/check'], call(`${server.url}/api/v1/check`, { method: 'POST', body: 'x'.repeat(70_000) })],
  ];
  // Full pages of the list, so every listed record is checked against the schema.
  const total = (await get('/api/v1/facilities?limit=1')).body.data.total;
  for (let offset = 0; offset < total; offset += 100) {
    cases.push([['get', '/api/v1/facilities'], get(`/api/v1/facilities?limit=100&offset=${offset}`)]);
  }
  for (const [route, pending] of cases) assertConforms(t, route, await pending);

  const first = await postJson(`${limited.url}/api/v1/check`, { homes: [listed] });
  assertConforms(t, ['post', '/api/v1/check'], first);
  const refused = await postJson(`${limited.url}/api/v1/check`, { homes: [listed] });
  t.is(refused.status, 429);
  assertConforms(t, ['post', '/api/v1/check'], refused);
});

test('the document checks what it claims: a response missing a field fails it', async (t) => {
  const reply = await call(`${server.url}/api/v1/facilities?limit=1`);
  const validate = schemaFor('/api/v1/facilities', 'get', 200)!;
  t.true(validate(reply.body));
  const broken = structuredClone(reply.body);
  delete broken.data.facilities[0].clearances.dementia;
  t.false(validate(broken));
  const extraFactKey = structuredClone(reply.body);
  extraFactKey.data.facilities[0].capacity.rating = 5;
  t.false(validate(extraFactKey), 'a Fact is exactly its five keys');
});
