import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import type { Quote } from '@academy/shared/contract';
import { notFound, ok } from '../../plugins/errors';
import { currentUser, requireUser } from '../../plugins/session';

export default async function quoteRoutes(app: FastifyInstance): Promise<void> {
  app.get('/api/excerption/', { preHandler: requireUser }, async (request) => {
    const quote = await app.db
      .selectFrom('quotes')
      .select(['text', 'author'])
      .where('language', '=', currentUser(request).language)
      .orderBy(sql`random()`)
      .limit(1)
      .executeTakeFirst();
    if (!quote) throw notFound('There are no quotes');
    return ok<Quote>(quote);
  });
}
