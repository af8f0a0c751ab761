// Preloaded into a server under test (`node --import`): measures its main thread's event-loop delay
// without any change to the server. SIGUSR2 starts a measurement (clears the histogram); the next SIGUSR2
// writes max, p99 and mean in milliseconds as JSON to BENCH_LOOP_DELAY_FILE, with the garbage
// collector's pauses over the same time (`gc`: count, total and longest, in ms, for young-generation
// scavenges and for the rest), since each pause stalls every request in flight.
import { writeFileSync } from 'node:fs';
import { constants, monitorEventLoopDelay, PerformanceObserver } from 'node:perf_hooks';
import { isMainThread } from 'node:worker_threads';

if (isMainThread && process.env.BENCH_LOOP_DELAY_FILE) {
  const histogram = monitorEventLoopDelay({ resolution: 10 });
  histogram.enable();
  let isMeasuring = false;
  const emptyPauses = () => ({ young: { count: 0, totalMs: 0, maxMs: 0 }, other: { count: 0, totalMs: 0, maxMs: 0 } });
  let pauses = emptyPauses();
  new PerformanceObserver((list) => {
    if (!isMeasuring) return;
    for (const entry of list.getEntries()) {
      const kind = entry.detail?.kind === constants.NODE_PERFORMANCE_GC_MINOR ? pauses.young : pauses.other;
      kind.count += 1;
      kind.totalMs += entry.duration;
      kind.maxMs = Math.max(kind.maxMs, entry.duration);
    }
  }).observe({ entryTypes: ['gc'] });
  process.on('SIGUSR2', () => {
    if (!isMeasuring) {
      histogram.reset();
      pauses = emptyPauses();
      isMeasuring = true;
      return;
    }
    isMeasuring = false;
    const milliseconds = (nanoseconds) => nanoseconds / 1e6;
    writeFileSync(
      process.env.BENCH_LOOP_DELAY_FILE,
      JSON.stringify({
        max: milliseconds(histogram.max),
        p99: milliseconds(histogram.percentile(99)),
        mean: milliseconds(histogram.mean),
        gc: pauses,
      }),
    );
  });
}
