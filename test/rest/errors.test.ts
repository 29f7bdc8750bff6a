// Every row of the spec's REST error table: status, the sentence, {"error": ...} only, no-store.
import test from 'ava';
import { CHECK_BODY_MAX_BYTES } from '../../serve/http/settings.ts';
import { examples } from '../helpers/examples.ts';
import { call, postJson, startServer, type Reply, type TestServer } from '../helpers/server.ts';

let server: TestServer;
test.before(async () => {
  server = await startServer();
});
test.after.always(async () => {
  await server?.close();
});

const get = (path: string) => call(`${server.url}${path}`);
const check = (body: unknown, headers?: Record<string, string>) => postJson(`${server.url}/api/v1/check`, body, headers);
const rawCheck = (body: string, contentType = 'application/json') =>
  call(`${server.url}/api/v1/check`, { method: 'POST', headers: { 'content-type': contentType }, body });

function assertError(t: any, reply: Reply, status: number, message: RegExp | string) {
  t.is(reply.status, status, reply.text);
  t.is(reply.headers.get('cache-control'), 'no-store');
  t.deepEqual(Object.keys(reply.body ?? {}), ['error']);
  t.is(typeof reply.body.error, 'string');
  if (typeof message === 'string') t.is(reply.body.error, message);
  else t.regex(reply.body.error, message);
}

const NO_SORT = 'There is no sort parameter: results are always in neutral alphabetical order (name, then license number).';
const LIMIT = 'limit must be an integer between 1 and 100';

test('an unknown query parameter is named, with the accepted ones listed', async (t) => {
  assertError(t, await get('/api/v1/facilities?colour=blue'), 400, 'Unknown query parameter "colour". Accepted: county, city, needs, waiver, limit, offset.');
  assertError(t, await get('/api/v1/facilities?a=1&b=2&limit=5'), 400, /^Unknown query parameters "a", "b"\. Accepted: county, city, needs, waiver, limit, offset\.$/);
  assertError(t, await get('/api/v1/guides?page=2'), 400, 'Unknown query parameter "page". This endpoint takes no query parameters.');
  assertError(t, await get('/api/v1?x=1'), 400, /^Unknown query parameter "x"/);
  const ex = await examples();
  const license = ex.one<{ license_number: string }>('a license', 'SELECT license_number FROM facilities').license_number;
  assertError(t, await get(`/api/v1/facilities/${license}?fields=all`), 400, /^Unknown query parameter "fields"/);
  assertError(t, await get(`/api/v1/facilities/${license}/reports?colour=blue`), 400, /^Unknown query parameter "colour"/);
  assertError(t, await call(`${server.url}/api/v1/check?x=1`, { method: 'POST', body: '{"homes":["abc"]}' }), 400, /^Unknown query parameter "x"/);
});

test('sort, order and rank are refused with the reason, wherever they appear', async (t) => {
  for (const path of [
    '/api/v1/facilities?sort=name',
    '/api/v1/facilities?order=name_asc',
    '/api/v1/facilities?rank=1',
    '/api/v1/facilities?limit=0&sort=name',
    '/api/v1/facilities?SORT=desc',
    '/api/v1?rank=top',
  ]) {
    assertError(t, await get(path), 400, NO_SORT);
  }
  // Endpoints whose results come in another neutral order name that order, never the lists' alphabetical one.
  const license = (await examples()).one<{ license_number: string }>('a license', 'SELECT license_number FROM facilities').license_number;
  const otherOrder = 'There is no sort parameter: results always come in one neutral order. ';
  assertError(t, await get('/api/v1/guides?order=newest'), 400, `${otherOrder}The guides come in one fixed order, the whole list in one response.`);
  assertError(t, await get(`/api/v1/facilities/${license}/reports?sort=date`), 400, `${otherOrder}A home's reports are newest first, the whole list in one response.`);
  assertError(
    t,
    await check({ homes: ['abc'], sort: 'name' }),
    400,
    `${otherOrder}Results are in the order the inputs were sent. Accepted inputs: homes, detail.`,
  );
});

