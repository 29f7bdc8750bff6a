// `npm run pipeline -- --schedule`: runs on the configured cron schedule, never two at once, and
// keeps going after a failed run (each run prints whether an older snapshot is still served).
import cron from 'node-cron';
import type { PipelineConfig } from './config.ts';

export function startSchedule(config: PipelineConfig, runOnce: () => Promise<unknown>): { stop(): void } {
  let running = false;
  const task = cron.schedule(
    config.schedule,
    async () => {
      if (running) {
        console.warn(`${new Date().toISOString()} a run is still going; this tick is skipped.`);
        return;
      }
      running = true;
      try {
        await runOnce();
      } catch (error) {
        console.error(`${new Date().toISOString()} run failed: ${(error as Error).message}`);
      } finally {
        running = false;
      }
    },
    { timezone: config.timeZone, noOverlap: true },
  );
  console.log(`Pipeline scheduled: "${config.schedule}" (${config.timeZone}). Ctrl-C stops it.`);
  return { stop: () => void task.stop() };
}
