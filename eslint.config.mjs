import js from '@eslint/js';
import importX from 'eslint-plugin-import-x';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import testingLibrary from 'eslint-plugin-testing-library';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const FRONTENDS = ['shell', 'remote-student', 'remote-mentor', 'remote-enrollee', 'remote-public'];

import fs from 'node:fs';

/**
 * Boundaries as `import-x/no-restricted-paths` zones, all in one block: unlike `no-restricted-imports`,
 * whose later blocks silently replace earlier ones for the same files, these zones are declared once
 * and every file gets all of them (eslint-boundaries.test.ts checks a few violations still fail).
 */
const others = (app) => [...FRONTENDS.filter((other) => other !== app), 'server'].map((dir) => `./${dir}`);
const features = (app) => {
  const dir = `${app}/src/features`;
  return fs.existsSync(dir) ? fs.readdirSync(dir).filter((name) => fs.statSync(`${dir}/${name}`).isDirectory()) : [];
};
const BOUNDARY_ZONES = [
  // an app imports only shared and npm packages: never another app, never the server
  ...FRONTENDS.map((app) => ({
    target: `./${app}`,
    from: others(app),
    message: 'Apps never import each other (or the server): share through @academy/shared.',
  })),
  // the repository's tooling (builds, benches' helpers, test setup) never imports an app's or the server's sources
  {
    target: './tooling',
    from: [...FRONTENDS, 'server'].map((dir) => `./${dir}`),
    message: 'tooling/ never imports an app: an app is built from its own folder (tooling/build-server-entry.mjs).',
  },
  // shared (contract and catalogues included) never imports an app or the server
  {
    target: './shared',
    from: [...FRONTENDS, 'server'].map((dir) => `./${dir}`),
    message: 'shared never imports an app.',
  },
  // the contract is read by the server: nothing else of shared, no app
  {
    target: './shared/src/contract',
    from: './shared/src',
    except: ['./contract'],
    message: 'The contract is imported by the server: no other shared parts.',
  },
  // bulletproof-react: features do not import each other; routes (and the app) compose them, and the
  // area's own shared layers (api, i18n, task-kinds, …) never import features or routes
  ...FRONTENDS.flatMap((app) =>
    features(app).map((feature) => ({
      target: `./${app}/src/features/${feature}`,
      from: `./${app}/src/features`,
      except: [`./${feature}`],
      message: 'Features do not import each other: move what both need to the area’s shared layer, or compose in routes.',
    })),
  ),
  ...FRONTENDS.map((app) => ({
    target: ['api', 'components', 'hooks', 'i18n', 'lib', 'task-kinds', 'utils'].map((layer) => `./${app}/src/${layer}`),
    from: [`./${app}/src/features`, `./${app}/src/routes`, `./${app}/src/app.tsx`],
    message: 'The area’s shared layers never import its features or routes.',
  })),
];

/** Imports of shared's own parts by package name only (federation shares one instance of each entry). */
export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/node_modules/**',
      '**/@mf-types/**',
      'coverage/**',
      '.data/**',
      '.e2e-data/**',
      'e2e/test-results/**',
      'e2e/playwright-report/**',
      // generated: builds of the redeploy spec and the single-bundle bench, data of extra servers
      'e2e/.remote-deploy/**',
      'bench/.single/**',
      '.e2e-data-*/**',
      '.nginx/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    plugins: { 'import-x': importX },
    settings: { 'import-x/resolver': { node: { extensions: ['.ts', '.tsx', '.js', '.cjs', '.mjs'] } } },
    rules: {
      'import-x/no-cycle': ['error', { maxDepth: 10, ignoreExternal: true }],
      'import-x/no-self-import': 'error',
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      'import-x/no-restricted-paths': ['error', { basePath: import.meta.dirname, zones: BOUNDARY_ZONES }],
    },
  },
  {
    files: ['**/*.{cjs,mjs,js}'],
    languageOptions: { globals: { ...globals.node } },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    files: ['shared/src/**/*.{ts,tsx}', 'shell/src/**/*.{ts,tsx}', 'remote-*/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks, 'jsx-a11y': jsxA11y },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...jsxA11y.flatConfigs.recommended.rules,
    },
  },
  {
    files: ['shared/src/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@academy/*', '!@academy/shared', '**/shell/**', '**/remote-*/**', '**/server/**'],
              message: 'shared never imports an app.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['shared/src/contract/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['react', 'react-*', '@reduxjs/*', '../*'],
              message: 'The contract is imported by the server: no React, no other shared parts.',
            },
          ],
        },
      ],
    },
  },
  {
    // Each shared entry is a federation singleton: another entry imported by a relative path would be
    // a private copy in whichever bundle provides the importer (a second i18n context, a second store).
    files: ['shared/src/{account,api,domain,federation,i18n,rich-text,task-kinds,ui,validation}/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}', 'shared/src/i18n/{messages,ru,en}.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@academy/*', '!@academy/shared', '**/shell/**', '**/remote-*/**', '**/server/**'],
              message: 'shared never imports an app.',
            },
            {
              group: [
                '../account*',
                '../api*',
                '../domain*',
                '../federation*',
                '../i18n*',
                '../rich-text*',
                '../task-kinds*',
                '../ui*',
                '../validation*',
              ],
              message: 'Import another shared entry by its package name (@academy/shared/…), so federation shares one instance.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['shared/src/i18n/{messages,ru,en}.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['react', 'react-*', '@reduxjs/*', '../!(contract)'],
              message: 'The message catalogues are read by the server: no React, only the contract.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['server/src/**/*.ts'],
    languageOptions: { globals: { ...globals.node } },
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: [
                '@academy/shared/*',
                '!@academy/shared/contract',
                '!@academy/shared/accounts',
                '!@academy/shared/server-texts',
              ],
              message: 'The server imports only the contract (with its account rules) and the server texts of shared.',
            },
            { group: ['react', 'react-*'], message: 'No React on the server.' },
          ],
        },
      ],
    },
  },
  {
    files: ['**/*.test.{ts,tsx}'],
    ignores: ['server/**', 'e2e/**'],
    ...testingLibrary.configs['flat/react'],
  },
  {
    files: ['**/*.test.{ts,tsx}', 'tooling/jest/**', '**/testing/**'],
    languageOptions: { globals: { ...globals.jest, ...globals.node } },
  },
);