test('an unknown need is named, with the accepted needs listed', async (t) => {
  assertError(t, await get('/api/v1/facilities?needs=pool'), 400, 'Unknown need "pool". Accepted needs: wheelchair, dementia, hospice, bedridden.');
  assertError(t, await get('/api/v1/facilities?needs=dementia,,hospice'), 400, /^Unknown need ""\. Accepted needs: wheelchair, dementia, hospice, bedridden\.$/);
  assertError(t, await get('/api/v1/facilities?needs=non_ambulatory'), 400, /Unknown need "non_ambulatory"/);
  assertError(t, await get('/api/v1/facilities?needs='), 400, /wheelchair, dementia, hospice, bedridden/);
  // Names every plain object inherits are needs too unless the table has no prototype.
  for (const inherited of ['constructor', '__proto__', 'dementia,constructor']) {
    assertError(t, await get(`/api/v1/facilities?needs=${inherited}`), 400, /^Unknown need "(constructor|__proto__)"\. Accepted needs: wheelchair, dementia, hospice, bedridden\.$/);
  }
});

test('limit outside 1..100 or not an integer; offset outside 0..20000', async (t) => {
  for (const value of ['0', '101', '-1', '1.5', 'ten', '', '1e3', '99999999999999999999']) {
    assertError(t, await get(`/api/v1/facilities?limit=${encodeURIComponent(value)}`), 400, LIMIT);
  }
  assertError(t, await get('/api/v1/facilities?limit=1&limit=2'), 400, LIMIT);
  // Digits only: joi's lenient number reading would take each of these as a valid page size.
  for (const value of ['1e2', ' 1', '1 ', '1.0', '+1', '0x10', '1_0', '١']) {
    assertError(t, await get(`/api/v1/facilities?limit=${encodeURIComponent(value)}`), 400, LIMIT);
  }
  assertError(t, await get('/api/v1/facilities?limit=%201'), 400, LIMIT);
  for (const value of ['1e3', ' 1', '1.0', '+1', '-1', '20001', '0.5', 'x']) {
    assertError(t, await get(`/api/v1/facilities?offset=${value}`), 400, 'offset must be an integer between 0 and 20000');
  }
  t.is((await get('/api/v1/facilities?limit=100&offset=20000')).status, 200);
  t.is((await get('/api/v1/facilities?limit=1')).status, 200);
  t.is((await get('/api/v1/facilities?limit=007&offset=00')).status, 200);
});

test('county or city given twice or empty is refused', async (t) => {
  assertError(t, await get('/api/v1/facilities?county=a&county=b'), 400, /^county must be given once/);
  assertError(t, await get('/api/v1/facilities?city='), 400, /^city must be given once/);
});

