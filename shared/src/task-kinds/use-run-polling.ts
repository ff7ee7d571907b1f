import { useEffect, useEffectEvent, useRef } from 'react';

/** How often a page asks again for a task whose answer a grader is checking. */
export const RUN_POLL_MS = 700;

/**
 * While a code answer is being graded (the task's `run`: Java, Go, Python go to a grader), the page
 * subscribes to its task's query a second time with `pollingInterval: RUN_POLL_MS` (skipped otherwise),
 * and calls this with whether a run is on: `onEnd` once the run it saw has ended (the result is in the
 * task then), to ask again for what else the result changes (the history, the course's points).
 */
export function useRunEnded(running: boolean, onEnd: () => void): void {
  const ended = useEffectEvent(onEnd);
  const previous = useRef(running);
  useEffect(() => {
    if (previous.current && !running) ended();
    previous.current = running;
  }, [running]);
}
