// Preloaded into a server under test (`node --import`): measures its main thread's event-loop delay
// without any change to the server. SIGUSR2 starts a measurement (clears the histogram); the next SIGUSR2
// writes max, p99 and mean in milliseconds as JSON to BENCH_LOOP_DELAY_FILE.
import { writeFileSync } from 'node:fs';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { isMainThread } from 'node:worker_threads';

if (isMainThread && process.env.BENCH_LOOP_DELAY_FILE) {
  const histogram = monitorEventLoopDelay({ resolution: 10 });
  histogram.enable();
  let isMeasuring = false;
  process.on('SIGUSR2', () => {
    if (!isMeasuring) {
      histogram.reset();
      isMeasuring = true;
      return;
    }
    isMeasuring = false;
    const milliseconds = (nanoseconds) => nanoseconds / 1e6;
    writeFileSync(
      process.env.BENCH_LOOP_DELAY_FILE,
      JSON.stringify({ max: milliseconds(histogram.max), p99: milliseconds(histogram.percentile(99)), mean: milliseconds(histogram.mean) }),
    );
  });
}
