import { createHash } from 'node:crypto';
import { Type } from 'typebox';
import { Reply } from '../../common/schemas';
import type { App } from '../../common/types';
import { ok } from '../../common/errors';
import { HealthSchema, RemotesSchema } from './schemas';

const tags = ['platform'];

/** What the shell and the operators ask of the server itself: no rules, no SQL. */
export default async function platformModule(app: App): Promise<void> {
  // remote-deploy: the shell asks again on entering an area; an ETag makes that a bodiless 304
  const remotesTag = `"${createHash('sha256').update(JSON.stringify(app.config.remotes)).digest('base64url').slice(0, 22)}"`;

  /** Where the shell finds each remote; no-cache so a redeployed remote is picked up at once. */
  app.get(
    '/config/remotes.json',
    {
      config: { access: 'public' },
      schema: {
        summary: 'Where each remote’s entry or manifest lives (not enveloped)',
        tags,
        response: { 200: RemotesSchema, 304: Type.Null({ description: 'Not modified (If-None-Match)' }) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-cache').header('etag', remotesTag);
      if (request.headers['if-none-match'] === remotesTag) return reply.status(304).send(null);
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
