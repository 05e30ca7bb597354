// deploy/kubernetes/ agrees with the server it runs: every manifest parses, the probes hit
// the server's health and readiness routes on its probe port, the grace period covers the
// preStop delay plus the drain, the environment is one the server accepts, and every
// container runs as non-root on a read-only root file system.
import t from 'tap';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { parseAllDocuments } from 'yaml';
import { buildApp } from '../../server/app.ts';
import { parseConfig } from '../../server/config.ts';
import { repoRoot } from '../tenancy/fixtures.ts';
import { HealthState } from '../../server/ops/health.ts';
import { startProbeServer } from '../../server/ops/probes.ts';

/** Parsed YAML: its fields are checked one by one below. */
// biome-ignore lint/suspicious/noExplicitAny: parsed YAML, whose fields the tests check one by one
type Manifest = Record<string, any>;

const DIR = path.join(repoRoot, 'deploy', 'kubernetes');
const files = (await readdir(DIR)).filter((f) => f.endsWith('.yaml')).sort();
const manifests: (Manifest & { file: string })[] = [];
for (const file of files) {
  for (const doc of parseAllDocuments(await readFile(path.join(DIR, file), 'utf8'))) {
    if (doc.errors.length > 0) throw new Error(`${file}: ${doc.errors.map((e) => e.message).join('; ')}`);
    manifests.push({ ...(doc.toJS() as Manifest), file });
  }
}
const find = (kind: string, name: string) => {
  const found = manifests.find((m) => m.kind === kind && m.metadata?.name === name);
  if (found === undefined) throw new Error(`no ${kind} ${name}`);
  return found;
};
const edge = find('Deployment', 'checkout-edge');
const pod = edge.spec.template.spec;
const container = pod.containers.find((c: Manifest) => c.name === 'edge');
const env = Object.fromEntries(container.env.map((e: Manifest) => [e.name, e.value ?? `secret:${e.valueFrom.secretKeyRef.key}`]));

t.test('every manifest parses and names its kind', async (t) => {
  t.ok(files.includes('kustomization.yaml'));
  const kustomization = manifests.find((m) => m.kind === 'Kustomization')!;
  t.same(
    [...kustomization.resources].sort(),
    files.filter((f) => f !== 'kustomization.yaml'),
    'kustomize applies every file',
  );
  for (const m of manifests.filter((m) => m.kind !== 'Kustomization')) {
    t.ok(m.apiVersion && m.metadata?.name, `${m.file}: ${m.kind} ${m.metadata?.name}`);
  }
  t.same(manifests.map((m) => m.kind).sort(), [
    'Deployment',
    'Deployment',
    'HorizontalPodAutoscaler',
    'Kustomization',
    'PersistentVolumeClaim',
    'PodDisruptionBudget',
    'Service',
    'Service',
  ]);
});

t.test("the environment is one the server accepts, listening on the container's port", async (t) => {
  const config = parseConfig({ ...env, UPSTREAM_URL: 'https://exchange.example', SESSION_SECRET: 's'.repeat(32) });
  t.equal(env.UPSTREAM_URL, 'secret:upstream-url');
  t.equal(env.SESSION_SECRET, 'secret:session-secret', 'the secret is never written into a manifest');
  const http = container.ports.find((p: Manifest) => p.name === 'http');
  t.equal(config.port, http.containerPort);
  t.equal(config.host, '0.0.0.0');
  t.equal(config.unknownHosts, 'reject', 'unknown hosts fail closed');
  const mount = container.volumeMounts.find((m: Manifest) => m.mountPath === config.merchantsDir);
  t.ok(mount?.readOnly, 'merchants come from a read-only volume at MERCHANTS_DIR');
  t.ok(pod.volumes.some((v: Manifest) => v.name === mount.name));
  t.equal(
    find('PersistentVolumeClaim', pod.volumes.find((v: Manifest) => v.name === mount.name).persistentVolumeClaim.claimName).kind,
    'PersistentVolumeClaim',
  );
});

