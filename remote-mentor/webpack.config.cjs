const { createConfig } = require('../tooling/webpack.cjs');

module.exports = createConfig({
  dir: __dirname,
  name: 'academy_mentor',
  exposes: { './App': './src/app.tsx', './TaskVerdict': './src/features/task-verdict/task-verdict.tsx' },
  port: 3002,
});
