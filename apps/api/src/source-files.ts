import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The one walker of the API's sources, used by the checks that read them (module-graph.ts, typed-sql.spec.ts,
 * runtime-dependencies.spec.ts): every file under `path` (or `path` itself when it is a file) whose name matches
 * `names`, leaving out specs and declaration files: tests may reach anywhere and `.d.ts` files run nothing.
 */
export function sourceFiles(path: string, names: RegExp = /\.ts$/): string[] {
  if (!existsSync(path)) return [];
  if (statSync(path).isFile()) return names.test(path) && !/\.spec\.ts$|\.d\.ts$/.test(path) ? [path] : [];
  return readdirSync(path, { withFileTypes: true }).flatMap((e) => sourceFiles(join(path, e.name), names));
}
