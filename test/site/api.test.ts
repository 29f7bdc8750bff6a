// The site's unversioned endpoints: /api/facilities/suggest, /in-bounds, /all-points and
// /{license}. Validation (the bad parameter named, the accepted ones listed), sort/order/rank
// refused, alphabetical or by-distance order only, caching, and nothing v1 does not expose.
import test from 'ava';
import { runOperatorCommand } from '../../serve/operator/cli.ts';
import { NO_SORT_PARAMETER } from '../../serve/words/wording.ts';
import { MAX_BOX_DEGREES, NO_SORT_IN_BOUNDS, SITE_CACHE_CONTROL } from '../../serve/site/api.ts';
import { examples } from '../helpers/examples.ts';
import { BASE_URL, call, startServer, type Reply, type TestServer } from '../helpers/server.ts';

let server: TestServer;
test.before(async () => {
  server = await startServer();
});
test.after.always(async () => {
  await server?.close();
});

const get = (path: string, headers: Record<string, string> = {}) => call(`${server.url}${path}`, { headers });
const collator = new Intl.Collator('en', { sensitivity: 'base', numeric: true });
const CALIFORNIA = 'south=32.3&west=-124.6&north=42.2&east=-114.0';

function assertError(t: any, reply: Reply, status: number, message: RegExp | string) {
  t.is(reply.status, status, reply.text);
  t.is(reply.headers.get('cache-control'), 'no-store');
  t.deepEqual(Object.keys(reply.body ?? {}), ['error']);
  if (typeof message === 'string') t.is(reply.body.error, message);
  else t.regex(reply.body.error, message);
}

/** Keys no response may carry: availability, ranking, price, or anything personal. */
const FORBIDDEN_KEY =
  /avail|vacan|open_?bed|beds_?free|opening|score|rank|rating|stars|tier|popular|sponsor|featured|price|cost|rate_usd|monthly|fee|email|family|lead|contact|licensee|administrator|owner/i;

function forbiddenKeys(value: unknown, path = '$'): string[] {
  if (Array.isArray(value)) return value.flatMap((item, i) => forbiddenKeys(item, `${path}[${i}]`));
  if (value && typeof value === 'object') {
    return Object.entries(value).flatMap(([key, inner]) => [
      ...(FORBIDDEN_KEY.test(key) ? [`${path}.${key}`] : []),
      ...forbiddenKeys(inner, `${path}.${key}`),
    ]);
  }
  return [];
}

function assertAlphabetical(t: any, names: string[], what: string) {
  const sorted = [...names].sort((a, b) => collator.compare(a, b));
  t.deepEqual(names, sorted, `${what} are alphabetical`);
}

