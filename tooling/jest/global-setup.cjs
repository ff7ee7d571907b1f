// Starts the real API server once for the frontend integration tests: a fresh in-memory PGlite
// database with the test fixture courses (server/src/testing/fixtures), test factories on, listening on
// a free port.
require('tsx/cjs/api').register();
const path = require('node:path');

module.exports = async function globalSetup() {
  const { startTestServer } = require(path.join(__dirname, '../../server/src/testing/test-server.ts'));
  const { academy, address } = await startTestServer();
  process.env.ACADEMY_TEST_API_URL = address;
  globalThis.__academyServer = academy;
};
