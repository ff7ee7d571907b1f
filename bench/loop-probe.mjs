// Preloaded into the server by bench/load.mjs (`--import`), never by the academy itself: the server's
// event-loop delay (perf_hooks.monitorEventLoopDelay, 10 ms resolution), asked for over the IPC channel
// the bench opens. 'loop-reset' starts a new window; 'loop-stats' answers with the window's p50, p99 and
// max in milliseconds. A stall (synchronous work, a GC pause, a WASM query on the main thread) shows as
// delay: every request that arrives during it waits for it.
import { monitorEventLoopDelay } from 'node:perf_hooks';

if (process.send) {
  const histogram = monitorEventLoopDelay({ resolution: 10 });
  histogram.enable();
  const ms = (ns) => +(ns / 1e6).toFixed(1);
  process.on('message', (message) => {
    if (message === 'loop-reset') histogram.reset();
    if (message === 'loop-stats')
      process.send({
        loop: { p50: ms(histogram.percentile(50)), p99: ms(histogram.percentile(99)), max: ms(histogram.max) },
      });
  });
  // the channel must not keep a server that is asked to stop alive
  process.channel?.unref();
}