test('suggest: counties, cities and homes that match as typed, each kind alphabetical, with the neutrality sentence', async (t) => {
  const ex = await examples();
  const county = ex.one<{ county: string }>('a county with listed homes', 'SELECT county FROM facilities WHERE listed = 1 AND county IS NOT NULL ORDER BY county').county;
  const reply = await get(`/api/facilities/suggest?q=${encodeURIComponent(county.slice(0, 3).toLowerCase())}`);
  t.is(reply.status, 200, reply.text);
  t.is(reply.headers.get('cache-control'), SITE_CACHE_CONTROL.suggest);
  t.regex(reply.headers.get('content-type') ?? '', /^application\/json/);
  t.is(reply.headers.get('access-control-allow-origin'), null);
  t.true(reply.body.counties.some((c: any) => c.county === county));
  for (const c of reply.body.counties) t.regex(c.page, new RegExp(`^${BASE_URL}/county/[a-z0-9-]+$`));
  for (const c of reply.body.cities) t.regex(c.page, new RegExp(`^${BASE_URL}/county/[a-z0-9-]+/[a-z0-9-]+$`));
  t.regex(reply.body.neutrality, /No home pays to appear/);
  t.regex(reply.body.order, /Alphabetical/);
  t.regex(reply.body.unversioned, /may change without notice/);
  t.is(reply.body.attribution.terms_url, `${BASE_URL}/terms`);
  t.deepEqual(forbiddenKeys(reply.body), []);

  // A word inside a home's name finds it; every kind is alphabetical.
  const home = ex.one<{ license_number: string; name: string; name_slug: string }>(
    'a listed home with a two-word name',
    "SELECT license_number, name, name_slug FROM facilities WHERE listed = 1 AND name LIKE '% %' ORDER BY sort_key",
  );
  const word = home.name.split(' ')[1]!;
  const byWord = await get(`/api/facilities/suggest?q=${encodeURIComponent(word)}&limit=20`);
  t.is(byWord.status, 200);
  const found = byWord.body.homes.find((h: any) => h.license_number === home.license_number);
  if (byWord.body.totals.homes <= 20) t.truthy(found, `"${word}" finds ${home.name}`);
  for (const h of byWord.body.homes) t.regex(h.page, new RegExp(`^${BASE_URL}/facility/[a-z0-9-]+-${h.license_number}$`));
  assertAlphabetical(t, byWord.body.homes.map((h: any) => h.name), 'homes');
  assertAlphabetical(t, byWord.body.cities.map((c: any) => c.city), 'cities');
  if (found) t.is(found.page, `${BASE_URL}/facility/${home.name_slug}-${home.license_number}`);

  // The home list follows the record's own order (name key, then license), like v1 lists.
  const expected = ex.all<{ license_number: string }>(
    "SELECT license_number FROM facilities WHERE listed = 1 AND (' ' || name_key || ' ' || licensed_name_key) LIKE ? ORDER BY sort_key, license_number LIMIT 20",
    `% ${word.toLowerCase().replace(/[^a-z0-9]+/g, ' ').trim()}%`,
  );
  t.deepEqual(byWord.body.homes.map((h: any) => h.license_number), expected.map((r) => r.license_number));
});

test('suggest: a license number finds its home whatever its status; nothing matches gives empty lists', async (t) => {
  const ex = await examples();
  const closed = ex.one<{ license_number: string; license_status: string }>('a closed license', 'SELECT license_number, license_status FROM facilities WHERE closed = 1');
  const reply = await get(`/api/facilities/suggest?q=${closed.license_number}`);
  t.is(reply.status, 200);
  t.is(reply.body.homes.length, 1);
  t.like(reply.body.homes[0], { license_number: closed.license_number, license_status: closed.license_status, license_closed: true });
  const none = await get('/api/facilities/suggest?q=zzqqxx');
  t.deepEqual([none.body.counties, none.body.cities, none.body.homes], [[], [], []]);
  t.false(none.body.truncated);
  const punctuation = await get(`/api/facilities/suggest?q=${encodeURIComponent('!!')}`);
  t.is(punctuation.status, 200);
  t.deepEqual(punctuation.body.homes, []);
});

test('suggest: q and limit are validated; unknown parameters and sort/order/rank are refused', async (t) => {
  const Q = /^q must be given once, as 2 to 80 characters/;
  assertError(t, await get('/api/facilities/suggest'), 400, Q);
  assertError(t, await get('/api/facilities/suggest?q=a'), 400, Q);
  assertError(t, await get('/api/facilities/suggest?q=%20%20a%20'), 400, Q);
  assertError(t, await get(`/api/facilities/suggest?q=${'a'.repeat(81)}`), 400, Q);
  assertError(t, await get('/api/facilities/suggest?q=ab&q=cd'), 400, Q);
  for (const limit of ['0', '21', '1.5', 'x', '', '1e1', '%201', '1.0', '+1']) {
    assertError(t, await get(`/api/facilities/suggest?q=ab&limit=${limit}`), 400, 'limit must be an integer between 1 and 20');
  }
  assertError(t, await get('/api/facilities/suggest?q=ab&colour=blue'), 400, 'Unknown query parameter "colour". Accepted: q, limit.');
  for (const word of ['sort', 'order', 'rank', 'Sort']) {
    assertError(t, await get(`/api/facilities/suggest?q=ab&${word}=popular`), 400, NO_SORT_PARAMETER);
  }
  t.is((await get('/api/facilities/suggest?q=ab&limit=1')).status, 200);
});

