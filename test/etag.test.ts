// ETags (issue 18, item 5): every cacheable GET carries a strong ETag naming the snapshot, the
// overlay and the address; a matching If-None-Match answers 304 with no body and the same
// Cache-Control; a held review changes the tag; nothing no-store carries one.
import test from 'ava';
import { examples } from './helpers/examples.ts';
import { call, postJson } from './helpers/server.ts';
import { startMcpServer, type McpTestServer } from './mcp/helpers.ts';

let server: McpTestServer;
let home: { license_number: string; name_slug: string; city: string; latitude: number; longitude: number };

test.before(async () => {
  const ex = await examples();
  home = ex.one(
    'a listed located dementia home',
    "SELECT license_number, name_slug, city, latitude, longitude FROM facilities WHERE listed = 1 AND dementia = 'true' AND latitude IS NOT NULL AND city IS NOT NULL ORDER BY sort_key",
  );
  server = await startMcpServer();
});
test.after.always(async () => {
  await server?.close();
});

function cacheablePaths(): string[] {
  const box = `south=${home.latitude - 0.1}&north=${home.latitude + 0.1}&west=${home.longitude - 0.1}&east=${home.longitude + 0.1}`;
  return [
    '/api/v1',
    '/api/v1/facilities',
    `/api/v1/facilities?city=${encodeURIComponent(home.city)}&needs=dementia`,
    `/api/v1/facilities/${home.license_number}`,
    `/api/v1/facilities/${home.license_number}/reports`,
    '/api/v1/guides',
    `/facility/${home.name_slug}-${home.license_number}`,
    `/facility/${home.name_slug}-${home.license_number}.md`,
    '/care/dementia',
    `/api/facilities/${home.license_number}`,
    `/api/facilities/in-bounds?${box}&needs=dementia`,
  ];
}

const get = (path: string, headers: Record<string, string> = {}) => call(`${server.url}${path}`, { headers });

test.serial('every cacheable GET has a strong ETag; If-None-Match answers 304 with no body and the same Cache-Control', async (t) => {
  for (const path of cacheablePaths()) {
    const first = await get(path);
    t.is(first.status, 200, path);
    const etag = first.headers.get('etag');
    t.regex(etag ?? '', /^"[A-Za-z0-9_-]+"$/, `${path}: a strong ETag`);
    t.is((await get(path)).headers.get('etag'), etag, `${path}: the same content, the same tag`);
    const again = await get(path, { 'if-none-match': etag! });
    t.is(again.status, 304, path);
    t.is(again.text, '', `${path}: no body`);
    t.is(again.headers.get('cache-control'), first.headers.get('cache-control'), `${path}: Cache-Control kept`);
    t.is((await get(path, { 'if-none-match': '"something-else"' })).status, 200, `${path}: another tag gets the body`);
  }
});

test.serial('tags differ by address and by representation', async (t) => {
  const tags = await Promise.all(cacheablePaths().map(async (path) => (await get(path)).headers.get('etag')));
  t.is(new Set(tags).size, tags.length);
  const page = `/facility/${home.name_slug}-${home.license_number}`;
  const html = await get(page);
  const markdown = await get(page, { accept: 'text/markdown' });
  t.regex(markdown.headers.get('content-type') ?? '', /markdown/);
  t.not(markdown.headers.get('etag'), html.headers.get('etag'));
  t.is((await get(page, { 'if-none-match': html.headers.get('etag')!, accept: 'text/markdown' })).status, 200, 'an HTML tag never answers a Markdown ask');
});

test.serial('a held review changes the tags; closing it brings the old tag back', async (t) => {
  const path = `/api/v1/facilities/${home.license_number}`;
  const before = await get(path);
  const etag = before.headers.get('etag')!;
  t.is(server.operator('review', 'open', home.license_number, 'dementia'), 0);
  try {
    const held = await get(path, { 'if-none-match': etag });
    t.is(held.status, 200, 'the old tag no longer matches');
    t.is(held.body.data.clearances.dementia.value, 'not_on_file');
    t.not(held.headers.get('etag'), etag);
  } finally {
    t.is(server.operator('review', 'close', home.license_number, 'dementia'), 0);
  }
  t.is((await get(path, { 'if-none-match': etag })).status, 304, 'the same content again, the same tag');
});

test.serial('no ETag on no-store answers, errors or POST', async (t) => {
  const health = await get('/healthz');
  t.is(health.headers.get('cache-control'), 'no-store');
  t.is(health.headers.get('etag'), null);
  const missing = await get('/api/v1/facilities/000000001');
  t.is(missing.status, 404);
  t.is(missing.headers.get('etag'), null);
  const check = await postJson(`${server.url}/api/v1/check`, { homes: [home.license_number] });
  t.is(check.status, 200);
  t.is(check.headers.get('cache-control'), 'no-store');
  t.is(check.headers.get('etag'), null);
});