test('check: empty homes names homes (at least 1 item) and the accepted inputs', async (t) => {
  assertError(
    t,
    await check({ homes: [] }),
    400,
    'check_homes could not read these inputs: homes (expected at least 1 item). Accepted inputs: homes, detail.',
  );
  assertError(t, await check({}), 400, /^check_homes could not read these inputs: homes \(required.*Accepted inputs: homes, detail\.$/);
  assertError(t, await check({ homes: 'abc' }), 400, /^check_homes could not read these inputs: homes \(expected a list of strings\)/);
});

test('check: more than 100 homes, entries outside 3..200 characters, a bad detail, an unknown key', async (t) => {
  assertError(t, await check({ homes: Array.from({ length: 101 }, (_, i) => `home ${i}`) }), 400, /^check_homes could not read these inputs: homes \(expected at most 100 items/);
  assertError(t, await check({ homes: ['ok home', 'ab'] }), 400, /^check_homes could not read these inputs: homes\[1\] \(expected 3 to 200 characters\)\. Accepted inputs: homes, detail\.$/);
  assertError(t, await check({ homes: ['x'.repeat(201)] }), 400, /homes\[0\] \(expected 3 to 200 characters\)/);
  assertError(t, await check({ homes: ['ok home', ''] }), 400, /homes\[1\] \(expected 3 to 200 characters\)/);
  assertError(t, await check({ homes: [123456789] }), 400, /homes\[0\] \(expected a string\)/);
  assertError(t, await check({ homes: ['abc'], detail: 'yes' }), 400, /detail \(expected true or false\)/);
  assertError(t, await check({ homes: ['abc'], filter: 'x' }), 400, 'check_homes could not read these inputs: unknown input "filter". Accepted inputs: homes, detail.');
  t.is((await check({ homes: ['abc'.padEnd(200, 'c')] })).status, 200);
  t.is((await check({ homes: Array.from({ length: 100 }, (_, i) => `home ${i}`) })).status, 200);
});

test('check: a body that is not JSON of the right form', async (t) => {
  const notJson = /^The body must be JSON of the form \{"homes": \[\.\.\.\]\}/;
  assertError(t, await rawCheck('{homes: ["abc"]}'), 400, notJson);
  assertError(t, await rawCheck('homes=abc', 'application/x-www-form-urlencoded'), 400, notJson);
  assertError(t, await rawCheck('["abc"]'), 400, notJson);
  assertError(t, await rawCheck('"abc"'), 400, notJson);
  assertError(t, await rawCheck('null'), 400, notJson);
  assertError(t, await rawCheck(''), 400, notJson);
  // Any Content-Type is read as JSON, so a JSON body sent as text/plain still works.
  t.is((await rawCheck('{"homes":["abc"]}', 'text/plain')).status, 200);
});

test('check: a body far larger than any 100-home batch is 413', async (t) => {
  const big = JSON.stringify({ homes: Array.from({ length: 1500 }, () => 'x'.repeat(200)) });
  t.true(big.length > CHECK_BODY_MAX_BYTES);
  assertError(t, await rawCheck(big), 413, /^The request body is larger than 262144 bytes\. Send at most 100 homes per call/);
  // The largest valid batch fits under the threshold: 100 entries of 200 characters, each sent as
  // a \uXXXX escape (what Python's json.dumps writes for any non-ASCII text), pretty-printed.
  const largestValid = JSON.stringify({ homes: Array.from({ length: 100 }, () => '\u00e9'.repeat(200)), detail: true }, null, 2).replaceAll('\u00e9', '\\u00e9');
  t.true(Buffer.byteLength(largestValid) > 120_000);
  t.true(Buffer.byteLength(largestValid) < CHECK_BODY_MAX_BYTES);
  t.is((await rawCheck(largestValid)).status, 200);
});

test('check: X-Client-Name over 60 characters is refused', async (t) => {
  assertError(t, await check({ homes: ['abc'] }, { 'x-client-name': 'n'.repeat(61) }), 400, /^X-Client-Name must be at most 60 characters/);
  t.is((await check({ homes: ['abc'] }, { 'x-client-name': 'n'.repeat(60) })).status, 200);
  // Characters, not bytes: a header carries UTF-8 bytes, which fetch takes as one latin1 character each.
  const asHeader = (name: string) => Buffer.from(name, 'utf8').toString('latin1');
  t.is((await check({ homes: ['abc'] }, { 'x-client-name': asHeader('é'.repeat(60)) })).status, 200);
  assertError(t, await check({ homes: ['abc'] }, { 'x-client-name': asHeader('é'.repeat(61)) }), 400, /^X-Client-Name must be at most 60 characters/);
});

test('unknown paths and methods answer a JSON 404, never HTML', async (t) => {
  assertError(t, await get('/api/v1/nothing-here'), 404, /^There is no endpoint GET \/api\/v1\/nothing-here/);
  assertError(t, await call(`${server.url}/api/v1/facilities`, { method: 'DELETE' }), 404, /^There is no endpoint DELETE/);
  assertError(t, await get('/api/v1/check'), 404, /^There is no endpoint GET \/api\/v1\/check/);
});

test('malformed URLs and cookies never cause a 500', async (t) => {
  for (const path of ['/api/v1/facilities?county=%E0%A4%A', '/api/v1/facilities/%zz', '/api/v1/facilities?%=1', '/api/v1/facilities/%00']) {
    const reply = await get(path);
    t.true(reply.status < 500, `${path}: ${reply.status}`);
    if (reply.status >= 400) t.is(reply.headers.get('cache-control'), 'no-store');
  }
  const cookie = await call(`${server.url}/api/v1/guides`, { headers: { cookie: 'a=%%%; b="unterminated' } });
  t.is(cookie.status, 200);
});

test('a fault inside the server answers the 500 sentence, never a stack or HTML', async (t) => {
  const broken = await startServer();
  t.teardown(() => broken.close());
  // Simulate a fault no input can cause: the snapshot's database handle is gone.
  broken.app.services.snapshots.current.db.close();
  const reply = await call(`${broken.url}/api/v1/facilities`);
  assertError(t, reply, 500, 'The server could not finish this request; nothing was changed. Retry after a minute.');
  assertError(t, await postJson(`${broken.url}/api/v1/check`, { homes: ['abc'] }), 500, /^The server could not finish this request/);
});