test('in-bounds: the homes inside the box, alphabetical, with total and truncated', async (t) => {
  const ex = await examples();
  const located = ex.all<{ license_number: string; latitude: number; longitude: number }>(
    'SELECT license_number, latitude, longitude FROM facilities WHERE listed = 1 AND latitude IS NOT NULL ORDER BY sort_key, license_number',
  );
  const all = await get(`/api/facilities/in-bounds?${CALIFORNIA}&limit=200`);
  t.is(all.status, 200, all.text);
  t.is(all.headers.get('cache-control'), SITE_CACHE_CONTROL.inBounds);
  t.is(all.body.total, located.length);
  t.is(all.body.order, 'name_asc');
  t.regex(all.body.order_sentence, /Alphabetical/);
  t.regex(all.body.neutrality, /No home pays to appear/);
  t.regex(all.body.never_in_this_data, /Open beds are never in this data/);
  t.deepEqual(
    all.body.homes.map((h: any) => h.license_number),
    located.slice(0, 200).map((r) => r.license_number),
  );
  t.is(all.body.truncated, located.length > 200);
  t.deepEqual(forbiddenKeys(all.body), []);
  for (const home of all.body.homes) {
    t.deepEqual(Object.keys(home).sort(), ['city', 'county', 'latitude', 'license_number', 'longitude', 'name', 'page']);
    t.false('distance_miles' in home);
  }

  const small = await get(`/api/facilities/in-bounds?${CALIFORNIA}&limit=3`);
  t.is(small.body.homes.length, Math.min(3, located.length));
  t.is(small.body.truncated, located.length > 3);
  t.is(small.body.total, located.length);

  // A small box around one home holds it, and only homes whose points are inside.
  const one = located[0]!;
  const box = { south: one.latitude - 0.01, west: one.longitude - 0.01, north: one.latitude + 0.01, east: one.longitude + 0.01 };
  const near = await get(`/api/facilities/in-bounds?south=${box.south}&west=${box.west}&north=${box.north}&east=${box.east}`);
  t.true(near.body.homes.some((h: any) => h.license_number === one.license_number));
  for (const h of near.body.homes) {
    t.true(h.latitude >= box.south && h.latitude <= box.north && h.longitude >= box.west && h.longitude <= box.east);
  }
  const empty = await get('/api/facilities/in-bounds?south=0&west=0&north=1&east=1');
  t.like(empty.body, { total: 0, truncated: false, homes: [] });
});

test('in-bounds: needs match only an explicit true; near orders by straight-line distance, nothing else', async (t) => {
  const ex = await examples();
  const dementia = ex.all<{ license_number: string }>(
    "SELECT license_number FROM facilities WHERE listed = 1 AND latitude IS NOT NULL AND dementia = 'true' ORDER BY sort_key, license_number",
  );
  const reply = await get(`/api/facilities/in-bounds?${CALIFORNIA}&needs=dementia&limit=200`);
  t.is(reply.status, 200);
  t.deepEqual(reply.body.needs, ['dementia']);
  t.deepEqual(reply.body.homes.map((h: any) => h.license_number), dementia.slice(0, 200).map((r) => r.license_number));

  const point = ex.one<{ latitude: number; longitude: number }>('a located home', 'SELECT latitude, longitude FROM facilities WHERE listed = 1 AND latitude IS NOT NULL ORDER BY sort_key DESC');
  const byDistance = await get(`/api/facilities/in-bounds?${CALIFORNIA}&near=${point.latitude},${point.longitude}&limit=50`);
  t.is(byDistance.status, 200, byDistance.text);
  t.is(byDistance.body.order, 'distance');
  t.regex(byDistance.body.order_sentence, /Nearest first by straight-line distance from the point you chose/);
  t.deepEqual(byDistance.body.near, { latitude: point.latitude, longitude: point.longitude });
  const miles = byDistance.body.homes.map((h: any) => h.distance_miles);
  t.true(miles.every((m: unknown) => typeof m === 'number'));
  t.deepEqual(miles, [...miles].sort((a: number, b: number) => a - b));
  t.is(miles[0], 0);
});

