// The scheduler: runs on its cron expression, never two runs at once, and keeps going after a
// failed run; the crawler runs beside it, and documents are published when it has news.
import test from 'ava';
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { CRAWLER_NODE_FLAGS, crawlerHasNews, startSchedule } from '../../pipeline/schedule.ts';
import { REPO_ROOT } from '../../pipeline/run.ts';
import type { CrawlStatus } from '../../contract/crawl-status.ts';
import { testConfig } from './fixtures.ts';

test('scheduled runs never overlap and a failed run does not stop the schedule', async (t) => {
  const events: string[] = [];
  let active = 0;
  let maxActive = 0;
  let calls = 0;
  const runOnce = async () => {
    calls += 1;
    active += 1;
    maxActive = Math.max(maxActive, active);
    try {
      // Each run outlasts the one-second tick, so a naive scheduler would start a second one.
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      if (calls === 1) throw new Error('state source down');
      events.push('ok');
    } finally {
      active -= 1;
    }
  };
  const quiet = { warn: console.warn, log: console.log, error: console.error };
  console.warn = console.log = console.error = () => {};
  const schedule = startSchedule({ ...testConfig(), schedule: '* * * * * *' }, runOnce);
  try {
    await new Promise((resolve) => setTimeout(resolve, 4_800));
  } finally {
    schedule.stop();
    Object.assign(console, quiet);
  }
  t.is(maxActive, 1, 'never two runs at once');
  t.true(calls >= 2, `ran again after the failure (${calls} runs)`);
  t.true(events.includes('ok'));
});

test('beside the schedule the crawler runs as a process of its own for a profile whose documents are on a site, and stops with it', async (t) => {
  const started: string[][] = [];
  const children: ChildProcess[] = [];
  const startCrawler = (args: string[]) => {
    started.push(args);
    const child = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 30000)']);
    children.push(child);
    return child;
  };
  const quiet = { warn: console.warn, log: console.log, error: console.error };
  console.warn = console.log = console.error = () => {};
  try {
    const remote = startSchedule(testConfig({ http: { ...testConfig().http, contact: 'mailto:ops@care.example' } }), async () => {}, { snapshotsDir: '/nonexistent', crawlerArgs: ['--profile', 'custom'], startCrawler });
    const ended = new Promise<NodeJS.Signals | null>((resolve) => children[0]!.once('exit', (_code, signal) => resolve(signal)));
    remote.stop();
    t.is(await ended, 'SIGTERM', 'the crawler stops with the schedule');
    // A demo profile reads its documents from local files in each run: no crawler.
    const local = startSchedule(testConfig({ stateDocuments: { detail: 'seeds/x/{license}.json', index: 'seeds/x/{license}.i.json', report: 'seeds/x/{license}/{inx}.html', concurrency: 1 } }), async () => {}, { snapshotsDir: '/nonexistent', crawlerArgs: [], startCrawler });
    local.stop();
  } finally {
    Object.assign(console, quiet);
  }
  t.deepEqual(started, [['--profile', 'custom']]);
});

test('without a contact the schedule does not start its crawler, and says why and how to set one; its daily runs go on', (t) => {
  const started: string[][] = [];
  const lines: string[] = [];
  const quiet = { warn: console.warn, log: console.log, error: console.error };
  console.warn = console.log = console.error = (line: string) => void lines.push(line);
  const saved = process.env.CRAWL_CONTACT;
  delete process.env.CRAWL_CONTACT;
  try {
    const schedule = startSchedule(testConfig(), async () => {}, { snapshotsDir: '/nonexistent', crawlerArgs: ['--profile', 'custom'], startCrawler: (args) => (started.push(args), spawn(process.execPath, ['-e', ''])) });
    schedule.stop();
  } finally {
    Object.assign(console, quiet);
    if (saved !== undefined) process.env.CRAWL_CONTACT = saved;
  }
  t.deepEqual(started, []);
  t.true(lines.some((line) => /crawler not started: the crawler names no contact.*set CRAWL_CONTACT=/.test(line)), lines.join('\n'));
  t.true(lines.some((line) => /^Pipeline scheduled:/.test(line)));
});

test('documents are published between daily runs only when the crawler stored something after the newest snapshot', (t) => {
  const status = (at: string | null) => ({ last_read: { detail: at, index: null, report: null } }) as unknown as CrawlStatus;
  t.true(crawlerHasNews(status('2026-11-28T10:00:00.000Z'), '2026-11-28T05:31:00.000Z'));
  t.false(crawlerHasNews(status('2026-11-28T05:00:00.000Z'), '2026-11-28T05:31:00.000Z'));
  t.false(crawlerHasNews(status(null), '2026-11-28T05:31:00.000Z'));
  t.false(crawlerHasNews(null, null));
  t.true(crawlerHasNews(status('2026-11-28T10:00:00.000Z'), null));
});

test('npm run crawl starts the crawler with the same Node flags the schedule gives it', (t) => {
  const scripts = (JSON.parse(readFileSync(path.join(REPO_ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts;
  t.is(scripts.crawl, `node ${CRAWLER_NODE_FLAGS.join(' ')} --import=tsx crawl/run.ts`);
});

test('with no snapshot of its profile the schedule runs once at start, then waits for its ticks; with one it waits', async (t) => {
  const quiet = { warn: console.warn, log: console.log, error: console.error };
  console.warn = console.log = console.error = () => {};
  // A schedule whose next tick is months away: only the start-up run can happen during the test.
  const yearly = { ...testConfig(), stateDocuments: null, schedule: '30 5 1 1 *' };
  try {
    const fresh = await new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('no run at start on a fresh folder')), 20_000);
      const schedule = startSchedule(yearly, async () => {
        clearTimeout(timer);
        schedule.stop();
        resolve('ran');
      }, { snapshotsDir: '/nonexistent', newestSnapshotCreatedAt: async () => null });
    });
    t.is(fresh, 'ran');

    let runs = 0;
    let looked = false;
    const published = startSchedule(yearly, async () => void (runs += 1), {
      snapshotsDir: '/nonexistent',
      newestSnapshotCreatedAt: async () => {
        looked = true;
        return '2026-11-28T05:31:00.000Z';
      },
    });
    // The look-up and whatever it would start are settled within a few turns of the event loop.
    for (let turn = 0; turn < 5; turn += 1) await new Promise((resolve) => setImmediate(resolve));
    published.stop();
    t.true(looked);
    t.is(runs, 0, 'a folder with a snapshot waits for the schedule');
  } finally {
    Object.assign(console, quiet);
  }
});
