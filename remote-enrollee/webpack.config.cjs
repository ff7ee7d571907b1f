const { createConfig } = require('../tooling/webpack.cjs');

module.exports = createConfig({
  dir: __dirname,
  name: 'academy_enrollee',
  exposes: { './App': './src/app.tsx' },
  port: 3003,
});
