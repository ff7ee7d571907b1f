import fp from 'fastify-plugin';
import type { App } from '../common/types';
import { SandboxPool } from '../grading/sandbox/pool';

declare module 'fastify' {
  interface FastifyInstance {
    /** runs students' code in QuickJS, in child processes */
    sandbox: SandboxPool;
  }
}

/** The code sandbox's process pool (started on first use, so an app that grades no code pays nothing), closed with the app. */
export default fp(
  async function sandboxPlugin(app: App) {
    const sandbox = new SandboxPool({ log: app.log });
    app.decorate('sandbox', sandbox);
    app.addHook('onClose', async () => sandbox.close());
  },
  { name: 'sandbox' },
);
