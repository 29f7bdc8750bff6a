// What the pipeline reads from a host it does not control is bounded (issue 52): a redirect stays
// on the host asked, a catalog cannot send a download elsewhere, a body has a size cap, a line of
// any length is read in linear time, and the export's broken rows are named for what they are.
import test from 'ava';
import { mkdtemp, readdir, writeFile } from 'node:fs/promises';
import { createWriteStream } from 'node:fs';
import { once } from 'node:events';
import os from 'node:os';
import path from 'node:path';
import { createHttpClient, FetchFailed } from '../../pipeline/http.ts';
import type { HttpConfig } from '../../pipeline/config.ts';
import { retrieveSource, SourceAbsent } from '../../pipeline/sources/retrieve.ts';
import { newCount, readCsv, type Rejection } from '../../pipeline/sources/csv.ts';
import { MAX_LINE_BYTES, physicalLines } from '../../pipeline/sources/state-csv.ts';
import { readRoster } from '../../pipeline/sources/roster.ts';
import { startStateServer } from './state-server.ts';
import { serveCatalog } from './ckan-stand-in.ts';

const BASE: HttpConfig = { timeoutMs: 2_000, retries: 2, backoffMs: 5, concurrency: 4, minIntervalMs: 0, userAgent: 'test-agent' };
const text = (body: { text(): Promise<string> }) => body.text();

async function servers(t: { teardown(fn: () => Promise<void>): void }) {
  const asked = await startStateServer();
  const elsewhere = await startStateServer();
  t.teardown(async () => {
    await asked.close();
    await elsewhere.close();
  });
  return { asked, elsewhere };
}

test('a redirect to another host is not followed: the request fails with the reason, once, and the other host is never asked', async (t) => {
  const { asked, elsewhere } = await servers(t);
  const http = createHttpClient(BASE);
  t.teardown(() => http.close());
  elsewhere.route('/latest/meta-data/', { body: 'secret' });
  asked.route('/DownloadStateData', { status: 302, headers: { location: `${elsewhere.origin}/latest/meta-data/` } });
  const error = await t.throwsAsync(http.get(`${asked.origin}/DownloadStateData`, text), { instanceOf: FetchFailed });
  t.regex(error!.message, new RegExp(`redirected to another host \\(${elsewhere.origin.slice('http://'.length).replaceAll('.', '\\.')}\\), which is not followed`));
  t.is(elsewhere.requests().length, 0);
  t.is(asked.requests('/DownloadStateData').length, 1, 'a refused redirect is not retried');
  // A scheme other than http(s) is never followed either.
  asked.route('/file', { status: 301, headers: { location: 'file:///etc/passwd' } });
  t.regex((await t.throwsAsync(http.get(`${asked.origin}/file`, text)))!.message, /redirected to a file: address, which is never followed/);
});

test('a redirect to a host the configuration names is followed, as a portal download link to its file store is', async (t) => {
  const { asked, elsewhere } = await servers(t);
  const http = createHttpClient({ ...BASE, redirectHosts: [elsewhere.origin.slice('http://'.length)] });
  t.teardown(() => http.close());
  elsewhere.route('/store/roster.csv', { body: 'roster' });
  asked.route('/download', { status: 302, headers: { location: `${elsewhere.origin}/store/roster.csv` } });
  t.like(await http.get(`${asked.origin}/download`, text), { status: 'fetched', value: 'roster' });
  t.is(elsewhere.requests('/store/roster.csv').length, 1);
});

