// Lint = Nx module boundaries: apps import each other only through libs (tags in each project.json): the API uses
// libs/contracts; the front ends use libs/contracts and libs/ui; a library never imports an app.
import nx from '@nx/eslint-plugin';
import tseslint from 'typescript-eslint';

export default [
  { ignores: ['**/dist/**', '**/node_modules/**', '**/.data/**', '**/*.mjs', '**/*.js'] },
  {
    files: ['**/*.ts', '**/*.tsx'],
    languageOptions: { parser: tseslint.parser },
    plugins: { '@nx': nx },
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
    },
  },
];
