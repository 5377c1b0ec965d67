import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { cycles, domainServiceImports, globalModules, moduleEdges, type ImportEdge } from './module-graph';

/**
 * Rule "no cycles between the API's modules": a domain module (modules/<name>) may use lower modules and the
 * infrastructure, never the other way round; a write that crosses domain modules lives in flows/, the
 * server-rendered pages (their data, SEO tags, sitemaps, landing pages) in pages/, and other reads that span domains
 * (the back office's dashboard) in views/: they import domain modules and are imported by none of them. The graph is read from the imports of every non-spec file under apps/api/src.
 */
const ROOT = __dirname;

/**
 * Back-edges still to remove (a ratchet): the graph minus these has no cycle, each must still exist and still close
 * a cycle, so the list only shrinks; when a change removes one, delete it here. Empty is the goal.
 */
const REMAINING_BACK_EDGES: string[] = [];

/**
 * Infrastructure may be @Global(): it depends on no domain module, so making it visible everywhere adds no hidden
 * edge. Access (tokens, password hashing and resets, the throttle, the step-up guard) is what the users' and the admins'
 * sign-in share and what every controller's access rule uses. Notifications is on the list because it is a sink like mail (it imports only config, common and mail) that
 * every domain module writes to; a domain module must be imported where it is used.
 */
const GLOBAL_INFRASTRUCTURE = [
  'access',
  'cache',
  'config',
  'database',
  'health',
  'jobs',
  'mail',
  'metrics',
  'notifications',
  'redis',
  'sms',
  'storage',
];
/**
 * Reference data: the fixed list of Nigeria's states, LGAs and cities (modules/locations), loaded by the migrations
 * and never written by the app. Any module may read it, as it reads config; like infrastructure it imports no domain
 * module (checked below). It is imported where it is used, not @Global().
 */
const REFERENCE_DATA = ['locations'];

/**
 * Domain modules still @Global() (a ratchet like REMAINING_BACK_EDGES): each must still be global, the list only
 * shrinks. Empty: it stays so, and the test below fails on a new one.
 */
const REMAINING_GLOBAL_DOMAIN: string[] = [];

/**
 * A domain module's service imported by another domain module (a ratchet like REMAINING_BACK_EDGES): each entry must
 * still exist, so the list only shrinks. Writes that cross modules belong in flows/, reads that span them in views/ or
 * pages/, and a rule one module needs run in another's transaction is a port (common/flow-port.ts). Empty: it stays so.
 */
const REMAINING_SERVICE_IMPORTS: string[] = [];

const key = (e: ImportEdge) => `${e.from} -> ${e.to}`;

describe('API module graph', () => {
  const edges = moduleEdges(ROOT);

  it('reads the graph (sanity: the app imports its modules, orders imports the infrastructure)', () => {
    const keys = edges.map(key);
    expect(keys).toEqual(expect.arrayContaining(['app -> orders', 'app -> flows', 'orders -> common', 'flows -> users']));
  });

  it('has no cycle between modules once the remaining back-edges are taken out', () => {
    const rest = edges.filter((e) => !REMAINING_BACK_EDGES.includes(key(e)));
    const knots = cycles(rest).map((scc) => {
      const inside = rest.filter((e) => scc.includes(e.from) && scc.includes(e.to));
      return `${scc.join(', ')}:\n    ${inside.map((e) => `${key(e)} (${e.via})`).join('\n    ')}`;
    });
    expect(knots).toEqual([]);
  });

  it('lists only back-edges that still exist and still close a cycle (remove an entry when it no longer does)', () => {
    const keys = new Set(edges.map(key));
    expect(REMAINING_BACK_EDGES.filter((e) => !keys.has(e))).toEqual([]);
    const needless = REMAINING_BACK_EDGES.filter((back) => {
      const others = edges.filter((e) => key(e) === back || !REMAINING_BACK_EDGES.includes(key(e)));
      return cycles(others).length === 0;
    });
    expect(needless).toEqual([]);
  });

  it('no domain module imports flows/, pages/ or views/ (they sit above them)', () => {
    const intoLayers = edges.filter((e) => ['flows', 'pages', 'views'].includes(e.to) && e.from !== 'app');
    expect(intoLayers.map((e) => `${key(e)} (${e.via})`)).toEqual([]);
  });

  it("no domain module imports another domain module's services, beyond the shrinking list", () => {
    const found = domainServiceImports(ROOT, [...GLOBAL_INFRASTRUCTURE, ...REFERENCE_DATA, ...REMAINING_GLOBAL_DOMAIN]);
    expect(found.filter((i) => !REMAINING_SERVICE_IMPORTS.includes(i))).toEqual([]);
    expect(REMAINING_SERVICE_IMPORTS.filter((i) => !found.includes(i))).toEqual([]);
  });

  it('keeps @Global() to infrastructure', () => {
    const globals = globalModules(ROOT);
    expect(globals.filter((m) => !GLOBAL_INFRASTRUCTURE.includes(m) && !REMAINING_GLOBAL_DOMAIN.includes(m))).toEqual([]);
    expect(REMAINING_GLOBAL_DOMAIN.filter((m) => !globals.includes(m))).toEqual([]);
  });

  it('infrastructure and reference data import no domain module', () => {
    const below = [...GLOBAL_INFRASTRUCTURE, ...REFERENCE_DATA];
    const domain = readdirSync(join(ROOT, 'modules')).filter((m) => !below.includes(m));
    const leaks = edges.filter((e) => below.includes(e.from) && domain.includes(e.to));
    expect(leaks.map((e) => `${key(e)} (${e.via})`)).toEqual([]);
  });
});

describe('cycles()', () => {
  const edge = (from: string, to: string): ImportEdge => ({ from, to, via: '' });

  it('finds a knot and leaves a chain alone', () => {
    expect(cycles([edge('a', 'b'), edge('b', 'c'), edge('c', 'a'), edge('c', 'd')])).toEqual([['a', 'b', 'c']]);
    expect(cycles([edge('a', 'b'), edge('b', 'c')])).toEqual([]);
  });
});
