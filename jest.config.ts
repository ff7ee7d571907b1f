/** @jest-config-loader esbuild-register */
import type { Config } from 'jest';

const swc: [string, Record<string, unknown>] = [
  '@swc/jest',
  {
    jsc: {
      parser: { syntax: 'typescript', tsx: true },
      transform: { react: { runtime: 'automatic' } },
      target: 'es2022',
    },
    module: { type: 'commonjs' },
  },
];

// ESM-only packages (they need Node 22's require(esm)); everything else in node_modules stays untransformed.
const ESM_ONLY = ['content-disposition', 'cookie', 'typebox'];
const transformIgnorePatterns = [`/node_modules/(?!.*/node_modules/)(?!(${ESM_ONLY.join('|')})/)`];

const web = (workspace: string): Config => ({
  displayName: workspace,
  rootDir: __dirname,
  roots: [`<rootDir>/${workspace}/src`],
  testEnvironment: '<rootDir>/tooling/jest/jsdom-env.cjs',
  testEnvironmentOptions: { customExportConditions: [''] },
  transform: { '^.+\\.[cm]?[jt]sx?$': swc },
  moduleNameMapper: { '\\.css$': '<rootDir>/tooling/jest/style-stub.cjs' },
  setupFilesAfterEnv: ['<rootDir>/tooling/jest/setup-dom.ts'],
});

// the warm Java compiler's warm-up (20 s of CPU) is for a live server: the suites start many compilers
process.env.ACADEMY_JAVA_WARMUP ??= '0';

const config: Config = {
  globalSetup: '<rootDir>/tooling/jest/global-setup.cjs',
  globalTeardown: '<rootDir>/tooling/jest/global-teardown.cjs',
  testTimeout: 30_000,
  // Jest's default is one worker fewer than the cores: one on our 2-core machines, every suite in a row.
  // Most of a suite's time is PGlite's WebAssembly and the sandbox, so two workers use both cores.
  maxWorkers: 2,
  projects: [
    {
      displayName: 'server',
      rootDir: __dirname,
      roots: ['<rootDir>/server/src'],
      testEnvironment: 'node',
      transform: { '^.+\\.[cm]?[jt]sx?$': swc },
      transformIgnorePatterns,
    },
    {
      // the build tooling itself (webpack's persistent cache against a cold build)
      displayName: 'tooling',
      rootDir: __dirname,
      roots: ['<rootDir>/tooling'],
      testEnvironment: 'node',
      transform: { '^.+\\.[cm]?[jt]sx?$': swc },
    },
    web('shared'),
    web('shell'),
    web('remote-student'),
    web('remote-mentor'),
    web('remote-enrollee'),
    web('remote-public'),
  ],
};

export default config;
