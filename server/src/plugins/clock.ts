import fp from 'fastify-plugin';
import type { App } from '../common/types';

/** The time rules are decided by: the real clock, or a test's (set `now` to move it, never sleep). */
export interface Clock {
  now(): Date;
}

declare module 'fastify' {
  interface FastifyInstance {
    clock: Clock;
  }
}

/** One clock for every time window of the areas (comment edit window, statistics "today"). */
export default fp(
  async function clockPlugin(app: App) {
    app.decorate('clock', { now: () => new Date() } satisfies Clock);
  },
  { name: 'clock' },
);
