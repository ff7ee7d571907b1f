import fp from 'fastify-plugin';
import type { App } from '../common/types';
import { SandboxPool } from '../grading/sandbox/pool';

declare module 'fastify' {
  interface FastifyInstance {
    /** runs students' code in QuickJS worker threads */
    sandbox: SandboxPool;
  }
}

/** The code sandbox's worker pool, closed with the app. */
export default fp(
  async function sandboxPlugin(app: App) {
    const sandbox = new SandboxPool();
    app.decorate('sandbox', sandbox);
    app.addHook('onClose', async () => sandbox.close());
  },
  { name: 'sandbox' },
);
