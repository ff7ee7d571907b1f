import { loadConfig } from './config';
import { prepareAcademy } from './main';
import { holdPagesWhileBuilding, type BuildMessage } from './plugins/frontend-building';

/** Connections the kernel holds for the server before it accepts them (see the listen call). */
const LISTEN_BACKLOG = 4096;

async function start(): Promise<void> {
  const config = loadConfig();
  // PGlite's thread crashed: every query would fail from then on, so the process ends and whoever
  // runs it (systemd, a container, npm start's parent) starts it again on the same data folder
  const academy = await prepareAcademy(config, undefined, {
    onDatabaseDeath: (cause) => {
      console.error(`The database thread ended: ${cause.message}. Exiting.`);
      process.exit(1);
    },
  });
  const shutdown = async (signal: string) => {
    academy.app.log.info(`${signal}: shutting down`);
    await academy.stop();
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
  // `npm start` runs this while it still builds the frontends it names here; once asked (`listening`),
  // it says which are built so far and then each as it is built
  const building = process.env.ACADEMY_FRONTENDS_BUILDING?.split(',').filter(Boolean) ?? [];
  if (building.length > 0 && process.send) {
    const onMessage = holdPagesWhileBuilding(academy.app, building);
    process.on('message', (message: BuildMessage) => {
      onMessage(message);
      if ('allBuilt' in message) academy.app.log.info(`Frontends built: the academy is ready on http://localhost:${config.port}`);
    });
  }
  // Node's default queue of 511 connections not yet accepted overflowed when a step of 4,000 students
  // arrived behind nginx (9,299 ListenOverflows in one two-instance curve): the kernel dropped the connections, nginx's
  // 2 s connect timeout took both instances out of its upstream and every request got 502 for 5–8 s. A
  // longer queue (the kernel caps it at net.core.somaxconn) lets the overload guard answer 503 instead.
  await academy.app.listen({ port: config.port, host: config.host, backlog: LISTEN_BACKLOG });
  const where = config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `PGlite in ${config.dataDir}`;
  // process.uptime(): from the process's start (Node itself, loading the code, the database) to listening
  const startedIn = `${process.uptime().toFixed(1)} s`;
  const pending = building.length > 0 && process.send ? '; pages wait for the frontend builds' : '';
  academy.app.log.info(`Academy is up on http://localhost:${config.port} using ${where} (started in ${startedIn})${pending}`);
  if (pending) process.send!({ listening: true });
}

start().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
