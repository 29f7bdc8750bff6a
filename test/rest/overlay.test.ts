// Clearances under correction review (spec rules 1-2 and the review transitions), approved
// disputes and the hand-off mode, set through the operator CLI and read by a running server.
import fs from 'node:fs';
import path from 'node:path';
import test from 'ava';
import { CLEARANCE_GRANTING_CODES } from '../../contract/facts.ts';
import { OPERATOR_STORE_FILE } from '../../contract/overlay.ts';
import { licensesChangedSince } from '../../serve/records/changes.ts';
import { runOperatorCommand } from '../../serve/operator/cli.ts';
import { publishGenerations } from '../helpers/changes.ts';
import { examples } from '../helpers/examples.ts';
import { BASE_URL, call, postJson, startServer, type TestServer } from '../helpers/server.ts';

const servers: TestServer[] = [];
test.after.always(async () => {
  await Promise.all(servers.map((server) => server.close()));
});

async function serve(snapshotsDir?: string) {
  const server = await startServer(snapshotsDir === undefined ? {} : { snapshotsDir });
  servers.push(server);
  const operator = (...args: string[]) => {
    const lines: string[] = [];
    const code = runOperatorCommand(args, { snapshotsDir: server.dir, out: (line) => lines.push(line) });
    // The server re-reads the store on its own timer; the test asks for that read now.
    server.app.services.overlays.refresh();
    return { code, output: lines.join('\n') };
  };
  const get = (p: string) => call(`${server.url}${p}`);
  const check = (homes: string[], detail = false) => postJson(`${server.url}/api/v1/check`, { homes, detail });
  return { server, operator, get, check };
}

const filled = (json: string) => JSON.parse(json.replaceAll('{base_url}', BASE_URL));

async function dementiaHome() {
  const ex = await examples();
  return ex.one<{ license_number: string; record_json: string; state_documents_json: string; state_visits_json: string; home_json: string; non_ambulatory: string }>(
    'a listed home with dementia true and a dementia service code',
    `SELECT license_number, record_json, state_documents_json, state_visits_json, home_json, non_ambulatory FROM facilities
     WHERE listed = 1 AND dementia = 'true'
       AND EXISTS (SELECT 1 FROM service_designations s WHERE s.license_number = facilities.license_number AND (s.code LIKE '970%' OR s.code LIKE '971%'))
     ORDER BY sort_key`,
  );
}

async function listedLicenses(get: (p: string) => ReturnType<typeof call>, query: string) {
  const licenses: string[] = [];
  let total = 0;
  for (let offset = 0; ; offset += 100) {
    const reply = await get(`/api/v1/facilities?limit=100&offset=${offset}&${query}`);
    total = reply.body.data.total;
    licenses.push(...reply.body.data.facilities.map((f: any) => f.license_number));
    if (offset + 100 >= total) break;
  }
  return { licenses, total };
}

test('a clearance under review reads not_on_file, stops matching needs, and its service codes are omitted; closing restores it', async (t) => {
  const { operator, get, check } = await serve();
  const home = await dementiaHome();
  const stored = filled(home.record_json);
  const before = await listedLicenses(get, 'needs=dementia');
  t.true(before.licenses.includes(home.license_number));

  t.is(operator('review', 'open', home.license_number, 'dementia', 'owner reports an error').code, 0);

  const detail = (await get(`/api/v1/facilities/${home.license_number}`)).body.data;
  t.deepEqual(detail.clearances.dementia, { ...stored.clearances.dementia, value: 'not_on_file' });
  t.deepEqual(detail.clearances.hospice, stored.clearances.hospice);
  const dementiaCodes = CLEARANCE_GRANTING_CODES.dementia!.map((code) => code.slice(0, 3));
  t.deepEqual(
    detail.service_designations.value,
    stored.service_designations.value.filter((code: string) => !dementiaCodes.includes(code.slice(0, 3))),
  );
  t.true(detail.service_designations.value.length < stored.service_designations.value.length);

  // Done in the query, so total and paging stay right.
  const after = await listedLicenses(get, 'needs=dementia');
  t.is(after.total, before.total - 1);
  t.is(after.licenses.length, after.total);
  t.false(after.licenses.includes(home.license_number));
  t.deepEqual(after.licenses, before.licenses.filter((license) => license !== home.license_number));
  if (home.non_ambulatory === 'true') {
    t.true((await listedLicenses(get, 'needs=wheelchair')).licenses.includes(home.license_number), 'other needs still match');
  }

  // The unfiltered list still shows the home, with the clearance read as not_on_file.
  const everything = await listedLicenses(get, '');
  t.true(everything.licenses.includes(home.license_number));

  const [result] = (await check([home.license_number], true)).body.data.results;
  t.is(result.home.clearances.dementia, 'not_on_file');
  t.is(result.home.record.clearances.dementia.value, 'not_on_file');

  t.is(operator('review', 'close', home.license_number, 'dementia').code, 0);
  const restored = (await get(`/api/v1/facilities/${home.license_number}`)).body.data;
  t.deepEqual(restored, { ...stored, state_documents: filled(home.state_documents_json), state_visits: JSON.parse(home.state_visits_json) });
  t.deepEqual((await listedLicenses(get, 'needs=dementia')).licenses, before.licenses);
  t.deepEqual((await check([home.license_number])).body.data.results[0].home, filled(home.home_json));
});

