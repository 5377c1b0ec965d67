// Lint = Nx module boundaries plus typescript-eslint's type-aware promise and `any` rules.
// Module boundaries: apps import each other only through libs (tags in each project.json): the API uses
// libs/contracts; the front ends use libs/contracts and libs/ui; a library never imports an app.
// Type information comes from each project's own tsconfig (`parserOptions.project`, listed explicitly):
// `projectService: true` did not find the API's files and ran out of memory.
import nx from '@nx/eslint-plugin';
import tseslint from 'typescript-eslint';

const tsconfigRootDir = import.meta.dirname;

// A promise nobody awaits loses its rejection; a promise passed where a void callback is expected
// (JSX handlers, listeners) is a floating promise in disguise.
const promiseRules = {
  '@typescript-eslint/no-floating-promises': 'error',
  '@typescript-eslint/no-misused-promises': 'error',
};

// `any` flowing into typed code switches the type checker off for that value.
const unsafeAnyRules = {
  '@typescript-eslint/no-unsafe-assignment': 'error',
  '@typescript-eslint/no-unsafe-member-access': 'error',
  '@typescript-eslint/no-unsafe-call': 'error',
  '@typescript-eslint/no-unsafe-return': 'error',
  '@typescript-eslint/no-unsafe-argument': 'error',
};

export default [
  { ignores: ['**/dist/**', '**/node_modules/**', '**/.data/**', '**/*.mjs', '**/*.js'] },
  {
    files: ['**/*.ts', '**/*.tsx'],
    languageOptions: { parser: tseslint.parser, parserOptions: { tsconfigRootDir } },
    plugins: { '@nx': nx, '@typescript-eslint': tseslint.plugin },
    rules: {
      '@nx/enforce-module-boundaries': [
        'error',
        {
          allow: [],
          depConstraints: [
            { sourceTag: 'scope:api', onlyDependOnLibsWithTags: ['scope:shared'] },
            // The front ends use the contracts and the shared React pieces; neither imports the other.
            { sourceTag: 'scope:storefront', onlyDependOnLibsWithTags: ['scope:shared', 'scope:ui'] },
            { sourceTag: 'scope:backoffice', onlyDependOnLibsWithTags: ['scope:shared', 'scope:ui'] },
            // Libraries never import an app; libs/ui (React) may use the contracts, never the other way round.
            { sourceTag: 'scope:ui', onlyDependOnLibsWithTags: ['scope:shared'] },
            { sourceTag: 'scope:shared', onlyDependOnLibsWithTags: ['scope:shared'] },
          ],
        },
      ],
      ...promiseRules,
    },
  },
  // The no-unsafe-* rules stay off for the API: its src has about 830 hits, nearly all from untyped raw SQL
  // results (`dataSource.query` returns any); they go away when the raw SQL is typed.
  {
    files: ['apps/api/**/*.ts'],
    languageOptions: { parserOptions: { project: ['apps/api/tsconfig.spec.json'] } },
  },
  {
    files: ['apps/storefront/**/*.ts', 'apps/storefront/**/*.tsx'],
    languageOptions: { parserOptions: { project: ['apps/storefront/tsconfig.json'] } },
    rules: unsafeAnyRules,
  },
  {
    files: ['apps/backoffice/**/*.ts', 'apps/backoffice/**/*.tsx'],
    languageOptions: { parserOptions: { project: ['apps/backoffice/tsconfig.json'] } },
    rules: unsafeAnyRules,
  },
  {
    files: ['libs/ui/**/*.ts', 'libs/ui/**/*.tsx'],
    languageOptions: { parserOptions: { project: ['libs/ui/tsconfig.json'] } },
    rules: unsafeAnyRules,
  },
  // The contracts' jest specs are outside libs/contracts/tsconfig.json; the API's spec tsconfig includes them.
  {
    files: ['libs/contracts/**/*.ts'],
    languageOptions: { parserOptions: { project: ['libs/contracts/tsconfig.json', 'apps/api/tsconfig.spec.json'] } },
    rules: unsafeAnyRules,
  },
];
