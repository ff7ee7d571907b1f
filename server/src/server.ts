import { loadConfig } from './config';
import { prepareAcademy } from './main';

async function start(): Promise<void> {
  const config = loadConfig();
  const academy = await prepareAcademy(config);
  const shutdown = async (signal: string) => {
    academy.app.log.info(`${signal}: shutting down`);
    await academy.stop();
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
  await academy.app.listen({ port: config.port, host: config.host });
  const where = config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `PGlite in ${config.dataDir}`;
  // process.uptime(): from the process's start (Node itself, loading the code, the database) to listening
  const startedIn = `${process.uptime().toFixed(1)} s`;
  academy.app.log.info(`Academy is up on http://localhost:${config.port} using ${where} (started in ${startedIn})`);
}

start().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