test('the change log never shows a clearance under review: its changes are withheld, a logged whole record reads not_on_file; closing restores both', async (t) => {
  const ex = await examples();
  const gained = ex.value<string>("SELECT license_number FROM facilities WHERE listed = 1 AND dementia <> 'true' ORDER BY sort_key LIMIT 1");
  const gone = (await dementiaHome()).license_number;
  const { dir } = await publishGenerations([{ date: '2030-01-05', edits: [{ license: gained, field: 'clearances.dementia', value: 'true' }], removed: [gone] }]);
  const { operator, get, server } = await serve(dir);
  const { snapshots, overlays } = server.app.services;
  const dementiaCodes = CLEARANCE_GRANTING_CODES.dementia!.map((code) => code.slice(0, 3));
  const read = async () => {
    const list = (await get('/api/v1/changes')).body.data;
    const history = (await get(`/api/v1/facilities/${gained}/history`)).body.data;
    const removed = list.changes.find((c: any) => c.license_number === gone).old_value;
    return {
      total: list.total,
      gainedInList: list.changes.filter((c: any) => c.license_number === gained).map((c: any) => [c.field, c.new_value]),
      gainedInHistory: history.changes.map((c: any) => [c.field, c.new_value]),
      removedDementia: removed.clearances.dementia.value,
      removedHasDementiaCode: removed.service_designations.value.some((code: string) => dementiaCodes.includes(code.slice(0, 3))),
      feedNamesGained: (await get('/changes.atom')).text.includes(gained),
      // find_homes changed_since narrows to these licenses.
      changedSinceNamesGained: licensesChangedSince({ snapshot: snapshots.current, overlay: overlays.current }, '2000-01-01').has(gained),
    };
  };
  const recorded = { total: 2, gainedInList: [['clearances.dementia', 'true']], gainedInHistory: [['clearances.dementia', 'true']], removedDementia: 'true', removedHasDementiaCode: true, feedNamesGained: true, changedSinceNamesGained: true };
  t.deepEqual(await read(), recorded);

  operator('review', 'open', gained, 'dementia');
  operator('review', 'open', gone, 'dementia');
  t.deepEqual(await read(), { total: 1, gainedInList: [], gainedInHistory: [], removedDementia: 'not_on_file', removedHasDementiaCode: false, feedNamesGained: false, changedSinceNamesGained: false });

  operator('review', 'close', gained, 'dementia');
  operator('review', 'close', gone, 'dementia');
  t.deepEqual(await read(), recorded);
});

