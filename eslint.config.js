// @ts-check
import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/coverage/**',
      'data/**',
      '**/playwright-report/**',
      '**/test-results/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    // Registered as `import` so the rules read as the team knows them (import/no-cycle, ...).
    plugins: { import: importX },
    settings: {
      'import-x/resolver-next': [createTypeScriptImportResolver({ alwaysTryTypes: true })],
    },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
      'import/no-cycle': 'error',
      'import/no-self-import': 'error',
      'import/no-duplicates': 'error',
      'no-console': ['error', { allow: ['warn', 'error', 'info'] }],
    },
  },
  {
    files: ['packages/core/**/*.ts'],
    rules: {
      // core is pure: no I/O, no Node, no React.
      'no-restricted-imports': [
        'error',
        { patterns: ['node:*', 'react', 'react-dom', '@mui/*', 'fastify', 'kysely'] },
      ],
    },
  },
  {
    // The one exception: the catalogue module reads its own data files (server and tests only).
    files: ['packages/core/catalogue/**/*.ts'],
    rules: { 'no-restricted-imports': 'off' },
  },
  {
    // The catalogue is served by the API; the browser bundle never carries it. Every dialog closes
    // on the phone's Back: components/dialog/dialog.tsx wraps MUI's for that.
    files: ['apps/web/src/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [{ group: ['@kkb/core/catalogue'], message: 'Fetch activities from the API.' }],
          paths: [
            {
              name: '@mui/material/Dialog',
              importNames: ['default'],
              message: 'Use components/dialog/dialog: Back closes it.',
            },
            {
              name: '@mui/material',
              importNames: ['Dialog'],
              message: 'Use components/dialog/dialog: Back closes it.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      // bulletproof-react: app -> features -> shared, and features do not import one another.
      'import/no-restricted-paths': [
        'error',
        {
          zones: [
            {
              target: './apps/web/src/features/auth',
              from: './apps/web/src/features',
              except: ['./auth'],
            },
            {
              target: './apps/web/src/features/family',
              from: './apps/web/src/features',
              except: ['./family', './auth'],
            },
            {
              target: './apps/web/src/features/activities',
              from: './apps/web/src/features',
              except: ['./activities', './auth', './family', './achievements'],
            },
            {
              target: './apps/web/src/features/achievements',
              from: './apps/web/src/features',
              except: ['./achievements', './auth', './family'],
            },
            {
              target: './apps/web/src/features/notifications',
              from: './apps/web/src/features',
              except: ['./notifications', './auth', './family'],
            },
            {
              target: './apps/web/src/features/system',
              from: './apps/web/src/features',
              except: ['./system', './auth'],
            },
            {
              target: './apps/web/src/features/theater',
              from: './apps/web/src/features',
              except: ['./theater', './activities', './achievements', './family', './auth'],
            },
            {
              target: './apps/web/src/features/circular',
              from: './apps/web/src/features',
              except: ['./circular', './activities', './achievements', './family', './auth'],
            },
            {
              target: './apps/web/src/features/planner',
              from: './apps/web/src/features',
              except: ['./planner', './activities', './achievements', './family', './auth'],
            },
            {
              target: './apps/web/src/features/animation',
              from: './apps/web/src/features',
              except: ['./animation', './auth'],
            },
            { target: './apps/web/src/features', from: './apps/web/src/app' },
            {
              target: [
                './apps/web/src/components',
                './apps/web/src/hooks',
                './apps/web/src/lib',
                './apps/web/src/types',
              ],
              from: ['./apps/web/src/features', './apps/web/src/app'],
            },
          ],
        },
      ],
    },
  },
  {
    files: ['**/*.test.{ts,tsx}', 'e2e/**/*.ts', 'bench/**/*', 'scripts/**/*'],
    rules: { 'no-console': 'off' },
  },
);
