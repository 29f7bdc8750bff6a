// The scheduler: runs on its cron expression, never two runs at once, and keeps going after a
// failed run.
import test from 'ava';
import { startSchedule } from '../../pipeline/schedule.ts';
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
