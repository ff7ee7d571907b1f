import fp from 'fastify-plugin';
import type { App } from '../../common/types';
import { createUserRepository, type UserRepository } from './repository';

declare module 'fastify' {
  interface FastifyInstance {
    /** the one user lookup (find a user, find a student) */
    users: UserRepository;
  }
}

/** The users' repository, made once (docs/architecture.md, "Server"). */
export default fp(
  async function usersPlugin(app: App) {
    app.decorate('users', createUserRepository(app.db));
  },
  { name: 'users', dependencies: ['database'] },
);
