// nginx in front of several Academy API instances (docs/scaling.md, "Scaling"), from deploy/nginx/academy.conf,
// in the foreground, with a prefix folder of its own: no system configuration is read or changed.
//
//   node deploy/nginx/nginx.mjs --listen 8280 --upstream 127.0.0.1:8201 --upstream 127.0.0.1:8202
//
// Options: --listen [host:]port (default 8280), --upstream host:port (repeat; default 127.0.0.1:8201
// and :8202), --prefix folder (default .nginx/ in the repository), --workers n (default auto),
// --max-fails n and --fail-timeout s (passive health, default 1 and 5). Ctrl-C stops it.
// Also imported by bench/scale-out.mjs (startNginx).
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '..', '..');

/** The nginx binary: NGINX, else on PATH, else Debian's /usr/sbin/nginx; null when there is none. */
export function findNginx() {
  const candidates = [process.env.NGINX, 'nginx', '/usr/sbin/nginx'].filter(Boolean);
  for (const candidate of candidates) {
    const result = spawnSync(candidate, ['-v'], { stdio: 'ignore' });
    if (!result.error && result.status === 0) return candidate;
  }
  return null;
}

/** academy.conf with its words filled in. */
export function renderConfig({ listen, upstreams, prefix, workers = 'auto', maxFails = 1, failTimeout = 5, accessLog }) {
  const template = fs.readFileSync(path.join(here, 'academy.conf'), 'utf8');
  const servers = upstreams
    .map((address) => `    server ${address} max_fails=${maxFails} fail_timeout=${failTimeout}s;`)
    .join('\n');
  const words = {
    '@WORKERS@': String(workers),
    '@PREFIX@': prefix,
    '@LISTEN@': String(listen),
    '@ACCESS_LOG@': accessLog ?? path.join(prefix, 'access.log'),
    '@UPSTREAM_SERVERS@': servers,
  };
  const text = template.replace(/@[A-Z_]+@/g, (word) => {
    if (!(word in words)) throw new Error(`academy.conf: unknown word ${word}`);
    return words[word];
  });
  return text;
}

function listening(port, host) {
  return new Promise((resolve) => {
    const socket = net.connect({ port, host, timeout: 500 });
    socket.once('connect', () => (socket.end(), resolve(true)));
    socket.once('error', () => resolve(false));
    socket.once('timeout', () => (socket.destroy(), resolve(false)));
  });
}

/**
 * Writes the configuration into `prefix`, checks it (`nginx -t`) and starts nginx in the foreground;
 * resolves once it accepts connections. `stop()` ends it (SIGQUIT: in-flight requests finish).
 */
export async function startNginx(options) {
  const nginx = options.nginx ?? findNginx();
  if (!nginx) throw new Error('nginx is not installed (Debian: apt-get install -y nginx)');
  const prefix = path.resolve(options.prefix);
  fs.mkdirSync(prefix, { recursive: true });
  // started as root, nginx's workers run as an unprivileged user: they must reach the temp folders
  // (request bodies over 16 KB are buffered there; a mkdtemp folder is 0700)
  fs.chmodSync(prefix, 0o755);
  for (const dir of ['temp/body', 'temp/proxy', 'temp/fastcgi', 'temp/uwsgi', 'temp/scgi'])
    fs.mkdirSync(path.join(prefix, dir), { recursive: true });
  const conf = path.join(prefix, 'academy.conf');
  fs.writeFileSync(conf, renderConfig({ ...options, prefix }));
  // -e: the error log before the configuration is read (else the compiled-in /var/log path)
  const args = ['-p', prefix, '-e', 'stderr', '-c', conf];
  const test = spawnSync(nginx, [...args, '-t', '-q'], { encoding: 'utf8' });
  if (test.status !== 0) throw new Error(`nginx -t failed:\n${test.stderr}`);
  const [host, port] = String(options.listen).includes(':')
    ? [String(options.listen).split(':')[0], Number(String(options.listen).split(':')[1])]
    : ['127.0.0.1', Number(options.listen)];
  // else "it answers" below could be another program's answer
  if (await listening(port, host)) throw new Error(`${host}:${port} is in use already`);
  const child = spawn(nginx, [...args, '-g', 'daemon off;'], { stdio: ['ignore', 'inherit', options.stderr ?? 'inherit'] });
  const exited = new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
  for (let i = 0; i < 100; i += 1) {
    if (child.exitCode !== null) throw new Error(`nginx exited with ${child.exitCode}`);
    if (await listening(port, host)) break;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return {
    child,
    conf,
    accessLog: options.accessLog ?? path.join(prefix, 'access.log'),
    url: `http://${host}:${port}`,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGQUIT');
      await exited;
    },
  };
}

function parseArgs(argv) {
  const options = { listen: '127.0.0.1:8280', upstreams: [], prefix: path.join(root, '.nginx') };
  for (let i = 0; i < argv.length; i += 1) {
    const [name, value] = [argv[i], argv[i + 1]];
    if (value === undefined) throw new Error(`${name} needs a value`);
    if (name === '--listen') options.listen = value;
    else if (name === '--upstream') options.upstreams.push(value);
    else if (name === '--prefix') options.prefix = value;
    else if (name === '--workers') options.workers = value;
    else if (name === '--max-fails') options.maxFails = Number(value);
    else if (name === '--fail-timeout') options.failTimeout = Number(value);
    else throw new Error(`unknown option ${name}`);
    i += 1;
  }
  if (options.upstreams.length === 0) options.upstreams = ['127.0.0.1:8201', '127.0.0.1:8202'];
  if (!String(options.listen).includes(':')) options.listen = `127.0.0.1:${options.listen}`;
  return options;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const options = parseArgs(process.argv.slice(2));
  const running = await startNginx(options);
  console.log(`nginx on ${running.url} in front of ${options.upstreams.join(', ')} (${running.conf})`);
  const stop = () => void running.stop().then(() => process.exit(0));
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  running.child.once('exit', (code) => process.exit(code ?? 1));
}
