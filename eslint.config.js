import js from '@eslint/js';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';
import local from './tools/eslint/feature-isolation.js';

/** The ingestion core's modules but `area`: a file of `area` may not import them (by a relative path or through modules/). */
const coreModulesBut = (area) =>
  ['telemetry', 'alerts', 'geofences']
    .filter((other) => other !== area)
    .map((other) => ({
      regex: `^(\\.\\./)+(modules/)?${other}(/|$)|/modules/${other}(/|$)`,
      message: `modules/${area} does not import modules/${other}: both depend on packages/domain; declare an interface and let services.ts wire it.`,
    }));

/** Anything but a path inside the domain (`relative`: the prefixes that stay inside, from the file's folder), zod and `also`. */
const domainOnly = (relative, ...also) => ({
  regex: `^(?!(${relative})[^.]|(${['zod', ...also].join('|')})$)`,
  message: 'The domain imports only its own files (relative paths) and zod: no Node, no DOM, no I/O, nothing of the apps.',
});

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', '**/dev-dist/**', 'data/**', 'bench/results/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': 'off',
    },
  },
  {
    files: ['**/*.{js,mjs}'],
    languageOptions: { globals: { ...globals.node } },
  },
  {
    files: ['apps/server/**/*.ts', 'bench/**/*.ts', 'scripts/**/*.ts'],
    languageOptions: { globals: { ...globals.node } },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks, local },
    rules: {
      ...reactHooks.configs.recommended.rules,
      // Features must not import each other (DESIGN §3), by whatever path: checked on the resolved path.
      'local/feature-isolation': 'error',
    },
  },
  {
    // The React Compiler's checks (the slowest rules by far) are for the app's own code, not for the
    // tests that render it: tests keep the rules of hooks.
    files: ['apps/web/src/**/*.test.{ts,tsx}', 'apps/web/src/test/**/*.{ts,tsx}'],
    rules: Object.fromEntries(
      Object.keys(reactHooks.configs.recommended.rules)
        .filter((r) => r !== 'react-hooks/rules-of-hooks')
        .map((r) => [r, 'off']),
    ),
  },
  // Type-aware rules on the server: a promise nobody awaits or catches fails silently (or crashes the
  // process on rejection), so every one is awaited, returned, caught or marked `void` on purpose.
  {
    files: ['apps/server/src/**/*.ts'],
    languageOptions: { parserOptions: { project: './apps/server/tsconfig.lint.json', tsconfigRootDir: import.meta.dirname } },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
    },
  },
  // Import boundaries (issue 18). The ingestion core's modules depend down on packages/domain, never
  // on each other: services.ts hands one the other's implementation of an interface it declares. The
  // benches (apps/server/bench) compose them as services.ts does, outside these rules.
  ...['telemetry', 'alerts', 'geofences'].map((area) => ({
    files: [`apps/server/src/modules/${area}/**/*.ts`],
    rules: {
      'no-restricted-imports': ['error', { patterns: coreModulesBut(area) }],
    },
  })),
  // The domain is pure: its own files and zod, nothing else (no Node, no DOM, no I/O, nothing of the apps).
  {
    files: ['packages/domain/src/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [domainOnly('\\./')] }] },
  },
  {
    files: ['packages/domain/src/*/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [domainOnly('\\.\\.?/')] }] },
  },
  {
    files: ['packages/domain/src/*.test.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [domainOnly('\\./', 'vitest')] }] },
  },
  {
    files: ['packages/domain/src/*/*.test.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [domainOnly('\\.\\.?/', 'vitest')] }] },
  },
);
