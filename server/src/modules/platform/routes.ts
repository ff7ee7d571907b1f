import type { FastifyInstance } from 'fastify';
import { ok } from '../../plugins/errors';

export default async function platformRoutes(app: FastifyInstance): Promise<void> {
  /** Where the shell finds each remote; no-cache so a redeployed remote is picked up at once. */
  app.get('/config/remotes.json', async (_request, reply) => {
    reply.header('cache-control', 'no-cache');
    return app.config.remotes;
  });

  /** Liveness check, also the bare endpoint that benchmarks compare against. */
  app.get('/api/health', async () => ok({ status: 'ok' }));
}
