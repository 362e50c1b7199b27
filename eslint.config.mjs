import js from '@eslint/js';
import prettier from 'eslint-config-prettier';
import { defineConfig, globalIgnores } from 'eslint/config';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import moduleBoundaries from './eslint/rules/module-boundaries.mjs';

export default defineConfig([
  globalIgnores(['dist/', '.tools/', 'coverage/', 'var/', 'library/', 'frontend/src/routeTree.gen.ts']),
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      // `_name` marks a deliberately unused binding, and `{ omitted, ...rest }` drops a field.
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_', ignoreRestSiblings: true },
      ],
      // Every control character in a pattern here is on purpose: the input filters refuse them.
      'no-control-regex': 'off',
    },
  },
  {
    files: ['frontend/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'error' },
  },
  {
    // Writes go through the mutation factories (and reads through the query factories) of frontend/src/queries:
    // a component or route never calls a server function itself, and never builds a mutation inline.
    files: ['frontend/src/**/*.{ts,tsx}'],
    ignores: ['frontend/src/queries/**', 'frontend/src/lib/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '(^|/)lib/server-fn-client$',
              importNames: ['callServerFn'],
              message: 'Call server functions through a factory in frontend/src/queries (queryOptions for reads, mutationOptions for writes).',
            },
          ],
        },
      ],
      'no-restricted-syntax': [
        'error',
        {
          selector: "CallExpression[callee.name='useMutation'] > ObjectExpression.arguments:first-child",
          message: 'Pass useMutation a mutationOptions factory from frontend/src/queries, e.g. useMutation(rotateLicenseKeyMutation(queryClient)).',
        },
      ],
    },
  },
  {
    // Tests read answers from the wire as whatever JSON came back.
    files: ['test/**/*.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    files: ['backend/src/**/*.{ts,tsx}'],
    plugins: { local: { rules: { 'module-boundaries': moduleBoundaries } } },
    rules: { 'local/module-boundaries': ['error', { srcRoot: `${import.meta.dirname}/backend/src` }] },
  },
  prettier,
]);
