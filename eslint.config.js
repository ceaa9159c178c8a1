import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import noLiteralText from './scripts/eslint/no-literal-text.js';

export default tseslint.config(
  { ignores: ['dist/', 'data/', 'node_modules/', 'test-results/', 'playwright-report/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': 'off',
    },
  },
  {
    files: ['src/client/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    // Every word on screen from the catalogues (docs/decisions/023-languages.md).
    files: ['src/client/**/*.{ts,tsx}'],
    ignores: ['src/client/**/*.test.{ts,tsx}', 'src/client/test/**'],
    plugins: { betbro: { rules: { 'no-literal-text': noLiteralText } } },
    rules: { 'betbro/no-literal-text': 'error' },
  },
  {
    // Shared code runs in the browser and in Node: it may import neither.
    files: ['src/shared/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: ['node:*', 'fastify*', 'react*', '../server/*', '../client/*'] }],
      'no-restricted-globals': ['error', 'window', 'document', 'process', 'Buffer'],
    },
  },
  {
    // Imports flow one way: shared -> server / client. The client never reaches into the server.
    files: ['src/client/**/*.{ts,tsx}'],
    rules: { 'no-restricted-imports': ['error', { patterns: ['**/server/**', 'node:*'] }] },
  },
  {
    // Test files sharing one module graph per worker (the client's, the server's): a module
    // vi.mock replaces stays replaced for the files after it, or is not replaced at all when an
    // earlier file loaded it (docs/how-to.md, "Keep the tests fast").
    files: ['src/client/**/*.test.{ts,tsx}', 'src/server/**/*.test.ts'],
    rules: {
      'no-restricted-properties': [
        'error',
        { object: 'vi', property: 'mock', message: 'Spy on the one function instead (vi.spyOn): this project shares modules across test files.' },
      ],
    },
  },
);
