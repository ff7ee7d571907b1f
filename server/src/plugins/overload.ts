import underPressure from '@fastify/under-pressure';
import fp from 'fastify-plugin';
import type { App } from '../common/types';
import { retryLater } from '../common/errors';
import { isApiPath } from './errors';

/** How often the count of API requests in progress is compared with the bound. */
const CHECK_MS = 20;
/** The seconds a shed request is told to wait (Retry-After). */
const RETRY_AFTER_SECONDS = 2;

/**
 * Overload sheds instead of queueing (issue 33): past `maxInFlight` API requests in progress in this
 * process (ACADEMY_MAX_IN_FLIGHT: 128 on PGlite, 256 on PostgreSQL; by Little's law about 150 ms of
 * waiting at each database's pace), a new request is answered at once with 503,
 * `Retry-After` and the catalogue's text, rather than waiting seconds behind the others. The measuring
 * is `@fastify/under-pressure`'s (its health check runs every 20 ms); the bound is ours, since what
 * saturates first here is the database behind the loop, not the loop.
 */
export default fp(
  async function overloadPlugin(app: App, { maxInFlight }: { maxInFlight: number }) {
    let inFlight = 0;
    const counted = new WeakSet<object>();
    app.addHook('onRequest', async (request) => {
      if (!isApiPath(request.url)) return;
      inFlight += 1;
      counted.add(request);
    });
    // answered, or given up by the client: counted out once either way
    const done = async (request: object) => {
      if (counted.delete(request)) inFlight -= 1;
    };
    app.addHook('onResponse', done);
    app.addHook('onRequestAbort', done);
    await app.register(underPressure, {
      healthCheck: async () => inFlight <= maxInFlight,
      healthCheckInterval: CHECK_MS,
      pressureHandler: async (request) => {
        request.log.warn({ inFlight }, 'overloaded: request shed');
        throw retryLater(503, 'server.overloaded', RETRY_AFTER_SECONDS);
      },
    });
  },
  { name: 'overload', dependencies: ['errors'] },
);
