import type { FastifyInstance } from 'fastify';
import { isApiPath } from './errors';

/** What `npm start` (tooling/start.mjs) tells its server over IPC while it builds the frontends. */
export type BuildMessage = { built: string } | { allBuilt: true };

const escape = (text: string) => text.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * `npm start` starts the server (database, migrations, demo data) while the frontends are still being
 * built. Until all of them are, every page and frontend file answers 503 with a small page that names
 * what is built and reloads itself, so no one gets a shell without its remotes; the API works at once.
 * Returns the handler for the start script's messages.
 */
export function holdPagesWhileBuilding(app: FastifyInstance, apps: readonly string[]): (message: BuildMessage) => void {
  const built = new Set<string>();
  let done = false;
  app.addHook('onRequest', async (request, reply) => {
    if (done || isApiPath(request.url)) return;
    const list = apps.map((name) => `<li>${escape(name)}: ${built.has(name) ? 'built' : 'being built…'}</li>`).join('');
    return reply
      .status(503)
      .header('retry-after', '2')
      .header('cache-control', 'no-store')
      .type('text/html; charset=utf-8')
      .send(
        `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta http-equiv="refresh" content="2">` +
          `<title>Academy: being built</title></head><body><main><h1>The academy is being built</h1>` +
          `<p>This is its first start (or its sources changed). This page reloads by itself.</p>` +
          `<ul>${list}</ul></main></body></html>`,
      );
  });
  return (message) => {
    if ('built' in message) built.add(message.built);
    else if (message.allBuilt) done = true;
  };
}