test('in-bounds: the box, near, needs and limit are validated; sort/order/rank refused with the order sentence', async (t) => {
  const box = 'south=37&west=-123&north=38&east=-121';
  assertError(t, await get('/api/facilities/in-bounds'), 400, /^south must be given once, as a latitude between -90 and 90/);
  assertError(t, await get('/api/facilities/in-bounds?south=37&west=-123&north=38'), 400, /^east must be given once, as a longitude between -180 and 180/);
  assertError(t, await get('/api/facilities/in-bounds?south=91&west=-123&north=92&east=-121'), 400, /^south must be given once, as a latitude/);
  assertError(t, await get('/api/facilities/in-bounds?south=37&west=-190&north=38&east=-121'), 400, /^west must be given once, as a longitude/);
  assertError(t, await get('/api/facilities/in-bounds?south=38&west=-123&north=37&east=-121'), 400, 'south must not be greater than north');
  assertError(t, await get('/api/facilities/in-bounds?south=37&west=-121&north=38&east=-123'), 400, /^west must not be greater than east/);
  assertError(
    t,
    await get(`/api/facilities/in-bounds?south=30&west=-130&north=${30 + MAX_BOX_DEGREES + 1}&east=-125`),
    400,
    /^The box may be at most 12 degrees tall and 12 degrees wide/,
  );
  for (const near of ['abc', '1', '1,2,3', '91,0', '0,181', ',', '1e2,3']) {
    assertError(t, await get(`/api/facilities/in-bounds?${box}&near=${encodeURIComponent(near)}`), 400, /^near must be given once, as latitude,longitude/);
  }
  assertError(t, await get(`/api/facilities/in-bounds?${box}&needs=pool`), 400, 'Unknown need "pool". Accepted needs: wheelchair, dementia, hospice, bedridden.');
  for (const limit of ['0', '201', 'x']) {
    assertError(t, await get(`/api/facilities/in-bounds?${box}&limit=${limit}`), 400, 'limit must be an integer between 1 and 200');
  }
  assertError(t, await get(`/api/facilities/in-bounds?${box}&zoom=4`), 400, 'Unknown query parameter "zoom". Accepted: south, west, north, east, needs, near, limit.');
  for (const word of ['sort', 'order', 'rank']) {
    assertError(t, await get(`/api/facilities/in-bounds?${box}&${word}=rating`), 400, NO_SORT_IN_BOUNDS);
  }
});

test('all-points: every listed home with a location, compact, one body per snapshot with an ETag and 304', async (t) => {
  const ex = await examples();
  const located = ex.all<{ license_number: string }>(
    'SELECT license_number FROM facilities WHERE listed = 1 AND latitude IS NOT NULL ORDER BY sort_key, license_number',
  );
  const reply = await get('/api/facilities/all-points');
  t.is(reply.status, 200);
  t.is(reply.headers.get('cache-control'), SITE_CACHE_CONTROL.allPoints);
  const etag = reply.headers.get('etag');
  t.regex(etag ?? '', /^"[A-Za-z0-9_-]+"$/);
  t.deepEqual(reply.body.fields, ['license_number', 'latitude', 'longitude']);
  t.is(reply.body.total, located.length);
  t.deepEqual(reply.body.points.map((p: any) => p[0]), located.map((r) => r.license_number));
  for (const p of reply.body.points) {
    t.is(p.length, 3);
    t.true(Math.abs(p[1]) <= 90 && Math.abs(p[2]) <= 180);
  }
  t.deepEqual(forbiddenKeys(reply.body), []);
  const again = await get('/api/facilities/all-points');
  t.is(again.text, reply.text);
  t.is(again.headers.get('etag'), etag);
  const conditional = await get('/api/facilities/all-points', { 'if-none-match': etag! });
  t.is(conditional.status, 304);
  t.is(conditional.text, '');
  assertError(t, await get('/api/facilities/all-points?v=2'), 400, 'Unknown query parameter "v". This endpoint takes no query parameters.');
  assertError(t, await get('/api/facilities/all-points?order=name'), 400, NO_SORT_PARAMETER);
});

