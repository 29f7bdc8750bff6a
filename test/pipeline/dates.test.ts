// The state's dates in every shape it writes them (M/D/YYYY, MM/DD/YYYY, eight digits MMDDYYYY,
// ISO), read by one reader for every date field of the state files, counted by shape in the run
// report; anything else is a field problem with its reason, never a guess.
import test from 'ava';
import { readStateDate } from '../../pipeline/normalize/dates.ts';
import { runPipeline } from '../../pipeline/run.ts';
import { formatReport } from '../../pipeline/report.ts';
import { APPROVALS_HEADER, STATE_ORIGIN, facilities, rosterCsv, rosterOnly, stateServer, tempSnapshotsDir, waiverCsv, WAIVER_LAST_MODIFIED } from './fixtures.ts';

const NOT_A_SHAPE = "not a date in the state's shapes (M/D/YYYY, MM/DD/YYYY, MMDDYYYY, MDDYYYY, YYYY-MM-DD)";

test('each shape the state writes is read, and says which it was', (t) => {
  t.deepEqual(readStateDate('5/4/2026'), { iso: '2026-05-04', shape: 'M/D/YYYY' });
  t.deepEqual(readStateDate('12/4/2026'), { iso: '2026-12-04', shape: 'M/D/YYYY' });
  t.deepEqual(readStateDate('05/04/2026'), { iso: '2026-05-04', shape: 'MM/DD/YYYY' });
  t.deepEqual(readStateDate(' 05252025 '), { iso: '2025-05-25', shape: 'MMDDYYYY' });
  t.deepEqual(readStateDate('2026-05-04'), { iso: '2026-05-04', shape: 'YYYY-MM-DD' });
  // A datastore timestamp column gives the day at midnight.
  t.deepEqual(readStateDate('2026-05-04T00:00:00'), { iso: '2026-05-04', shape: 'YYYY-MM-DD' });
  t.is(readStateDate(''), null);
  t.is(readStateDate('   '), null);
  t.is(readStateDate(undefined), null);
});

test('a day that does not exist, or a text in no known shape, is not a date, and says why', (t) => {
  t.deepEqual(readStateDate('2/30/2020'), { iso: null, shape: 'M/D/YYYY', problem: 'not a real date (read as M/D/YYYY)' });
  t.deepEqual(readStateDate('02302020'), { iso: null, shape: 'MMDDYYYY', problem: 'not a real date (read as MMDDYYYY)' });
  // Eight digits are month first: a year-first 20260504 is no month 20.
  t.deepEqual(readStateDate('20260504'), { iso: null, shape: 'MMDDYYYY', problem: 'not a real date (read as MMDDYYYY)' });
  t.deepEqual(readStateDate('2026-13-01'), { iso: null, shape: 'YYYY-MM-DD', problem: 'not a real date (read as YYYY-MM-DD)' });
  for (const text of ['May 4, 2026', '5-4-2026', '5/4/26', '2026/05/04', '20260504T00', 'n/a']) {
    t.deepEqual(readStateDate(text), { iso: null, shape: null, problem: NOT_A_SHAPE }, text);
  }
  // Seven digits: only a month's leading zero can be lost in a number column, so they read one way.
  t.deepEqual(readStateDate('5252025'), { iso: '2025-05-25', shape: 'MDDYYYY' });
  t.deepEqual(readStateDate('2302020'), { iso: null, shape: 'MDDYYYY', problem: 'not a real date (read as MDDYYYY)' });
});

test.serial('a run reads the roster, approvals and waiver dates in every shape and counts them by shape in its report', async (t) => {
  const fileDates = ['5/4/2026', '05/04/2026', '05042026', '2026-05-04', '05052026', 'May 4, 2026', '5042026', '2026-05-04T00:00:00'];
  const roster = rosterCsv(fileDates.map((fileDate, i) => ({ number: String(15600001 + i), name: `HOME ${i + 1}`, fileDate, firstDate: i % 2 ? '05/20/2010' : '5/20/2010' })));
  const approvals = [APPROVALS_HEADER, '15600001,X,Y,N,Y,N,950 - RCFE / ELDERLY,11092026', '15600002,X,N,N,Y,N,950 - RCFE / ELDERLY,Nov 9 2026'].join('\n') + '\n';
  stateServer.reset();
  stateServer.route('/roster.csv', { body: roster });
  stateServer.route('/approvals.csv', { body: approvals });
  // The waiver list states no date of its own: its server's Last-Modified dates it.
  stateServer.route('/alw.csv', { body: waiverCsv([['HOME 1', '100 MAIN ST', 'OAKLAND', '94612']]), lastModified: WAIVER_LAST_MODIFIED });
  const config = rosterOnly(`${STATE_ORIGIN}/roster.csv`, { approvals: `${STATE_ORIGIN}/approvals.csv`, waiver: `${STATE_ORIGIN}/alw.csv` });
  const result = await runPipeline({ snapshotsDir: await tempSnapshotsDir(), config, now: new Date('2026-11-22T18:00:00Z') });
  t.true(result.published, result.heldBack.join('; '));

  t.deepEqual(result.report.date_shapes, {
    roster: {
      license_first_date: { 'M/D/YYYY': 4, 'MM/DD/YYYY': 4 },
      file_date: { 'M/D/YYYY': 1, 'MM/DD/YYYY': 1, MMDDYYYY: 2, MDDYYYY: 1, 'YYYY-MM-DD': 2, unreadable: 1 },
    },
    approvals: { as_of_date: { MMDDYYYY: 1, unreadable: 1 } },
    waiver: {},
  });
  const report = formatReport(result.report);
  t.true(report.includes('Dates by shape:\n  roster license_first_date: 4 M/D/YYYY, 4 MM/DD/YYYY\n  roster file_date: 1 M/D/YYYY, 1 MM/DD/YYYY, 2 MMDDYYYY, 2 YYYY-MM-DD, 1 unreadable, 1 MDDYYYY\n  approvals as_of_date: 1 MMDDYYYY, 1 unreadable\n'), report);
  // The waiver list states no date in its rows: no date shape of its own.
  t.false(report.includes('waiver list date'), report);

  // Every readable shape gives the same day; what is not a date is a field problem, stored as not on file.
  const { rows, meta } = facilities(result.snapshotPath!);
  // The row whose file_date is no date is dated by nothing: the stand-in states no Last-Modified.
  t.deepEqual(rows.map((row) => row.roster_as_of), ['2026-05-04', '2026-05-04', '2026-05-04', '2026-05-04', '2026-05-05', null, '2026-05-04', '2026-05-04']);
  t.deepEqual(rows.map((row) => row.license_first_date), Array(8).fill('2010-05-20'));
  t.deepEqual(
    result.report.field_problems.rows.map((p) => [p.source, p.field, p.value, p.reason]),
    [
      ['roster', 'file_date', 'May 4, 2026', NOT_A_SHAPE],
      ['approvals', 'as_of_date', 'Nov 9 2026', NOT_A_SHAPE],
    ],
  );
  t.true(result.report.warnings.includes(`1 approvals row(s): as_of_date ${NOT_A_SHAPE} (line 3); stored as not on file`), result.report.warnings.join('\n'));
  t.deepEqual([meta.approvals_as_of, meta.alw_list_as_of], ['2026-11-09', '2026-10-01']);
  t.like(JSON.parse(rows[0]!.record_json as string).clearances.dementia, { value: 'true', confirmed_on: '2026-11-09' });
});
