import Ajv from 'ajv';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseAllDocuments } from 'yaml';
import { CHAT_SOCKET_PATH } from '@kasuwa/contracts';

/**
 * deploy/kubernetes, checked without a cluster: every manifest against the Kubernetes kinds' JSON schemas (vendored in
 * deploy/kubernetes/schemas: required fields, types, unknown fields refused), then the house rules a schema cannot say.
 */
const root = join(__dirname, '../../..');
const dir = join(root, 'deploy/kubernetes');
type Obj = Record<string, any>;

const ajv = new Ajv({ allErrors: true });
ajv.addSchema(JSON.parse(readFileSync(join(dir, 'schemas/kubernetes.schema.json'), 'utf8')));
/** The schema errors of one object, as `kind name: path message` lines ([] when valid). */
function schemaErrors(doc: Obj): string[] {
  const validate = ajv.getSchema(`kasuwa-kubernetes#/definitions/${doc?.kind}`);
  if (!validate) return [`${doc?.kind}: no schema for this kind`];
  return validate(doc)
    ? []
    : (validate.errors ?? []).map((e) => `${doc.kind} ${doc.metadata?.name ?? ''}: ${e.dataPath} ${e.message} ${JSON.stringify(e.params)}`);
}
function load(file: string): Obj[] {
  return parseAllDocuments(readFileSync(join(dir, file), 'utf8')).map((d) => {
    if (d.errors.length) throw new Error(`${file}: ${d.errors[0].message}`);
    return d.toJS() as Obj;
  });
}

const kustomization = load('kustomization.yaml')[0];
const resources: Obj[] = (kustomization.resources as string[]).flatMap(load);
const byKind = (kind: string) => resources.filter((r) => r.kind === kind);
const named = (kind: string, name: string) => resources.find((r) => r.kind === kind && r.metadata.name === name) as Obj;
const workloads = [...byKind('Deployment'), ...byKind('Job')];
const envOf = (c: Obj) => Object.fromEntries((c.env ?? []).map((e: Obj) => [e.name, e.value]));

