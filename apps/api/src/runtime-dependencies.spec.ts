import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { sourceFiles } from './source-files';

/**
 * The API image installs `dependencies` only (`npm ci --omit=dev`): each must be something the server runs. The
 * storefront and back office are built into dist/ (the server-render bundle carries React, MUI and the rest inside it),
 * so front-end packages are devDependencies. A package is in use when the API's sources, its launcher or its scripts
 * import it, or when it is a peer another dependency loads by name.
 */
const LOADED_BY_ANOTHER = new Set([
  // @nestjs/passport requires it.
  'passport',
]);

const repo = join(__dirname, '../../..');

describe('runtime dependencies', () => {
  const pkg = JSON.parse(readFileSync(join(repo, 'package.json'), 'utf8')) as { dependencies: Record<string, string> };
  const code = ['apps/api/src', 'apps/api/launch.mjs', 'apps/api/scripts']
    .flatMap((p) => sourceFiles(join(repo, p), /\.(ts|mjs|cjs|js)$/))
    .map((f) => readFileSync(f, 'utf8'))
    .join('\n');
  const imported = (name: string) =>
    new RegExp(`(from|require\\(|import\\(?)\\s*['"]${name.replace(/[/.]/g, '\\$&')}(/[^'"]*)?['"]`).test(code);

  it('are all used by the server (front-end packages are devDependencies)', () => {
    expect(Object.keys(pkg.dependencies).filter((d) => !imported(d) && !LOADED_BY_ANOTHER.has(d))).toEqual([]);
  });

  it('sanity: the check sees an import, a require and a bare import', () => {
    expect(imported('@nestjs/core')).toBe(true);
    expect(imported('reflect-metadata')).toBe(true);
    expect(imported('react')).toBe(false);
  });
});