t.test('the probes reach the server: on its probe port, /readyz for readiness and start-up, /healthz for liveness', async (t) => {
  t.equal(container.readinessProbe.httpGet.path, '/readyz');
  t.equal(container.startupProbe.httpGet.path, '/readyz');
  t.equal(container.livenessProbe.httpGet.path, '/healthz');
  for (const probe of ['readinessProbe', 'startupProbe', 'livenessProbe'])
    t.equal(container[probe].httpGet.port, 'health', probe);
  const config = parseConfig({
    ...env,
    UPSTREAM_URL: 'http://127.0.0.1:9',
    SESSION_SECRET: 's'.repeat(32),
    MERCHANTS_DIR: path.join(repoRoot, 'merchants'),
    LOG_LEVEL: 'silent',
  });
  t.equal(
    config.healthPort,
    container.ports.find((p: Manifest) => p.name === 'health').containerPort,
    'HEALTH_PORT is the container port probed',
  );
  t.notOk(
    find('Service', 'checkout-edge').spec.ports.some((p: Manifest) => p.targetPort === 'health'),
    'the Service does not expose the probe port',
  );
  const dockerfile = await readFile(path.join(repoRoot, 'Dockerfile'), 'utf8');
  t.match(dockerfile, new RegExp(`HEALTH_PORT=${config.healthPort}\\b`), 'the image sets the same probe port');
  t.match(dockerfile, new RegExp(`^EXPOSE .*\\b${config.healthPort}\\b`, 'm'), 'and exposes it');
  // The process as main.ts composes it, on free ports. A probe carries the pod's IP as Host:
  // the probes must answer whatever the Host.
  const state = new HealthState();
  const app = await buildApp({ config, upstreamUrl: 'http://127.0.0.1:9', lifecycle: state });
  t.teardown(() => app.close());
  const probes = await startProbeServer({ state, port: 0, host: '127.0.0.1' });
  t.teardown(() => probes.close());
  await app.listen({ port: 0, host: '127.0.0.1' });
  for (const url of ['/readyz', '/healthz']) {
    const res = await fetch(`http://127.0.0.1:${probes.port}${url}`, { headers: { host: '10.1.2.3:9090' } });
    t.equal(res.status, 200, `${url} on the probe port`);
    t.equal(
      (await app.inject({ method: 'GET', url, headers: { host: '10.1.2.3:3000' } })).statusCode,
      200,
      `${url} on the main port`,
    );
  }
});

t.test('termination waits for the preStop delay, the drain and the longest upstream call', async (t) => {
  const command = container.lifecycle.preStop.exec.command;
  t.equal(command[0], 'sleep');
  const preStopS = Number(command[1]);
  t.ok(preStopS >= container.readinessProbe.periodSeconds, 'the delay outlasts a readiness period');
  const { shutdownGraceMs, connections } = parseConfig({
    ...env,
    UPSTREAM_URL: 'https://exchange.example',
    SESSION_SECRET: 's'.repeat(32),
  });
  const serverS = (connections.drainDelayMs + shutdownGraceMs) / 1000;
  t.ok(
    pod.terminationGracePeriodSeconds > preStopS + serverS,
    `grace ${pod.terminationGracePeriodSeconds} s > preStop ${preStopS} s + drain and longest call ${serverS} s`,
  );
  t.same(edge.spec.strategy.rollingUpdate, { maxUnavailable: 0, maxSurge: 1 }, 'a rollout never lowers capacity');
});

t.test('every container runs as non-root on a read-only root file system, without privileges', async (t) => {
  for (const d of manifests.filter((m) => m.kind === 'Deployment')) {
    const spec = d.spec.template.spec;
    t.equal(spec.securityContext.runAsNonRoot, true, `${d.metadata.name}: pod non-root`);
    t.ok(spec.securityContext.runAsUser > 0, `${d.metadata.name}: a numeric non-root user`);
    t.equal(spec.securityContext.seccompProfile.type, 'RuntimeDefault');
    t.equal(spec.automountServiceAccountToken, false, 'no API token: the pods never call Kubernetes');
    for (const c of spec.containers) {
      t.match(c.securityContext, { allowPrivilegeEscalation: false, readOnlyRootFilesystem: true, runAsNonRoot: true }, c.name);
      t.same(c.securityContext.capabilities.drop, ['ALL'], `${c.name}: no capabilities`);
      t.ok(c.resources.requests.cpu && c.resources.requests.memory && c.resources.limits.memory, `${c.name}: resources`);
    }
  }
  const dockerfile = await readFile(path.join(repoRoot, 'Dockerfile'), 'utf8');
  t.match(dockerfile, /^USER node$/m, "the edge's uid 1000 is the image's node user");
  t.equal(pod.securityContext.runAsUser, 1000);
});

t.test('Service, autoscaler and disruption budget select the edge; Redis is where REDIS_URL says', async (t) => {
  const labels = edge.spec.template.metadata.labels;
  t.same(edge.spec.selector.matchLabels, labels);
  const service = find('Service', 'checkout-edge');
  t.same(service.spec.selector, labels);
  t.equal(service.spec.ports[0].targetPort, 'http');
  t.same(find('PodDisruptionBudget', 'checkout-edge').spec.selector.matchLabels, labels);
  const hpa = find('HorizontalPodAutoscaler', 'checkout-edge');
  t.match(hpa.spec.scaleTargetRef, { kind: 'Deployment', name: 'checkout-edge' });
  t.ok(hpa.spec.minReplicas >= 2, 'two replicas at least');
  t.ok(find('PodDisruptionBudget', 'checkout-edge').spec.minAvailable < hpa.spec.minReplicas, 'a node can be drained');

  const redisUrl = new URL(env.REDIS_URL);
  const redis = find('Service', redisUrl.hostname);
  t.equal(redis.spec.ports[0].port, Number(redisUrl.port));
  t.same(redis.spec.selector, find('Deployment', 'checkout-redis').spec.template.metadata.labels);
});
