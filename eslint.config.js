// Flat config for the whole workspace: strict typed rules for TypeScript, hooks rules for the PWA.
import js from '@eslint/js';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: [
      '**/dist/**', '**/node_modules/**', '**/dev-dist/**', 'coverage/**', 'test-results/**',
      'playwright-report/**', 'data/**', '**/*.config.js', 'scripts/**/*.mjs',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.strict,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-restricted-syntax': [
        'error',
        { selector: 'ExportDefaultDeclaration', message: 'Bitte benannte Exporte verwenden.' },
      ],
    },
  },
  {
    files: ['apps/pwa/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  {
    // Components and features reach local data only through repositories and hooks (design §2).
    files: ['apps/pwa/src/features/**/*.{ts,tsx}', 'apps/pwa/src/app/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ group: ['**/data/db', '**/data/db.ts'], message: 'Komponenten greifen nie direkt auf Dexie zu.' }] }],
    },
  },
  {
    // Config files of tools require a default export.
    files: ['**/vite.config.ts', '**/vitest.config.ts', '**/playwright.config.ts', '**/vitest.workspace.ts'],
    rules: { 'no-restricted-syntax': 'off' },
  },
);
