// Preloaded into the server by bench/load.mjs (`--import`), never by the academy itself: the server's
// event-loop delay (bench/loop-delay.mjs), asked for over the IPC channel the bench opens. 'loop-reset'
// starts a new window; 'loop-stats' answers with the window's p50, p99 and max in milliseconds. A stall
// (synchronous work, a GC pause, a WASM query on the main thread) shows as delay: every request that
// arrives during it waits for it.
import { loopDelay } from './loop-delay.mjs';

if (process.send) {
  const delay = loopDelay();
  process.on('message', (message) => {
    if (message === 'loop-reset') delay.reset();
    if (message === 'loop-stats') process.send({ loop: delay.stats() });
  });
  // the channel must not keep a server that is asked to stop alive
  process.channel?.unref();
}
