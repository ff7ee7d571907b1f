// The academy as ONE webpack app, for bench/federation-cost.mjs only: the shell's build with every
// remote's exposed modules imported directly (code-split the same way) instead of through the
// federation runtime. Same sources, same loaders and minifier as tooling/webpack.cjs; the only swaps are
// no ModuleFederationPlugin and `@academy/shared/federation` → bench/single/federation-static.tsx.
// Output: bench/.single/shell/dist (served with ACADEMY_STATIC_ROOT=bench/.single).
const path = require('node:path');
const { NormalModuleReplacementPlugin } = require('webpack');
const { ModuleFederationPlugin } = require('@module-federation/enhanced/webpack');
const { createConfig } = require('./webpack.cjs');

const root = path.resolve(__dirname, '..');
const federated = createConfig({ dir: path.join(root, 'shell'), name: 'academy_shell', host: true, port: 3000 });

module.exports = (env, argv) => {
  const config = federated(env, argv);
  return {
    ...config,
    output: { ...config.output, path: path.join(root, 'bench', '.single', 'shell', 'dist') },
    // a persistent cache of its own: sharing the shell's made each build restore (and fail on) the
    // other's federation modules, and left the shell's next build with a cache written by this one
    cache: { ...config.cache, name: `single-${config.cache.name}` },
    plugins: [
      ...config.plugins.filter((plugin) => !(plugin instanceof ModuleFederationPlugin)),
      new NormalModuleReplacementPlugin(
        /^@academy\/shared\/federation$/,
        path.join(root, 'bench', 'single', 'federation-static.tsx'),
      ),
    ],
  };
};
