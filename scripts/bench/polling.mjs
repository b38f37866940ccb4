// Polling cost of the job tracker over a 10-minute job. The tracker (src/jobs/tracker.ts) waits
// with real timers in the extension host, so this is computed from the schedule it uses
// (src/jobs/schedule.ts: jitteredDelay per attempt): the polls that fall within 10
// minutes, with the jitter at its low end (most polls), its high end, and random (median of runs).
import { createRequire } from 'node:module';
import { stats } from './lib.mjs';

export function benchPolling({ lib, runs = 25, durationMs = 10 * 60 * 1000 }) {
  const { jitteredDelay, pollSchedule } = createRequire(import.meta.url)(lib);
  const count = (random) => {
    let t = 0;
    let n = 0;
    for (let attempt = 0; ; attempt++) {
      t += jitteredDelay(attempt, random);
      if (t > durationMs) return n;
      n++;
    }
  };
  const random = Array.from({ length: runs }, () => count(Math.random));
  return {
    requests: stats(random),
    withoutJitter: pollSchedule(durationMs).length,
    mostWithJitter: count(() => 0),
    fewestWithJitter: count(() => 0.999999),
  };
}
