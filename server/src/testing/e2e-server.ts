// The academy for the browser suite (tooling/e2e-server.mjs starts it): the production app on a fresh
// embedded database with the demo data (for the one smoke spec), the fixture courses and the test
// factories, which let every spec make its own users. `npm start` runs server.ts, which never loads this
// file; and this file refuses to run without ACADEMY_E2E=1 (before it loads the app) or with a PostgreSQL
// database.

async function start(): Promise<void> {
  if (process.env.ACADEMY_E2E !== '1') throw new Error('e2e-server.ts is for the browser suite only: set ACADEMY_E2E=1');
  const [{ loadConfig }, { prepareAcademy }, { factoryRoutes }, { importFixtureContent }] = await Promise.all([
    import('../config'),
    import('../main'),
    import('./factory-routes'),
    import('./fixtures'),
  ]);
  const config = loadConfig();
  if (config.databaseUrl) throw new Error('the browser suite runs on a fresh embedded database: unset DATABASE_URL');
  const academy = await prepareAcademy(config, factoryRoutes);
  await importFixtureContent(academy.database.db);
  // The demo's important announcement is for everyone and opens by itself: every spec's new user would
  // meet it over the page it tests. The smoke spec reads the demo; the bell's own specs publish theirs.
  await academy.database.db
    .updateTable('notifications')
    .set({ withdrawn_at: new Date() })
    .where('kind', '=', 'STAFF')
    .where('important', '=', true)
    .execute();
  const shutdown = async () => {
    await academy.stop();
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown());
  process.once('SIGTERM', () => void shutdown());
  await academy.app.listen({ port: config.port, host: config.host });
}

start().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
