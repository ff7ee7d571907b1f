const { createConfig } = require('../tooling/webpack.cjs');

module.exports = createConfig({
  dir: __dirname,
  name: 'academy_student',
  exposes: { './App': './src/app.tsx' },
  port: 3001,
});
