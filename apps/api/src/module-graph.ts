import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { sourceFiles } from './source-files';

/**
 * The API's module graph, read from its source: which part of apps/api/src (a domain module under modules/<name>,
 * or a layer such as flows, common, config, database, startup) imports which. Spec files are left out: tests may
 * reach anywhere. Used by module-graph.spec.ts to keep the graph free of cycles.
 */

const IMPORT =
  /(?:import|export)\s[^'"]*?from\s*['"]([^'"]+)['"]|import\s*\(\s*['"]([^'"]+)['"]\s*\)|require\(\s*['"]([^'"]+)['"]\s*\)|import\s+['"]([^'"]+)['"]/g;

/**
 * The part a file belongs to: `modules/<name>` collapses to `<name>`; database seeds are their own part (they sit
 * above the domain modules: they create accounts and listings through them); any other top folder is its own part; a
 * top-level file is its own part named after it (telemetry-sdk.ts goes with telemetry.ts), with app.module.ts,
 * main.ts and the app's setup files together as `app`.
 */
export function partOf(root: string, file: string): string {
  const parts = relative(root, file).split(sep);
  if (parts[0] === 'modules' && parts.length > 2) return parts[1];
  if (parts[0] === 'database' && parts[1] === 'seeds' && parts.length > 2) return 'database/seeds';
  if (parts.length > 1) return parts[0];
  const name = parts[0].replace(/\.ts$/, '');
  if (name === 'telemetry-sdk') return 'telemetry';
  return ['app.module', 'main', 'app.setup', 'http-adapter'].includes(name) ? 'app' : name;
}

function resolveImport(from: string, spec: string): string | null {
  if (!spec.startsWith('.')) return null;
  const base = resolve(dirname(from), spec);
  for (const candidate of [base + '.ts', join(base, 'index.ts'), base]) {
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  }
  return null;
}

export interface ImportEdge {
  from: string;
  to: string;
  /** One file-level import that makes this edge, for the failure message. */
  via: string;
}

/** Edges between parts, each with one file import that makes it. */
export function moduleEdges(root: string): ImportEdge[] {
  const edges = new Map<string, ImportEdge>();
  for (const file of sourceFiles(root)) {
    const text = readFileSync(file, 'utf8');
    const from = partOf(root, file);
    for (const m of text.matchAll(IMPORT)) {
      const target = resolveImport(file, m[1] ?? m[2] ?? m[3] ?? m[4]);
      if (!target || !target.startsWith(root)) continue;
      const to = partOf(root, target);
      const key = `${from} -> ${to}`;
      if (from !== to && !edges.has(key)) edges.set(key, { from, to, via: `${relative(root, file)} imports ${relative(root, target)}` });
    }
  }
  return [...edges.values()].sort((a, b) => (a.from + a.to).localeCompare(b.from + b.to));
}

/** Strongly connected components with more than one part (Tarjan): each is a cycle knot. */
export function cycles(edges: ImportEdge[]): string[][] {
  const next = new Map<string, string[]>();
  for (const e of edges) {
    next.set(e.from, [...(next.get(e.from) ?? []), e.to]);
    if (!next.has(e.to)) next.set(e.to, []);
  }
  let index = 0;
  const idx = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const out: string[][] = [];
  const visit = (v: string) => {
    idx.set(v, index);
    low.set(v, index++);
    stack.push(v);
    onStack.add(v);
    for (const w of next.get(v) ?? []) {
      if (!idx.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, idx.get(w)!));
    }
    if (low.get(v) === idx.get(v)) {
      const scc: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        scc.push(w);
      } while (w !== v);
      if (scc.length > 1) out.push(scc.sort());
    }
  };
  for (const v of [...next.keys()].sort()) if (!idx.has(v)) visit(v);
  return out;
}

/** Edges that lie inside a cycle knot (both ends in the same component): removing all of them breaks every cycle. */
export function edgesInCycles(edges: ImportEdge[]): ImportEdge[] {
  const component = new Map<string, number>();
  cycles(edges).forEach((scc, i) => scc.forEach((p) => component.set(p, i)));
  return edges.filter((e) => component.has(e.from) && component.get(e.from) === component.get(e.to));
}

/** Parts whose Nest module class is marked @Global(). */
export function globalModules(root: string): string[] {
  const out = new Set<string>();
  for (const file of sourceFiles(root)) {
    if (!file.endsWith('.module.ts')) continue;
    if (/@Global\(\)/.test(readFileSync(file, 'utf8'))) out.add(partOf(root, file));
  }
  return [...out].sort();
}

/** A file that holds a Nest provider, controller or module: what one domain module must not take from another. */
const PROVIDER_FILE = /\.(service|flow|gateway|controller|module)\.ts$/;

/**
 * Imports from a file of one domain module (modules/<x>) of another domain module's provider, controller or Nest
 * module (modules/<y>/….service.ts, .flow.ts, .gateway.ts, .controller.ts, .module.ts), as "x -> y (file imports
 * file)". Modules in `infrastructure` may be imported by any; entities, DTOs, row types and plain helper functions
 * of another module are not counted (they hold no provider and write nothing by themselves).
 */
export function domainServiceImports(root: string, infrastructure: readonly string[]): string[] {
  const out = new Set<string>();
  for (const file of sourceFiles(join(root, 'modules'))) {
    const from = partOf(root, file);
    for (const m of readFileSync(file, 'utf8').matchAll(IMPORT)) {
      const target = resolveImport(file, m[1] ?? m[2] ?? m[3] ?? m[4]);
      if (!target || !relative(root, target).startsWith(`modules${sep}`) || !PROVIDER_FILE.test(target)) continue;
      const to = partOf(root, target);
      if (to !== from && !infrastructure.includes(to))
        out.add(`${from} -> ${to} (${relative(root, file)} imports ${relative(root, target)})`);
    }
  }
  return [...out].sort();
}
