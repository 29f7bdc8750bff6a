// A source whose own date is older than its configured age (the roster: 45 days unless the profile
// says otherwise) gives a warning in the run report, on /healthz and on the front page's data line.
import test from 'ava';
import { runPipeline } from '../../pipeline/run.ts';
import { formatReport } from '../../pipeline/report.ts';
import { call, startServer } from '../helpers/server.ts';
import { STATE_ORIGIN, rosterCsv, rosterOnly, stateServer, tempSnapshotsDir } from './fixtures.ts';

const homes = (fileDate: string) => [
  { number: '15600001', name: 'ACORN HOME', fileDate },
  { number: '15600002', name: 'BIRCH HOME', fileDate },
];

test.serial('a roster dated past 45 days is warned about in the report, on /healthz and on the data line; a fresh one is not', async (t) => {
  stateServer.reset();
  stateServer.route('/roster.csv', { body: rosterCsv(homes('9/01/2026')) });
  const dir = await tempSnapshotsDir();
  const result = await runPipeline({ snapshotsDir: dir, config: { ...rosterOnly(`${STATE_ORIGIN}/roster.csv`), profile: 'state' }, now: new Date('2026-11-22T18:00:00Z') });
  t.true(result.published);
  t.deepEqual(result.report.source_health?.stale, [{ source: 'roster', source_date: '2026-09-01', age_days: 82, max_age_days: 45 }]);
  t.regex(formatReport(result.report), /Warning: roster: its own date 2026-09-01 is 82 days before this run, past the 45 days expected/);

  const server = await startServer({ snapshotsDir: dir });
  try {
    const health = await call(`${server.url}/healthz`);
    t.deepEqual(health.body.sources.stale, [{ source: 'roster', source_date: '2026-09-01', age_days: 82, max_age_days: 45 }]);
    t.true(health.body.sources.notes.includes('roster: its own date 2026-09-01 is 82 days old, past the 45 days expected.'));
    // The portal's file carries a date the state wrote: it reads as that date, never as the day retrieved.
    const front = await call(`${server.url}/`);
    t.regex(front.text, /per the state roster dated 2026-09-01 \(this copy of it was made on 2026-11-22\); note: the state record(?:'|&#39;)s date is 82 days before this copy, older than the 45 days expected/);
    t.false(/retrieved/.test(front.text), 'a portal-shaped roster is never said to be retrieved on its date');
    const detail = await call(`${server.url}/api/v1/facilities/015600001`);
    const page = new URL((detail.body as any).data.links.facility_page).pathname;
    for (const form of [page, `${page}.md`]) {
      const text = (await call(`${server.url}${form}`, { headers: { accept: 'text/html' } })).text.replace(/\\/g, '').replace(/&#39;|&#x27;/g, "'");
      t.true(text.includes("Status on the state's record (per the state roster dated 2026-09-01): LICENSED."), text);
      t.true(text.includes('The state\'s record lists this license as LICENSED (per the state roster dated 2026-09-01).'), text);
      t.false(/retrieved/.test(text), `${form} never says "retrieved" of a portal-shaped roster`);
    }
  } finally {
    await server.close();
  }

  // The profile's own age: 90 days is not past it.
  stateServer.route('/roster.csv', { body: rosterCsv(homes('9/01/2026')) });
  const allowed = await runPipeline({ snapshotsDir: await tempSnapshotsDir(), config: { ...rosterOnly(`${STATE_ORIGIN}/roster.csv`), maxSourceAgeDays: { roster: 90 } }, now: new Date('2026-11-22T18:00:00Z') });
  t.deepEqual(allowed.report.source_health?.stale, []);
  stateServer.route('/roster.csv', { body: rosterCsv(homes('11/16/2026')) });
  const fresh = await runPipeline({ snapshotsDir: await tempSnapshotsDir(), config: rosterOnly(`${STATE_ORIGIN}/roster.csv`), now: new Date('2026-11-22T18:00:00Z') });
  t.deepEqual(fresh.report.source_health?.stale, []);
  t.false(fresh.report.warnings.some((w) => w.includes('days expected')));
});
