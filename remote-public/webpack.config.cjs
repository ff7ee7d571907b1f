const { createConfig } = require('../tooling/webpack.cjs');

module.exports = createConfig({
  dir: __dirname,
  name: 'academy_public',
  exposes: { './App': './src/app.tsx', './LegalPage': './src/features/legal/legal-page.tsx' },
  port: 3004,
});
