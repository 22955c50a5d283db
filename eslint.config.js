// Flat config for the whole workspace: typed strict rules (strictTypeChecked) for TypeScript, hooks rules for
// the PWA, and the layering rules of docs/architecture.md ("Layers") as import restrictions.
import js from '@eslint/js';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

const noDefaultExport = { selector: 'ExportDefaultDeclaration', message: 'Bitte benannte Exporte verwenden.' };

/** One `no-restricted-imports` entry per folder: flat config replaces a rule's options per file, never merges them. */
const restrict = (files, patterns) => ({ files, rules: { 'no-restricted-imports': ['error', { patterns }] } });
/** Test set-up only (cheap Argon2id): never in shipped code. Part of every src/ entry below. */
const testOnly = { group: ['@sanidok/crypto/testing'], message: 'Nur für Test-Setups: nie im ausgelieferten Code.' };

export default tseslint.config(
  {
    ignores: [
      '**/dist/**', '**/node_modules/**', '**/dev-dist/**', 'coverage/**', 'test-results/**',
      'playwright-report/**', 'data/**', '**/*.config.js', 'scripts/**/*.mjs', '**/*.mjs',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.strictTypeChecked,
  {
    languageOptions: {
      globals: { ...globals.node, ...globals.browser },
      parserOptions: {
        projectService: { allowDefaultProject: ['*.config.ts', 'apps/*/vitest.config.ts', 'packages/*/vitest.config.ts'] },
        tsconfigRootDir: import.meta.dirname,
      },
    },
    rules: {
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      // Numbers in German UI strings and log lines are intended; other types must be formatted on purpose.
      '@typescript-eslint/restrict-template-expressions': ['error', { allowNumber: true }],
      // `onClick={() => setOpen(true)}` is the React idiom; a void value used anywhere else is still an error.
      '@typescript-eslint/no-confusing-void-expression': ['error', { ignoreArrowShorthand: true }],
      'no-restricted-syntax': ['error', noDefaultExport],
    },
  },
  {
    files: ['apps/pwa/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  restrict(['apps/*/src/**', 'packages/*/src/**'], [testOnly]),
  // Layers (docs/architecture.md "Layers"): a lower folder never imports a higher one.
  restrict(['apps/sync-server/src/routes/**'], [
    testOnly,
    { group: ['**/db/*', '**/db'], message: 'Routen greifen nie direkt auf die Datenbank zu: über domain/.' },
  ]),
  restrict(['apps/sync-server/src/domain/**'], [
    testOnly,
    { group: ['**/routes/*', '**/plugins/*'], message: 'domain/ kennt weder Routen noch Plugins.' },
  ]),
  restrict(['apps/pwa/src/features/**/*.{ts,tsx}', 'apps/pwa/src/app/**/*.{ts,tsx}'], [
    testOnly,
    { group: ['**/data/db', '**/data/db.ts'], message: 'Komponenten greifen nie direkt auf Dexie zu.' },
  ]),
  restrict(['apps/pwa/src/data/**'], [
    testOnly,
    { group: ['**/i18n/*', '**/i18n'], message: 'data/ liefert Fehlercodes; die Bildschirme formulieren sie.' },
  ]),
  restrict(['apps/pwa/src/lib/**'], [
    testOnly,
    { group: ['**/api/*', '**/api'], message: 'lib/ liegt unter api/ und importiert es nicht.' },
  ]),
  restrict(['e2e/**', 'bench/**'], [
    { group: ['**/packages/*/src/**', '**/packages/*/src'], message: 'Pakete über ihren Namen importieren (@sanidok/…).' },
  ]),
  {
    // Config files of tools require a default export.
    files: ['**/vite.config.ts', '**/vitest.config.ts', '**/playwright.config.ts', '**/vitest.workspace.ts'],
    rules: { 'no-restricted-syntax': 'off' },
  },
);
