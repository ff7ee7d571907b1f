import type { RunningAcademy } from '../main';
import { prepareAcademy } from '../main';
import { factoryRoutes } from './factory-routes';
import { importFixtureContent } from './fixtures';
import { testConfig } from './test-app';

/**
 * The real API server the frontend integration tests talk to (started once per jest run by
 * tooling/jest/global-setup.cjs): a fresh in-memory PGlite database with the fixture courses (no demo
 * data), the test factories, listening on a free port.
 */
export async function startTestServer(): Promise<{ academy: RunningAcademy; address: string }> {
  const config = testConfig({ signInLimit: { perAccount: 50, perAddress: 100000, windowMinutes: 15 } });
  const academy = await prepareAcademy(config, factoryRoutes);
  await importFixtureContent(academy.database.db);
  const address = await academy.app.listen({ port: 0, host: '127.0.0.1' });
  return { academy, address };
}