test('summary: a page-shaped home, care approvals in words (never "no"), nothing beyond v1', async (t) => {
  const ex = await examples();
  const home = ex.one<{ license_number: string; name: string; name_slug: string }>(
    'a listed home with a false clearance',
    "SELECT license_number, name, name_slug FROM facilities WHERE listed = 1 AND (dementia = 'false' OR hospice = 'false' OR bedridden = 'false') ORDER BY sort_key",
  );
  const reply = await get(`/api/facilities/${home.license_number}`);
  t.is(reply.status, 200, reply.text);
  t.is(reply.headers.get('cache-control'), SITE_CACHE_CONTROL.summary);
  t.like(reply.body, { license_number: home.license_number, name: home.name, license_closed: false });
  t.is(reply.body.links.page, `${BASE_URL}/facility/${home.name_slug}-${home.license_number}`);
  t.is(reply.body.links.markdown, `${BASE_URL}/facility/${home.name_slug}-${home.license_number}.md`);
  t.regex(reply.body.links.corrections, /\/corrections\?license=/);
  for (const key of ['dementia', 'hospice', 'non_ambulatory', 'bedridden']) {
    t.true(['yes', 'not on file'].includes(reply.body.care_approvals[key]), `${key}: ${reply.body.care_approvals[key]}`);
  }
  t.false(/"(no|false|not_on_file)"/.test(JSON.stringify(reply.body.care_approvals)));
  t.regex(reply.body.never_in_this_data, /Open beds are never in this data/);
  t.deepEqual(forbiddenKeys(reply.body), []);
  t.false('price' in reply.body);

  // The v1 detail of the same license carries everything the summary says.
  const v1 = (await get(`/api/v1/facilities/${home.license_number}`)).body.data;
  t.deepEqual(reply.body.address, v1.address.value);
  t.is(reply.body.phone, v1.phone.value);
  t.is(reply.body.capacity, v1.capacity.value);
  t.is(reply.body.license_status, v1.license_status.value);
  t.deepEqual(reply.body.location, v1.location.value);

  // A shorter number is read zero-padded; a closed license says so with its note.
  const closed = ex.one<{ license_number: string }>('a closed license', 'SELECT license_number FROM facilities WHERE closed = 1');
  const closedReply = await get(`/api/facilities/${closed.license_number}`);
  t.is(closedReply.body.license_closed, true);
  t.regex(closedReply.body.care_approvals.closed_note, /history, not current approvals/);
  const padded = home.license_number.replace(/^0+/, '');
  if (padded !== home.license_number) t.is((await get(`/api/facilities/${padded}`)).body.license_number, home.license_number);
});

