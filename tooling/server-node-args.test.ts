// The server's node options (tooling/server-node-args.cjs) are the same wherever a command to start it is
// written down: `npm start -w server` and the commands of docs/scaling.md.
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(__dirname, '..');
// eslint-disable-next-line @typescript-eslint/no-require-imports -- a CommonJS list shared with the .mjs scripts
const SERVER_NODE_ARGS: string[] = require('./server-node-args.cjs');

/** The options of every `node … server.js` command in `text`. */
function commands(text: string): string[][] {
  return [...text.matchAll(/\bnode ((?:--[\w-]+(?:=\S+)? )*)(?:server\/)?dist\/server\.js/g)].map((match) =>
    (match[1] ?? '').trim().split(/\s+/).filter(Boolean),
  );
}

it('starts the server with the same node options everywhere a command is written', () => {
  const script = JSON.parse(fs.readFileSync(path.join(root, 'server', 'package.json'), 'utf8')).scripts.start;
  const scaling = fs.readFileSync(path.join(root, 'docs', 'scaling.md'), 'utf8');
  const found = [...commands(script), ...commands(scaling)];
  expect(found).toHaveLength(3);
  for (const options of found) expect(options).toEqual(SERVER_NODE_ARGS);
});
