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

  // Issue 33 (CompileHintPlugin in build-plugins.cjs): the files every page runs whole start with V8's
  // compile hint, and their source maps account for its line; a chunk loaded on demand has none, nor
  // vendor-react (react-dom: needed before a whole compile of it is done, so compiled lazily).
  it('marks what every page runs as it starts, and only that, for eager compiling', () => {
    const out = path.join(scratch, 'cold');
    const hinted = (file: string) => fs.readFileSync(path.join(out, file), 'utf8').startsWith('//# allFunctionsCalledOnLoad\n');
    const preload = JSON.parse(fs.readFileSync(path.join(out, 'preload.json'), 'utf8')) as { groups: Record<string, string[]> };
    const atStart = ['main.js', ...preload.groups.bootstrap!.filter((file) => file.endsWith('.js'))];
    expect(atStart).toEqual(
      expect.arrayContaining([expect.stringMatching(/^vendor-react\./), expect.stringMatching(/^academy-shared\./)]),
    );
    const lazy = atStart.filter((file) => file.startsWith('vendor-react.'));
    expect(lazy).toHaveLength(1);
    for (const file of lazy) expect([file, hinted(file)]).toEqual([file, false]);
    for (const file of atStart.filter((name) => !lazy.includes(name))) {
      expect([file, hinted(file)]).toEqual([file, true]);
      const map = JSON.parse(fs.readFileSync(path.join(out, `${file}.map`), 'utf8')) as { mappings: string };
      expect([file, map.mappings[0]]).toEqual([file, ';']);
    }
    const onDemand = preload.groups.login!.filter((file) => file.endsWith('.js') && !atStart.includes(file));
    expect(onDemand.length).toBeGreaterThan(0);
    for (const file of onDemand) expect([file, hinted(file)]).toEqual([file, false]);
  });
});
