// Starts the real API server once for the frontend integration tests: a fresh in-memory PGlite
// database, demo users seeded, test factories on, listening on a free port.
require('tsx/cjs/api').register();
const path = require('node:path');

module.exports = async function globalSetup() {
  const { prepareAcademy } = require(path.join(__dirname, '../../server/src/main.ts'));
  const { testConfig } = require(path.join(__dirname, '../../server/src/testing/test-app.ts'));
  const { factoryRoutes } = require(path.join(__dirname, '../../server/src/testing/factory-routes.ts'));
  const config = testConfig({ seedDemo: 'force', signInLimit: { perAccount: 50, perAddress: 100000, windowMinutes: 15 } });
  const academy = await prepareAcademy(config, factoryRoutes);
  const address = await academy.app.listen({ port: 0, host: '127.0.0.1' });
  process.env.ACADEMY_TEST_API_URL = address;
  globalThis.__academyServer = academy;
};
