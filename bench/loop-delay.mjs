// The event-loop delay as bench/load.mjs reports it, for the server (bench/loop-probe.mjs) and for the load
// generator itself. perf_hooks.monitorEventLoopDelay records the time between two callbacks of its own
// timer, the timer's interval included: an idle loop reads 10.1 ms at a 10 ms resolution. The delay is
// what comes on top of the interval (what @fastify/under-pressure subtracts too), so that is reported.
import { monitorEventLoopDelay } from 'node:perf_hooks';

const RESOLUTION_MS = 10;

/** A started histogram: `reset()` opens a new window, `stats()` gives its p50, p99 and max in ms. */
export function loopDelay() {
  const histogram = monitorEventLoopDelay({ resolution: RESOLUTION_MS });
  histogram.enable();
  const late = (ns) => +Math.max(0, ns / 1e6 - RESOLUTION_MS).toFixed(1);
  return {
    reset: () => histogram.reset(),
    stats: () => ({ p50: late(histogram.percentile(50)), p99: late(histogram.percentile(99)), max: late(histogram.max) }),
  };
}