test('a catalog that names a file on another host leaves the source absent with the reason; nothing is asked there', async (t) => {
  const { asked, elsewhere } = await servers(t);
  const http = createHttpClient(BASE);
  t.teardown(() => http.close());
  elsewhere.route('/roster.csv', { body: 'facility_number,facility_name,facility_status\n1,A,LICENSED\n' });
  serveCatalog(asked, [{ id: 'ccl-facilities', name: 'ccl-facilities', resources: [{ id: '744d1583-f9eb-45b6-b0f8-b9a9dab936a6', name: 'RCFE', url: `${elsewhere.origin}/roster.csv` }] }]);
  const cacheDir = await mkdtemp(path.join(os.tmpdir(), 'hostile-cache-'));
  const location = `ckan:${asked.origin}#ccl-facilities/744d1583-f9eb-45b6-b0f8-b9a9dab936a6`;
  const error = await t.throwsAsync(retrieveSource('roster', location, { http, cacheDir, rootDir: cacheDir, now: new Date(), deadlineMs: 10_000, datastorePageSize: 1000 }), { instanceOf: SourceAbsent });
  t.regex(error!.message, /its file is at another host \(127\.0\.0\.1:\d+\), which is not followed: only 127\.0\.0\.1:\d+ \(http\.redirectHosts/);
  t.is(elsewhere.requests().length, 0);
  // Named in the configuration, the same catalog entry is read.
  const allowed = await retrieveSource('roster', location, { http, cacheDir, rootDir: cacheDir, now: new Date(), deadlineMs: 10_000, datastorePageSize: 1000, otherHosts: [elsewhere.origin.slice('http://'.length)] });
  t.is(allowed.fetchStatus, 'fetched');
});

test('a body over the cap fails its source at the cap, is not retried, and leaves nothing in the cache; one that announces its size is refused unread', async (t) => {
  const { asked } = await servers(t);
  const cap = 64 * 1024;
  const http = createHttpClient({ ...BASE, maxFileBytes: cap });
  t.teardown(() => http.close());
  const cacheDir = await mkdtemp(path.join(os.tmpdir(), 'hostile-cache-'));
  const options = { http, cacheDir, rootDir: cacheDir, now: new Date(), deadlineMs: 20_000, datastorePageSize: 1000 };
  // An endless body: a first chunk, then a chunk every few milliseconds for ever.
  asked.route('/endless.csv', { body: 'a,b\n', drip: { chunk: 'x'.repeat(8192), everyMs: 1 } });
  const endless = await t.throwsAsync(retrieveSource('roster', `${asked.origin}/endless.csv`, options));
  t.regex(endless!.message, new RegExp(`its body passed the ${cap} bytes a download may have \\(http\\.maxFileBytes\\); nothing of it is kept`));
  t.is(asked.requests('/endless.csv').length, 1, 'not retried');
  t.deepEqual((await readdir(cacheDir)).filter((name) => name.endsWith('.tmp') || name.endsWith('.body')), []);

  asked.route('/huge.csv', { body: Buffer.alloc(cap + 1, 0x61) });
  const huge = await t.throwsAsync(http.get(`${asked.origin}/huge.csv`, text), { instanceOf: FetchFailed });
  t.regex(huge!.message, new RegExp(`it announces ${cap + 1} bytes, over the ${cap} bytes`));
  t.is(asked.requests('/huge.csv').length, 1);
  // Under the cap, a body is read as ever.
  asked.route('/small.csv', { body: Buffer.alloc(cap, 0x61) });
  t.like(await http.get(`${asked.origin}/small.csv`, text), { status: 'fetched' });
});

/** Writes `bytes` of 'x' as one line between two real lines, without holding it in memory. */
async function fileWithLongLine(bytes: number): Promise<string> {
  const file = path.join(await mkdtemp(path.join(os.tmpdir(), 'long-line-')), 'roster.csv');
  const out = createWriteStream(file);
  out.write('facility_number,facility_name,facility_status\n1,FIRST HOME,LICENSED\n');
  const piece = Buffer.alloc(1024 * 1024, 0x78);
  for (let written = 0; written < bytes; written += piece.length) {
    if (!out.write(written + piece.length <= bytes ? piece : piece.subarray(0, bytes - written))) await once(out, 'drain');
  }
  out.end('\n2,SECOND HOME,LICENSED\n');
  await once(out, 'finish');
  return file;
}

test('a line of 128 MB is counted, not read: the row is rejected with its length, and the next row is read (the old reader never finished)', async (t) => {
  const file = await fileWithLongLine(128 * 1024 * 1024);
  const lines = [];
  for await (const line of physicalLines(file)) lines.push({ ...line, text: line.text.slice(0, 60) });
  t.deepEqual(lines, [
    { text: 'facility_number,facility_name,facility_status', line: 1 },
    { text: '1,FIRST HOME,LICENSED', line: 2 },
    { text: '', line: 3, tooLong: 128 * 1024 * 1024 },
    { text: '2,SECOND HOME,LICENSED', line: 4 },
  ]);
  const rejected: Rejection[] = [];
  const count = newCount();
  const rows = [];
  for await (const row of readCsv(file, { source: 'roster', requiredColumns: ['facility_number'], stateQuotes: true, count }, (r) => rejected.push(r))) rows.push(row.values.facility_name);
  t.deepEqual(rows, ['FIRST HOME', 'SECOND HOME']);
  t.deepEqual(rejected.map((r) => [r.line, r.reason, r.raw]), [[3, `a line of ${128 * 1024 * 1024} bytes, longer than the ${MAX_LINE_BYTES} any row of this file may have: not read`, '[not kept: too long]']]);
  // Rows in = read + rejected holds: the long line is a row in, rejected.
  t.is(count.rowsIn, 3);
  t.is(count.rows, 3);
});

test('a line just under the limit is read whole, split across many chunks', async (t) => {
  const file = path.join(await mkdtemp(path.join(os.tmpdir(), 'long-line-')), 'lines.csv');
  const long = 'y'.repeat(MAX_LINE_BYTES - 1);
  await writeFile(file, `a\r\n${long}\r\nb`);
  const lines = [];
  for await (const line of physicalLines(file)) lines.push(line);
  t.deepEqual(lines.map((line) => [line.line, line.text.length, line.tooLong]), [[1, 1, undefined], [2, MAX_LINE_BYTES - 1, undefined], [3, 1, undefined]]);
  t.is(lines[1]!.text, long);
});

const HEADER = 'facility_number,facility_name,facility_status,file_date';

async function roster(rows: string[]): Promise<string> {
  const file = path.join(await mkdtemp(path.join(os.tmpdir(), 'roster-')), 'roster.csv');
  await writeFile(file, [HEADER, ...rows].join('\n') + '\n');
  return file;
}

test('a long row is named as long, with its raw text, and a short one as short, whatever their quotes', async (t) => {
  const rejected: Rejection[] = [];
  const read = await readRoster(await roster(['11440001,"OAK, HOME",LICENSED,01/02/2026,EXTRA,"MORE', '11440002,"PINE HOME', '11440003,ELM HOME,LICENSED,01/02/2026']), (r) => rejected.push(r), '2026-12-01');
  t.deepEqual(read.rows.map((row) => row.facility_name), ['ELM HOME']);
  t.deepEqual(rejected.map((r) => [r.line, r.reason.replace(/ \(.*\)$/, '')]), [
    [2, 'row has 6 cells at least, however its quotes are read; the header has 4'],
    [3, 'short row: 2 cells at most, however its quotes are read; the header has 4'],
  ]);
  // No personal column in this file: the raw text is kept for the operator to see.
  t.is(rejected[0]!.raw, '11440001,"OAK, HOME",LICENSED,01/02/2026,EXTRA,"MORE');
});

test('two rows of one license with other values and no later file date are a named conflict, never passed over in silence', async (t) => {
  const rejected: Rejection[] = [];
  const read = await readRoster(
    await roster(['11440001,OAK HOME,LICENSED,01/02/2026', '11440001,OAK HOME,CLOSED,01/02/2026', '11440002,PINE HOME,LICENSED,01/02/2026', '11440002,PINE HOME,CLOSED,02/02/2026']),
    (r) => rejected.push(r),
    '2026-12-01',
  );
  t.deepEqual(read.conflicts, [{ license: '011440001', lines: [2, 3], fields: ['status'] }]);
  t.deepEqual(
    rejected.map((r) => [r.line, r.reason]),
    [
      [2, 'conflict: license 011440001 appears again at line 3 with other values (status) and no later file date; the later line is kept, which is true is unknown'],
      [4, 'superseded: license 011440002 appears again at line 5 with a later file date and other values (status, file_date); that row is kept'],
    ],
  );
});
