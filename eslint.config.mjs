import js from '@eslint/js';
import importX from 'eslint-plugin-import-x';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import testingLibrary from 'eslint-plugin-testing-library';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const FRONTENDS = ['shell', 'remote-student', 'remote-mentor', 'remote-enrollee', 'remote-public'];

/** A workspace may not import another app: remotes and the shell meet only through `shared` at runtime. */
const appBoundaries = FRONTENDS.map((app) => ({
  files: [`${app}/src/**/*.{ts,tsx}`],
  rules: {
    'no-restricted-imports': [
      'error',
      {
        patterns: [
          {
            group: [
              ...FRONTENDS.filter((other) => other !== app).flatMap((other) => [`@academy/${other}`, `**/${other}/**`]),
              '@academy/server',
              '**/server/src/**',
            ],
            message: 'Apps never import each other (or the server): share through @academy/shared.',
          },
          {
            group: ['@academy/shared/src/*', '**/shared/src/**'],
            message: 'Import shared through its public subpaths (@academy/shared/api, /ui, ...).',
          },
        ],
      },
    ],
  },
}));

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
    files: ['shared/src/{account,api,domain,federation,i18n,rich-text,ui,validation}/**/*.{ts,tsx}'],
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
  ...appBoundaries,
  {
    files: ['server/src/**/*.ts'],
    languageOptions: { globals: { ...globals.node } },
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@academy/shared/*', '!@academy/shared/contract', '!@academy/shared/server-texts'],
              message: 'The server imports only the contract and the server texts of shared.',
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
