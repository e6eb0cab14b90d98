/**
 * deploy/kubernetes against Kubernetes 1.36's API schemas (kubernetes-models) and the app. No cluster runs here
 * (docs/operations.md says what that leaves out); process.test.ts runs the server on a read-only root filesystem.
 */
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { Deployment, type IDeployment } from 'kubernetes-models/apps/v1/Deployment';
import { HorizontalPodAutoscaler, type IHorizontalPodAutoscaler } from 'kubernetes-models/autoscaling/v2/HorizontalPodAutoscaler';
import { PodDisruptionBudget, type IPodDisruptionBudget } from 'kubernetes-models/policy/v1/PodDisruptionBudget';
import { Service, type IService } from 'kubernetes-models/v1/Service';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { parseAllDocuments } from 'yaml';
import { readConfig, SPAN_FLUSH_TIMEOUT_MS } from '../server/config.ts';
import { defaultLanguageOnly, testApp } from './helpers.ts';

const DIR = 'deploy/kubernetes';

/** The kinds we deploy, by apiVersion and kind; anything else has no schema here and fails. */
const MODELS = {
  'apps/v1 Deployment': Deployment,
  'v1 Service': Service,
  'policy/v1 PodDisruptionBudget': PodDisruptionBudget,
  'autoscaling/v2 HorizontalPodAutoscaler': HorizontalPodAutoscaler,
} as const;

interface Manifest {
  file: string;
  object: { apiVersion: string; kind: string } & Record<string, unknown>;
}

const yamlFiles = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? yamlFiles(join(dir, entry.name)) : entry.name.endsWith('.yaml') ? [join(dir, entry.name)] : [],
  );

function parseYaml(file: string): unknown[] {
  return parseAllDocuments(readFileSync(file, 'utf8')).map((doc) => {
    if (doc.errors.length > 0) throw new Error(`${file}: ${doc.errors.map((error) => error.message).join('; ')}`);
    return doc.toJS() as unknown;
  });
}

const files = yamlFiles(DIR);
const kustomizations = files.filter((file) => file.endsWith('/kustomization.yaml'));
const manifests: Manifest[] = files
  .filter((file) => !kustomizations.includes(file))
  .flatMap((file) => parseYaml(file).map((object) => ({ file, object: object as Manifest['object'] })));

function only<T>(kind: string): T {
  const found = manifests.filter((manifest) => manifest.object.kind === kind);
  if (found.length !== 1) throw new Error(`Expected one ${kind} in ${DIR}, found ${found.length}`);
  return found[0]!.object as T;
}

const deployment = only<IDeployment>('Deployment');
const service = only<IService>('Service');
const budget = only<IPodDisruptionBudget>('PodDisruptionBudget');
const autoscaler = only<IHorizontalPodAutoscaler>('HorizontalPodAutoscaler');
const pod = deployment.spec!.template.spec!;
const container = pod.containers[0]!;
const podLabels = deployment.spec!.template.metadata!.labels!;
const portNamed = (name: string) => container.ports!.find((port) => port.name === name)!.containerPort;

/** The settings the Deployment gives the container (plain values; the server reads nothing else from a Secret or a ConfigMap). */
function containerEnv(): Record<string, string> {
  const env: Record<string, string> = {};
  for (const { name, value, valueFrom } of container.env ?? []) {
    if (valueFrom || value === undefined) throw new Error(`${name}: only plain values are checked here`);
    env[name] = value;
  }
  return env;
}

const dockerfile = readFileSync('Dockerfile', 'utf8');
/** The last USER and every EXPOSE: the final stage's. */
const imageUser = [...dockerfile.matchAll(/^USER\s+(\d+):(\d+)\s*$/gm)].at(-1);
const exposed = [...dockerfile.matchAll(/^EXPOSE\s+(.+)$/gm)].flatMap((match) => match[1]!.trim().split(/\s+/).map((port) => Number(port.replace(/\/tcp$/, ''))));

