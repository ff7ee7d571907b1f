import type { FastifyInstance } from 'fastify';
import { forbidden, notFound, ok } from '../../plugins/errors';
import { currentUser, requireUser } from '../../plugins/session';
import { profileAccess, toProfile, toPublicProfile } from './service';

const idParams = {
  type: 'object',
  required: ['id'],
  properties: { id: { type: 'integer', minimum: 1, maximum: 2147483647 } },
} as const;

export default async function profileRoutes(app: FastifyInstance): Promise<void> {
  app.get('/api/user/profile', { preHandler: requireUser }, async (request) => ok(toProfile(currentUser(request))));

  app.get<{ Params: { id: number } }>(
    '/api/user/profile/:id',
    { preHandler: requireUser, schema: { params: idParams } },
    async (request) => {
      const viewer = currentUser(request);
      const target = await app.db.selectFrom('users').selectAll().where('id', '=', request.params.id).executeTakeFirst();
      if (!target) throw notFound(`There is no user with id ${request.params.id}`);
      const access = profileAccess(viewer, target);
      if (access === 'none') {
        // A paying student is not told whether a student outside their direction exists.
        if (viewer.role === 'PAY_STUDENT') throw notFound(`There is no student with id ${request.params.id} in your direction`);
        throw forbidden('You may not view this user');
      }
      return ok(access === 'full' ? toProfile(target) : toPublicProfile(target));
    },
  );
}