test('a hospice review omits only the hospice code', async (t) => {
  const { operator, get } = await serve();
  const ex = await examples();
  const home = ex.one<{ license_number: string; record_json: string }>(
    'a home with the hospice code and another code',
    `SELECT license_number, record_json FROM facilities WHERE hospice = 'true'
       AND EXISTS (SELECT 1 FROM service_designations s WHERE s.license_number = facilities.license_number AND s.code LIKE '985%')
       AND (SELECT COUNT(*) FROM service_designations s WHERE s.license_number = facilities.license_number) >= 2`,
  );
  operator('review', 'open', home.license_number, 'hospice');
  const detail = (await get(`/api/v1/facilities/${home.license_number}`)).body.data;
  const stored = filled(home.record_json);
  t.is(detail.clearances.hospice.value, 'not_on_file');
  t.deepEqual(detail.service_designations.value, stored.service_designations.value.filter((code: string) => !code.startsWith('985')));
  t.is(detail.clearances.dementia.value, stored.clearances.dementia.value);
});

test('approved dispute annotations appear in list and detail records; the mode and review count show on health', async (t) => {
  const { operator, get } = await serve();
  const ex = await examples();
  const home = ex.one<{ license_number: string }>('a listed home', 'SELECT license_number FROM facilities WHERE listed = 1 ORDER BY sort_key');
  t.is(operator('dispute', 'add', home.license_number, 'phone', '2026-11-02', 'The licensee reports the phone number changed.').code, 0);
  const annotation = { field: 'phone', text: 'The licensee reports the phone number changed.', approved_on: '2026-11-02' };
  t.deepEqual((await get(`/api/v1/facilities/${home.license_number}`)).body.data.disputes, [annotation]);
  const listed = (await get('/api/v1/facilities?limit=1')).body.data.facilities[0];
  t.is(listed.license_number, home.license_number);
  t.deepEqual(listed.disputes, [annotation]);

  t.is(operator('mode', 'coordination_available').code, 0);
  operator('review', 'open', home.license_number, 'bedridden');
  const health = (await get('/healthz')).body;
  t.is(health.overlay.handoff_mode, 'coordination_available');
  t.is(health.overlay.reviews_held, 1);
  t.regex(operator('list').output, /reviews held: 1/);
});

test('an unreadable or vanished operator store keeps the last overlay read', async (t) => {
  const { server, operator, get } = await serve();
  const home = await dementiaHome();
  operator('review', 'open', home.license_number, 'dementia');
  const store = path.join(server.dir, OPERATOR_STORE_FILE);

  fs.writeFileSync(store, 'this is not a database');
  server.app.services.overlays.refresh();
  const garbled = await get(`/api/v1/facilities/${home.license_number}`);
  t.is(garbled.status, 200);
  t.is(garbled.body.data.clearances.dementia.value, 'not_on_file');

  fs.rmSync(store);
  server.app.services.overlays.refresh();
  t.is((await get(`/api/v1/facilities/${home.license_number}`)).body.data.clearances.dementia.value, 'not_on_file');
  t.is((await get('/healthz')).status, 200);
});

test('a server with no operator store serves the recorded values', async (t) => {
  const { server, get } = await serve();
  t.false(fs.existsSync(path.join(server.dir, OPERATOR_STORE_FILE)));
  const home = await dementiaHome();
  t.is((await get(`/api/v1/facilities/${home.license_number}`)).body.data.clearances.dementia.value, 'true');
  t.is((await get('/healthz')).body.overlay.handoff_mode, 'self_serve_only');
});

test('the operator CLI refuses bad input with its usage', (t) => {
  const lines: string[] = [];
  const out = (line: string) => lines.push(line);
  const dir = fs.mkdtempSync(path.join(process.env.TMPDIR ?? '/tmp', 'operator-'));
  t.is(runOperatorCommand(['review', 'open', 'abc', 'dementia'], { snapshotsDir: dir, out }), 2);
  t.is(runOperatorCommand(['review', 'open', '019200001', 'pool'], { snapshotsDir: dir, out }), 2);
  t.is(runOperatorCommand(['mode', 'everything'], { snapshotsDir: dir, out }), 2);
  t.is(runOperatorCommand([], { snapshotsDir: dir, out }), 2);
  t.regex(lines.join('\n'), /Usage: npm run operator/);
  t.is(runOperatorCommand(['review', 'open', '19200001', 'dementia'], { snapshotsDir: dir, out }), 0);
  t.is(runOperatorCommand(['review', 'open', '019200001', 'dementia'], { snapshotsDir: dir, out }), 0);
  t.regex(lines.at(-1)!, /already held/);
  fs.rmSync(dir, { recursive: true, force: true });
});