describe('deploy/kubernetes', () => {
  it.each(manifests.map((manifest) => [`${relative(DIR, manifest.file)} (${manifest.object.kind})`, manifest] as const))(
    '%s is valid against the Kubernetes 1.36 API schema',
    (_name, { object }) => {
      const Model = MODELS[`${object.apiVersion} ${object.kind}` as keyof typeof MODELS];
      expect(Model, `a schema for ${object.apiVersion} ${object.kind}`).toBeDefined();
      expect(() => new Model(object as never).validate()).not.toThrow();
    },
  );

  it('the schema check bites: a port given as text and a memory limit in MB are refused', () => {
    const broken = structuredClone(deployment);
    broken.spec!.template.spec!.containers[0]!.ports![0]!.containerPort = '3000' as never;
    broken.spec!.template.spec!.containers[0]!.resources!.limits!.memory = '256MB';
    expect(() => new Deployment(broken).validate()).toThrow(/containerPort must be integer.*memory must match format "quantity"/s);
  });

  it('each kustomization lists files that exist, and every manifest is listed', () => {
    const listed = new Set<string>();
    for (const file of kustomizations) {
      const [kustomization] = parseYaml(file) as [{ kind: string; resources: string[] }];
      expect(['Kustomization', 'Component']).toContain(kustomization.kind);
      for (const resource of kustomization.resources) {
        const path = join(dirname(file), resource);
        expect(existsSync(path), `${file} lists ${resource}`).toBe(true);
        listed.add(path);
      }
    }
    expect([...new Set(manifests.map((manifest) => manifest.file))].filter((file) => !listed.has(file))).toEqual([]);
  });

  it('two replicas keep serving through a rolling update, a node drain and autoscaling', () => {
    expect(deployment.spec!.replicas).toBe(2);
    expect(deployment.spec!.strategy).toMatchObject({ type: 'RollingUpdate', rollingUpdate: { maxSurge: 1, maxUnavailable: 0 } });
    expect(budget.spec!.minAvailable).toBe(1);
    expect(autoscaler.spec!.scaleTargetRef).toEqual({ apiVersion: 'apps/v1', kind: 'Deployment', name: deployment.metadata!.name });
    expect(autoscaler.spec!.minReplicas).toBe(deployment.spec!.replicas);
  });

  it("the Service and the PodDisruptionBudget select the Deployment's pods, by ports the container names", () => {
    expect(podLabels).toMatchObject(deployment.spec!.selector.matchLabels!);
    expect(podLabels).toMatchObject(service.spec!.selector!);
    expect(podLabels).toMatchObject(budget.spec!.selector!.matchLabels!);
    const named = container.ports!.map((port) => port.name);
    for (const port of service.spec!.ports!) expect(named).toContain(port.targetPort);
  });

  it("the probes ask the app's own paths: liveness and start-up stay 200 while draining, readiness turns 503", async () => {
    const { startupProbe, livenessProbe, readinessProbe } = container;
    for (const probe of [startupProbe, livenessProbe, readinessProbe]) expect(probe!.httpGet!.port).toBe('http');
    const app = testApp({ content: defaultLanguageOnly });
    // Ready once every page is made, as the server makes them when it starts.
    await app.makeAll();
    for (const probe of [startupProbe, livenessProbe, readinessProbe]) await request(app).get(probe!.httpGet!.path!).expect(200);
    app.setReady(false);
    for (const probe of [startupProbe, livenessProbe]) await request(app).get(probe!.httpGet!.path!).expect(200);
    await request(app).get(readinessProbe!.httpGet!.path!).expect(503);
  });

  it("ports match the Dockerfile's EXPOSE and the settings, and the metrics port is named for scraping", () => {
    const env = containerEnv();
    expect(portNamed('http')).toBe(readConfig(env).port);
    expect(exposed).toContain(portNamed('http'));
    expect(portNamed('metrics')).toBe(readConfig(env).metrics?.port);
    expect(deployment.spec!.template.metadata!.annotations).toMatchObject({ 'prometheus.io/scrape': 'true', 'prometheus.io/port': env.METRICS_PORT });
  });

  it('the grace period outlasts the preStop pause, the drain and the flush of buffered spans', () => {
    const pauseSeconds = container.lifecycle!.preStop!.sleep!.seconds;
    const drainSeconds = readConfig(containerEnv()).shutdownTimeoutMs / 1000;
    expect(pod.terminationGracePeriodSeconds).toBeGreaterThan(pauseSeconds + drainSeconds + SPAN_FLUSH_TIMEOUT_MS / 1000);
  });

  it("the image's build stage copies every source file npm run build imports (container-check builds it for real)", async () => {
    const { build } = await import('esbuild');
    const { metafile } = await build({ entryPoints: ['scripts/build/build.ts'], bundle: true, platform: 'node', format: 'esm', packages: 'external', write: false, metafile: true, logLevel: 'silent' });
    const copied = [...dockerfile.split(/^FROM /m)[1]!.matchAll(/^COPY\s+(?!--from)(.+)\s+\S+$/gm)].flatMap((match) => match[1]!.trim().split(/\s+/));
    const imported = new Set(Object.keys(metafile.inputs).map((input) => input.split('/')[0]!));
    expect(imported.size).toBeGreaterThan(2);
    expect([...imported].filter((top) => !copied.includes(top))).toEqual([]);
  });

  it("pods run as the image's user, without privileges, on a read-only root filesystem", () => {
    expect(imageUser, 'a numeric USER uid:gid in the Dockerfile').toBeDefined();
    expect(pod.securityContext).toEqual({
      runAsNonRoot: true,
      runAsUser: Number(imageUser![1]),
      runAsGroup: Number(imageUser![2]),
      seccompProfile: { type: 'RuntimeDefault' },
    });
    expect(container.securityContext).toEqual({ allowPrivilegeEscalation: false, readOnlyRootFilesystem: true, capabilities: { drop: ['ALL'] } });
  });
});
