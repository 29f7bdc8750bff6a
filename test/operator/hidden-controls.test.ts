// Issue 52, item 8: the forms refuse a post whose Origin is the opaque `null`, and text with C1
// controls or bidi overrides and isolates (U+202A-U+202E, U+2066-U+2069); what is stored anyway
// (older rows, or typed into the CLI) is printed by `npm run operator` with them escaped, never raw.
import path from 'node:path';
import test from 'ava';
import Database from 'better-sqlite3';
import { OPERATOR_STORE_FILE } from '../../contract/overlay.ts';
import { runOperatorCommand } from '../../serve/operator/cli.ts';
import { examples } from '../helpers/examples.ts';
import { snapshotDir } from '../helpers/snapshot.ts';
import { pageServer, type PageServer } from '../pages/helpers.ts';

/** Every character the rule names, one of each kind. */
const HIDDEN = ['\u0085', '\u009b', '\u202a', '\u202b', '\u202c', '\u202d', '\u202e', '\u2066', '\u2067', '\u2068', '\u2069', '\u007f'];
const RAW = /[\u007f-\u009f\u202a-\u202e\u2066-\u2069]/;

let pages: PageServer;
test.before(async () => {
  pages = await pageServer();
});
test.after.always(async () => {
  await pages?.close();
});

async function listedHome(): Promise<string> {
  const ex = await examples();
  return ex.one<{ license_number: string }>('a listed home', 'SELECT license_number FROM facilities WHERE listed = 1 ORDER BY sort_key').license_number;
}

function correctionCount(dir: string): number {
  const db = new Database(path.join(dir, OPERATOR_STORE_FILE), { readonly: true, fileMustExist: true });
  try {
    return (db.prepare('SELECT COUNT(*) AS n FROM corrections').get() as { n: number }).n;
  } catch {
    return 0;
  } finally {
    db.close();
  }
}

const form = (license: string, whatIsWrong: string) => ({ license, field: 'phone', what_is_wrong: whatIsWrong, should_say: '(510) 555-0100' });

test.serial('a form posted with Origin: null is refused (403) and nothing is stored; its own page and no Origin still pass', async (t) => {
  const license = await listedHome();
  const refused = await pages.post('/corrections', form(license, 'The number rings a closed office.'), { origin: 'null' });
  t.is(refused.status, 403);
  t.regex(refused.text, /only be sent from its own page/);
  const refusedPlan = await pages.post('/plan', { h: 'x' }, { origin: 'null' });
  t.is(refusedPlan.status, 403);

  const own = await pages.post('/corrections', form(license, 'The number rings a closed office.'), { origin: pages.server.url });
  t.is(own.status, 200, own.text.slice(0, 300));
  const none = await pages.post('/corrections', form(license, 'The number rings another closed office.'));
  t.is(none.status, 200);
  t.is(correctionCount(pages.server.dir), 2);
});

test.serial('text with a C1 control or a bidi override or isolate is refused by the form (400, the field named), nothing stored', async (t) => {
  const license = await listedHome();
  const before = correctionCount(pages.server.dir);
  for (const char of HIDDEN) {
    const reply = await pages.post('/corrections', form(license, `The number ${char}rings a closed office.`));
    t.is(reply.status, 400, `U+${char.charCodeAt(0).toString(16)}`);
    t.regex(reply.text, /Say what is wrong in at most \d+ characters of plain text/);
  }
  t.is(correctionCount(pages.server.dir), before);
  // Line breaks in the long fields, and letters of any script, are still plain text.
  const fine = await pages.post('/corrections', form(license, 'Línea uno\r\nالخط الثاني\tand 第三'));
  t.is(fine.status, 200);
  t.is(correctionCount(pages.server.dir), before + 1);
});

test('the CLI prints stored hidden controls escaped: export is JSON that reads back the same, list lines stay one line each', async (t) => {
  const dir = await snapshotDir();
  const quiet = { snapshotsDir: dir, out: () => {} };
  t.is(runOperatorCommand(['review', 'open', '019200001', 'dementia', 'held\u202eevil\u2066note\nfake line'], quiet), 0);
  t.is(runOperatorCommand(['dispute', 'add', '019200001', 'phone', '2026-01-02', 'text\u009bwith\u202dcontrols'], quiet), 0);
  // A row as an older release (or a hand edit) may have stored it.
  const db = new Database(path.join(dir, OPERATOR_STORE_FILE));
  const hostile = `rings\u202e${HIDDEN.join('')}\u2028 end`;
  db.prepare('INSERT INTO corrections (received_at, license_number, field, what_is_wrong, should_say, source_url) VALUES (?, ?, ?, ?, ?, ?)').run(
    '2026-01-02T00:00:00.000Z',
    '019200001',
    'phone\u202e',
    hostile,
    'x\u0085y',
    null,
  );
  db.close();

  const exported: string[] = [];
  t.is(runOperatorCommand(['corrections', 'export'], { snapshotsDir: dir, out: (line) => exported.push(line) }), 0);
  t.is(exported.length, 1);
  t.false(RAW.test(exported[0]!), 'no raw control in the export');
  t.false(/[\u2028\u2029]/.test(exported[0]!));
  t.true(exported[0]!.includes('\\u202e'));
  const row = JSON.parse(exported[0]!) as Record<string, unknown>;
  t.is(row.what_is_wrong, hostile, 'the export reads back as stored');
  t.is(row.should_say, 'x\u0085y');

  const lines: string[] = [];
  t.is(runOperatorCommand(['corrections', 'list'], { snapshotsDir: dir, out: (line) => lines.push(line) }), 0);
  t.is(runOperatorCommand(['list'], { snapshotsDir: dir, out: (line) => lines.push(...line.split('\n')) }), 0);
  for (const line of lines) t.false(RAW.test(line), line);
  t.true(lines.some((line) => line.includes('held\\u202eevil\\u2066note\\u000afake line')), lines.join('\n'));
  t.true(lines.some((line) => line.includes('text\\u009bwith\\u202dcontrols')));
  t.false(lines.some((line) => line.startsWith('fake line')));
});