test('summary: 404 for a license not on the roster, 400 for what is not a license number', async (t) => {
  assertError(t, await get('/api/facilities/999999999'), 404, 'No home with license number 999999999 is on the roster.');
  assertError(t, await get('/api/facilities/abc'), 400, 'license must be a license number: up to 9 digits, for example 197600123');
  assertError(t, await get(`/api/facilities/${'1'.repeat(30)}`), 400, /^license must be a license number/);
  const ex = await examples();
  const license = ex.value<string>('SELECT license_number FROM facilities LIMIT 1');
  assertError(t, await get(`/api/facilities/${license}?fields=all`), 400, 'Unknown query parameter "fields". This endpoint takes no query parameters.');
  assertError(t, await get(`/api/facilities/${license}?rank=1`), 400, NO_SORT_PARAMETER);
  assertError(t, await get('/api/facilities/suggest/more'), 404, /^There is no endpoint GET \/api\/facilities\/suggest\/more/);
});

test('no CORS headers on the site endpoints, even when a browser on another origin asks', async (t) => {
  const origin = { origin: 'https://elsewhere.example' };
  for (const path of ['/api/facilities/suggest?q=ab', `/api/facilities/in-bounds?${CALIFORNIA}`, '/api/facilities/all-points']) {
    const reply = await get(path, origin);
    t.is(reply.status, 200);
    t.is(reply.headers.get('access-control-allow-origin'), null, path);
  }
});

test('a clearance under correction review reads "not on file" in the summary and no longer matches needs', async (t) => {
  const own = await startServer();
  t.teardown(() => own.close());
  const ex = await examples();
  const home = ex.one<{ license_number: string }>(
    'a located listed home with dementia true',
    "SELECT license_number FROM facilities WHERE listed = 1 AND dementia = 'true' AND latitude IS NOT NULL ORDER BY sort_key",
  );
  const before = await call(`${own.url}/api/facilities/in-bounds?${CALIFORNIA}&needs=dementia&limit=200`);
  t.true(before.body.homes.some((h: any) => h.license_number === home.license_number));
  t.is((await call(`${own.url}/api/facilities/${home.license_number}`)).body.care_approvals.dementia, 'yes');
  t.is(runOperatorCommand(['review', 'open', home.license_number, 'dementia', 'test'], { snapshotsDir: own.dir, out: () => {} }), 0);
  own.app.services.overlays.refresh();
  const after = await call(`${own.url}/api/facilities/in-bounds?${CALIFORNIA}&needs=dementia&limit=200`);
  t.false(after.body.homes.some((h: any) => h.license_number === home.license_number));
  t.is(after.body.total, before.body.total - 1);
  t.is((await call(`${own.url}/api/facilities/${home.license_number}`)).body.care_approvals.dementia, 'not on file');
});

test('in-bounds names the listed homes with no location (no part of the map shows them), with the same needs', async (t) => {
  const ex = await examples();
  const unlocated = ex.all<{ license_number: string; name: string; dementia: string }>(
    'SELECT license_number, name, dementia FROM facilities WHERE listed = 1 AND latitude IS NULL ORDER BY sort_key, license_number',
  );
  t.true(unlocated.length > 0, 'the seeds hold listed homes without a location');
  const all = await get(`/api/facilities/in-bounds?${CALIFORNIA}&limit=200`);
  t.is(all.body.not_on_map.total, unlocated.length);
  t.deepEqual(
    all.body.not_on_map.homes.map((home: any) => home.license_number),
    unlocated.map((row) => row.license_number),
  );
  for (const home of all.body.not_on_map.homes) t.deepEqual(Object.keys(home).sort(), ['city', 'county', 'license_number', 'name', 'page']);
  // Every listed home is either in the box's list or named as not on the map.
  const listed = ex.value<number>('SELECT COUNT(*) FROM facilities WHERE listed = 1');
  t.is(all.body.total + all.body.not_on_map.total, listed);
  // A box with no home still names them; needs filter them like the list.
  const empty = await get('/api/facilities/in-bounds?south=0&west=0&north=1&east=1');
  t.is(empty.body.not_on_map.total, unlocated.length);
  const dementia = await get(`/api/facilities/in-bounds?${CALIFORNIA}&needs=dementia`);
  t.is(dementia.body.not_on_map.total, unlocated.filter((row) => row.dementia === 'true').length);
});
