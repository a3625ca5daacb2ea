import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import regexpPlugin from 'eslint-plugin-regexp';
import securityPlugin from 'eslint-plugin-security';
import { featureBoundariesPlugin } from './scripts/feature-boundaries.mjs';

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'data/**',
      // test runs write here (the browser tests' bundled CLI host, reports) while the lint runs
      '.tmp/**',
      'coverage/**',
      'apps/web/src/api/generated/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-eval': 'error',
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
  {
    // features talk through their index.ts and never import app/ (STYLE.md habit 11)
    files: ['apps/web/src/**/*.{ts,tsx}'],
    plugins: { 'feature-boundaries': featureBoundariesPlugin },
    rules: { 'feature-boundaries/imports': 'error' },
  },
  {
    // the server reads time only through its clock, so tests move time instead of sleeping
    files: ['apps/server/src/**/*.ts'],
    ignores: ['apps/server/src/clock.ts', '**/*.test.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "CallExpression[callee.object.name='Date'][callee.property.name='now']",
          message: 'Read time through the injected Clock (clock.now()), not Date.now().',
        },
        {
          selector: "NewExpression[callee.name='Date'][arguments.length=0]",
          message: 'Read time through the injected Clock (clock.now()), not new Date().',
        },
      ],
    },
  },
  {
    // security checklist C25: no eval and no regex that backtracks or moves super-linearly (ReDoS)
    files: ['apps/*/src/**/*.{ts,tsx}', 'packages/*/src/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}'],
    plugins: { regexp: regexpPlugin, security: securityPlugin },
    rules: {
      'regexp/no-super-linear-backtracking': 'error',
      'regexp/no-super-linear-move': 'error',
      'security/detect-non-literal-regexp': 'error',
      'security/detect-eval-with-expression': 'error',
      'no-new-func': 'error',
      'no-implied-eval': 'error',
    },
  },
  {
    // production code never loads the test runner or test support: what ships is what runs.
    // Test support lives in each app's and package's `test-support/` beside `src/`, so every
    // file under `src/` but the tests is production code.
    files: ['apps/*/src/**/*.{ts,tsx}', 'packages/*/src/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['vitest', 'vitest/*', '@vitest/*'],
              message: 'Production code must not import the test runner.',
            },
            {
              group: ['**/test/**', '**/test-support', '**/test-support/**', '**/*test-support*'],
              message: 'Production code must not import test support.',
            },
            {
              group: ['**/*.test', '**/*.test.*'],
              message: 'Production code must not import a test file.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/web/public/**/*.js'],
    languageOptions: { globals: { ...globals.serviceworker } },
  },
);
