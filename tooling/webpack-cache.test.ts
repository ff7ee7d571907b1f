// Webpack's persistent cache must never change the product: the shell (whose shared react-router-dom
// once lost `export * from 'react-router'` when built from a warm cache) is built with its real
// production config twice, from an empty cache and from the cache the first build left, and every
// emitted file (JS, source maps, .gz/.br, index.html) must be byte for byte the same.
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import webpack, { type Configuration, type Stats } from 'webpack';

const root = path.resolve(__dirname, '..');
const requireConfig = createRequire(__filename);

type ConfigFactory = (env: unknown, argv: { mode: string }) => Configuration;

function build(config: Configuration): Promise<Stats> {
  return new Promise((resolve, reject) => {
    const compiler = webpack(config);
    compiler.run((error, stats) => {
      // close() writes the persistent cache
      compiler.close((closeError) => {
        if (error || closeError || !stats) reject(error ?? closeError ?? new Error('no stats'));
        else if (stats.hasErrors()) reject(new Error(stats.toString('errors-only')));
        else resolve(stats);
      });
    });
  });
}

/** Every file under `dir`, by relative path, with its content. */
function files(dir: string): Map<string, Buffer> {
  const found = new Map<string, Buffer>();
  for (const entry of fs.readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const full = path.join(entry.parentPath, entry.name);
    found.set(path.relative(dir, full), fs.readFileSync(full));
  }
  return found;
}

describe('webpack persistent cache', () => {
  let scratch: string;
  beforeAll(() => {
    scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'academy-webpack-cache-'));
  });
  afterAll(() => fs.rmSync(scratch, { recursive: true, force: true }));

  it('builds the shell from a warm cache exactly as from a cold one', async () => {
    const factory = requireConfig(path.join(root, 'shell', 'webpack.config.cjs')) as ConfigFactory;
    const configFor = (out: string): Configuration => {
      const config = factory({}, { mode: 'production' });
      const cache = config.cache as Extract<Configuration['cache'], { type: 'filesystem' }>;
      expect(cache.type).toBe('filesystem');
      return {
        ...config,
        output: { ...config.output, path: path.join(scratch, out) },
        cache: { ...cache, cacheDirectory: path.join(scratch, 'cache') },
      };
    };

    const cold = await build(configFor('cold'));
    const warm = await build(configFor('warm'));

    // the second build really came from the cache: (almost) nothing was built again
    const built = ({ compilation }: Stats) =>
      [...compilation.modules].filter((module) => compilation.builtModules.has(module)).length;
    expect(built(cold)).toBeGreaterThan(100);
    expect(built(warm)).toBeLessThan(built(cold) / 10);

    const coldFiles = files(path.join(scratch, 'cold'));
    const warmFiles = files(path.join(scratch, 'warm'));
    expect([...warmFiles.keys()].sort()).toEqual([...coldFiles.keys()].sort());
    const differing = [...coldFiles].filter(([name, content]) => !content.equals(warmFiles.get(name)!)).map(([name]) => name);
    expect(differing).toEqual([]);
  }, 300_000);
});
