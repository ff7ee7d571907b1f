import { Reply } from '../../common/schemas';
import type { App } from '../../common/types';
import { ok } from '../../plugins/errors';
import { HealthSchema, RemotesSchema } from './schemas';

const tags = ['platform'];

/** What the shell and the operators ask of the server itself: no rules, no SQL. */
export default async function platformModule(app: App): Promise<void> {
  /** Where the shell finds each remote; no-cache so a redeployed remote is picked up at once. */
  app.get(
    '/config/remotes.json',
    {
      config: { access: 'public' },
      schema: { summary: 'Where each remote’s entry lives (not enveloped)', tags, response: { 200: RemotesSchema } },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'no-cache');
      return app.config.remotes;
    },
  );

  /** Liveness check, also the bare endpoint that benchmarks compare against. */
  app.get(
    '/api/health',
    { config: { access: 'public' }, schema: { summary: 'Liveness check', tags, response: Reply(HealthSchema) } },
    async () => ok({ status: 'ok' as const }),
  );
}