/** The app's health routes, read from the controller: `/api` + `@Controller('health')` + each `@Get('…')`. */
const healthRoutes = (() => {
  const src = readFileSync(join(root, 'apps/api/src/modules/health/health.controller.ts'), 'utf8');
  const base = /@Controller\('([^']+)'\)/.exec(src)![1];
  return Object.fromEntries([...src.matchAll(/@Get\('([^']+)'\)/g)].map((m) => [m[1], `/api/${base}/${m[1]}`]));
})();

describe('Kubernetes manifests (deploy/kubernetes)', () => {
  it('every resource and the kustomization match the Kubernetes schemas', () => {
    expect(schemaErrors(kustomization)).toEqual([]);
    expect(resources.map((r) => r.kind).sort()).toEqual([
      'ConfigMap',
      'Deployment',
      'Deployment',
      'HorizontalPodAutoscaler',
      'Ingress',
      'Ingress',
      'Job',
      'Namespace',
      'PodDisruptionBudget',
      'Service',
    ]);
    expect(resources.flatMap(schemaErrors)).toEqual([]);
    // Every YAML file here is either applied or the Secret example, which is not (its values are placeholders).
    const files = readdirSync(dir).filter((f) => f.endsWith('.yaml'));
    expect(files.filter((f) => f !== 'kustomization.yaml' && !kustomization.resources.includes(f))).toEqual(['secret.example.yaml']);
    const [secret] = load('secret.example.yaml');
    expect(schemaErrors(secret)).toEqual([]);
    expect(Object.values(secret.stringData).every((v) => typeof v === 'string' && /CHANGE-ME|example\.com/.test(v))).toBe(true);
  });

  it('the schemas can fail: a misspelt field, a missing required one and a wrong type are caught', () => {
    const web = structuredClone(named('Deployment', 'kasuwa-web'));
    web.spec.template.spec.containers[0].readinesProbe = web.spec.template.spec.containers[0].readinessProbe;
    delete web.spec.selector;
    web.spec.replicas = 'two';
    const errors = schemaErrors(web).join('\n');
    expect(errors).toMatch(/readinesProbe/);
    expect(errors).toMatch(/selector/);
    expect(errors).toMatch(/\.spec\.replicas should be integer/);
    expect(
      schemaErrors({
        apiVersion: 'autoscaling/v1',
        kind: 'HorizontalPodAutoscaler',
        metadata: { name: 'x' },
        spec: { scaleTargetRef: { kind: 'Deployment', name: 'x' }, maxReplicas: 2 },
      }),
    ).not.toEqual([]);
  });

  it('house rules: non-root, resources set, images pinned, secrets by reference', () => {
    const images = new Map((kustomization.images as Obj[]).map((i) => [i.name, i]));
    for (const w of workloads) {
      const pod = w.spec.template.spec;
      expect([w.metadata.name, pod.securityContext?.runAsNonRoot]).toEqual([w.metadata.name, true]);
      for (const c of pod.containers) {
        const where = `${w.metadata.name}/${c.name}`;
        expect([
          where,
          c.resources?.requests?.cpu && c.resources?.requests?.memory && c.resources?.limits?.memory ? 'set' : 'missing',
        ]).toEqual([where, 'set']);
        expect([where, c.securityContext?.allowPrivilegeEscalation]).toEqual([where, false]);
        // Pinned: a tag (not latest) or a digest, on the image itself or through the kustomization's images list.
        const set = images.get(c.image);
        const ref = set ? `${set.newName ?? c.image}${set.digest ? `@${set.digest}` : set.newTag ? `:${set.newTag}` : ''}` : c.image;
        expect([where, ref]).toEqual([where, expect.stringMatching(/(:(?!latest$)[\w.-]+|@sha256:[0-9a-f]{64})$/)]);
        // Secrets come from the named Secret, never as literals in a manifest.
        for (const [k, v] of Object.entries(envOf(c)))
          if (/SECRET|PASSWORD|_KEY$|_URL$/.test(k) && !/PUBLIC_URL/.test(k)) expect([where, k, v]).toEqual([where, k, undefined]);
        expect((c.envFrom ?? []).map((e: Obj) => e.secretRef?.name).filter(Boolean)).toEqual(['kasuwa-secrets']);
      }
    }
    const config = named('ConfigMap', 'kasuwa-config').data as Record<string, string>;
    expect(Object.keys(config).filter((k) => /SECRET|PASSWORD|DATABASE_URL|REDIS_URL/.test(k))).toEqual([]);
  });

  it('web and worker: probes on the app health routes (liveness ≠ readiness), migrations left to the Job', () => {
    expect(healthRoutes).toMatchObject({ live: '/api/health/live', ready: '/api/health/ready' });
    for (const d of byKind('Deployment')) {
      for (const c of d.spec.template.spec.containers) {
        const live = c.livenessProbe?.httpGet?.path;
        const ready = c.readinessProbe?.httpGet?.path;
        expect([d.metadata.name, live, ready]).toEqual([d.metadata.name, healthRoutes.live, healthRoutes.ready]);
        expect(live).not.toBe(ready);
        expect(c.readinessProbe.httpGet.port).toBe(c.ports[0].name);
        expect(envOf(c).MIGRATIONS_RUN).toBe('false');
      }
    }
    const web = named('Deployment', 'kasuwa-web');
    const [c] = web.spec.template.spec.containers;
    expect(envOf(c).KASUWA_ROLE).toBe('web');
    const delay = Number(envOf(c).SHUTDOWN_DELAY_MS);
    expect(delay).toBeGreaterThan(0);
    expect(web.spec.template.spec.terminationGracePeriodSeconds * 1000).toBeGreaterThan(delay + 10_000);
    // Sized from the measured RSS (~200-300 MB with the 192 MB heap cap): the request covers it, the limit leaves room.
    const mib = (q: string) => (q.endsWith('Gi') ? parseFloat(q) * 1024 : parseFloat(q));
    expect(mib(c.resources.requests.memory)).toBeGreaterThanOrEqual(256);
    expect(mib(c.resources.limits.memory)).toBeGreaterThanOrEqual(mib(c.resources.requests.memory) + 128);
    expect(web.spec.strategy.rollingUpdate.maxUnavailable).toBe(0);

    const worker = named('Deployment', 'kasuwa-worker');
    expect(envOf(worker.spec.template.spec.containers[0]).KASUWA_ROLE).toBe('worker');
    expect(worker.spec.template.spec.containers[0].args).toEqual(['node', 'apps/api/launch.mjs', '--role=worker']);
  });

  it('the migration Job runs the compiled migrate script before a rollout', () => {
    const job = named('Job', 'kasuwa-migrate');
    const cmd: string[] = job.spec.template.spec.containers[0].command;
    expect(cmd[1]).toMatch(/^dist\/apps\/api\/apps\/api\/src\/database\/migrate\.js$/);
    expect(existsSync(join(root, 'apps/api/src/database/migrate.ts'))).toBe(true);
    expect(job.metadata.annotations).toMatchObject({ 'argocd.argoproj.io/hook': 'PreSync', 'helm.sh/hook': 'pre-install,pre-upgrade' });
    expect(job.spec.template.spec.restartPolicy).toBe('Never');
  });

  it('Service, HPA, PDB and Ingress point at the web pods; socket.io is sticky by cookie', () => {
    const labels = named('Deployment', 'kasuwa-web').spec.template.metadata.labels;
    expect(labels).toMatchObject(named('Service', 'kasuwa-web').spec.selector);
    expect(labels).toMatchObject(named('PodDisruptionBudget', 'kasuwa-web').spec.selector.matchLabels);
    expect(named('HorizontalPodAutoscaler', 'kasuwa-web').spec.scaleTargetRef).toEqual({
      apiVersion: 'apps/v1',
      kind: 'Deployment',
      name: 'kasuwa-web',
    });
    expect(named('HorizontalPodAutoscaler', 'kasuwa-web').spec.minReplicas).toBeGreaterThanOrEqual(2); // with the PDB, a drain keeps one serving
    const paths = byKind('Ingress').flatMap((i) =>
      i.spec.rules.flatMap((r: Obj) => r.http.paths.map((p: Obj) => ({ ingress: i, path: p.path, service: p.backend.service.name }))),
    );
    expect(paths.map((p) => p.service)).toEqual(paths.map(() => 'kasuwa-web'));
    const socket = paths.find((p) => p.path === CHAT_SOCKET_PATH);
    expect(socket?.ingress.metadata.annotations).toMatchObject({ 'nginx.ingress.kubernetes.io/affinity': 'cookie' });
    // The rest of the site is not pinned: affinity only where socket.io needs it.
    expect(paths.find((p) => p.path === '/')?.ingress.metadata.annotations['nginx.ingress.kubernetes.io/affinity']).toBeUndefined();
    for (const i of byKind('Ingress')) expect(i.spec.tls?.length).toBeGreaterThan(0);
  });
});
