const { createConfig } = require('../tooling/webpack.cjs');

module.exports = createConfig({ dir: __dirname, name: 'academy_shell', host: true, port: 3000 });
