// The academy as `npm start` runs it (built frontends required), on a fresh embedded database, with the
// demo data, the test fixture courses and the test factories (server/src/testing/e2e-server.ts).
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
// a second e2e server (the remote redeploy spec's) has its own data folder and frontends folder
const dataDir = path.resolve(root, process.env.E2E_DATA_DIR ?? '.e2e-data');
const staticRoot = path.resolve(root, process.env.ACADEMY_STATIC_ROOT ?? '.');
fs.rmSync(dataDir, { recursive: true, force: true });
for (const workspace of ['shell', 'remote-student', 'remote-mentor', 'remote-enrollee', 'remote-public']) {
  if (!fs.existsSync(path.join(staticRoot, workspace, 'dist'))) {
    console.error(`${workspace} is not built: run \`npm run build\` before the browser suite`);
    process.exit(1);
  }
}
const server = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'server', 'src', 'testing', 'e2e-server.ts')], {
  cwd: root,
  stdio: 'inherit',
  env: {
    ...process.env,
    ACADEMY_DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    DATABASE_URL: '',
    NODE_ENV: 'production',
    ACADEMY_DEV_MAILBOX: '1',
    ACADEMY_E2E: '1',
  },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => process.exit(code ?? 0));
