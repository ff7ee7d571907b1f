import fp from 'fastify-plugin';
import type { App } from '../common/types';
import { NativeGraders } from '../grading/native';
import { SandboxPool } from '../grading/sandbox/pool';

declare module 'fastify' {
  interface FastifyInstance {
    /** runs students' code in QuickJS, in child processes */
    sandbox: SandboxPool;
    /** grades Java, Go and Python in the OS sandbox (bubblewrap) and SQL on PGlite */
    graders: NativeGraders;
  }
}

/** The code sandboxes (started on first use, so an app that grades no code pays nothing), closed with the app. */
export default fp(
  async function sandboxPlugin(app: App) {
    const sandbox = new SandboxPool({ log: app.log });
    const graders = new NativeGraders();
    app.decorate('sandbox', sandbox);
    app.decorate('graders', graders);
    app.addHook('onClose', async () => Promise.all([sandbox.close(), graders.close()]));
  },
  { name: 'sandbox' },
);
