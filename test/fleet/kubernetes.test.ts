// deploy/kubernetes/ agrees with Kubernetes and with the server it runs. Each overlay is
// rendered as `kubectl apply -k` renders it (kustomize, in-process), every object passes its
// kind's schema strictly (kubernetes-schema.ts), and then: the environment is one the server
// accepts, the probes hit its health and readiness routes on its probe port, the grace
// period covers the drain and the longest upstream call, merchants arrive by git-sync into
// a volume the edge watches, /metrics is scraped with the token and the alert rules name
// metrics the server exposes, only the ingress reaches the edge and only the edge reaches
// Redis, which asks for its password, memory settings agree, every container runs as
// non-root on a read-only root file system, and a release pins every image by digest.

import { execFileSync } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { parser as promql } from '@prometheus-io/lezer-promql';
import { Redis } from 'ioredis';
import { Histogram } from 'prom-client';
import t from 'tap';
import { buildApp } from '../../server/app.ts';
import { parseConfig } from '../../server/config.ts';
import { HealthState } from '../../server/http/health.ts';
import { EdgeMetrics } from '../../server/ops/metrics.ts';
import { startProbeServer } from '../../server/ops/probes.ts';
import { kustomize } from '../helpers/kustomize.ts';
import { neverShedForDelay } from '../helpers/pressure.ts';
import { startRedis } from '../helpers/redis.ts';
import { repoRoot } from '../tenancy/fixtures.ts';
import { schemaProblems } from './kubernetes-schema.ts';
import { ingressAllowed, type Pod, type Policy } from './network-policy.ts';

/** Rendered YAML: its fields are checked one by one below. */
// biome-ignore lint/suspicious/noExplicitAny: rendered YAML, whose fields the tests check one by one
type Manifest = Record<string, any>;

const DIR = path.join(repoRoot, 'deploy', 'kubernetes');
const NAMESPACE = 'checkout';

/** An overlay as `kubectl apply -k` would apply it (test/fleet/kustomize.test.ts compares the two). */
const render = (overlay: string) => kustomize(path.join(DIR, overlay)) as Manifest[];

const base = render('base');
const release = render('release');
const managedRedis = render('managed-redis');
const find = (manifests: Manifest[], kind: string, name: string) => {
  const found = manifests.find((m) => m.kind === kind && m.metadata?.name === name);
  if (found === undefined) throw new Error(`no ${kind} ${name}`);
  return found;
};
const edge = find(release, 'Deployment', 'checkout-edge');
const pod = edge.spec.template.spec;
const container = pod.containers.find((c: Manifest) => c.name === 'edge');
const redisDeployment = find(release, 'Deployment', 'checkout-redis');
const redisContainer = redisDeployment.spec.template.spec.containers[0];

const METRICS_TOKEN = 'metrics-token-0123456789abcdef';
const REDIS_PASSWORD = '0f1e2d3c4b5a69788796a5b4c3d2e1f0';
/** What the Secrets hold once created (README); the manifests only name them. */
const SECRETS: Record<string, Record<string, string>> = {
  'checkout-edge': {
    'upstream-url': 'https://exchange.example',
    'session-secret': 's'.repeat(48),
    'metrics-token': METRICS_TOKEN,
  },
  'checkout-redis': { password: REDIS_PASSWORD },
};

/** `$(NAME)` as Kubernetes expands it: a variable defined before, else left as written. */
const expand = (text: string, vars: Record<string, string>) =>
  text.replace(/\$\(([A-Za-z_][A-Za-z0-9_]*)\)/g, (whole, name: string) => vars[name] ?? whole);

/** A container's environment as the kubelet builds it from the manifests and the Secrets. */
function environment(c: Manifest): Record<string, string> {
  const vars: Record<string, string> = {};
  for (const source of c.envFrom ?? []) Object.assign(vars, find(release, 'ConfigMap', source.configMapRef.name).data);
  for (const e of c.env ?? []) {
    const ref = e.valueFrom?.secretKeyRef;
    const value = ref ? SECRETS[ref.name]?.[ref.key] : expand(e.value, vars);
    if (value !== undefined) vars[e.name] = value;
    else if (!ref?.optional) throw new Error(`${c.name}: ${e.name} from a Secret the test does not know`);
  }
  return vars;
}
const env = environment(container);

t.test('every object of every overlay passes its schema, strictly, in the namespace', async (t) => {
  for (const [overlay, manifests] of [
    ['base', base],
    ['release', release],
    ['managed-redis', managedRedis],
  ] as const) {
    for (const m of manifests) t.same(schemaProblems(m), [], `${overlay}: ${m.kind} ${m.metadata.name}`);
  }
  const misspelt = structuredClone(edge);
  misspelt.spec.template.spec.containers[0].imagePullPolcy = 'Always';
  t.same(
    schemaProblems(misspelt),
    ['/spec/template/spec/containers/0/imagePullPolcy is not a field of the schema'],
    'a field the schema does not name is an error',
  );
  t.same(
    release.map((m) => m.kind).sort(),
    [
      'ConfigMap',
      'Deployment',
      'Deployment',
      'HorizontalPodAutoscaler',
      'Namespace',
      'NetworkPolicy',
      'NetworkPolicy',
      'NetworkPolicy',
      'PodDisruptionBudget',
      'PrometheusRule',
      'Service',
      'Service',
      'ServiceMonitor',
    ],
    'the release: the base, its scrape configuration and its alerts',
  );
  t.notOk(
    base.some((m) => m.apiVersion.startsWith('monitoring.coreos.com/')),
    'the base applies without the Prometheus Operator',
  );
  const namespace = find(release, 'Namespace', NAMESPACE);
  t.equal(namespace.metadata.labels['pod-security.kubernetes.io/enforce'], 'restricted');
  for (const m of release.filter((m) => m.kind !== 'Namespace')) {
    t.equal(m.metadata.namespace, NAMESPACE, `${m.kind} ${m.metadata.name} in the namespace`);
  }
});

t.test("the environment is one the server accepts, listening on the container's port", async (t) => {
  const config = parseConfig(env);
  t.equal(container.env.find((e: Manifest) => e.name === 'SESSION_SECRET').valueFrom.secretKeyRef.key, 'session-secret');
  t.equal(container.env.find((e: Manifest) => e.name === 'UPSTREAM_URL').valueFrom.secretKeyRef.key, 'upstream-url');
  const http = container.ports.find((p: Manifest) => p.name === 'http');
  t.equal(config.port, http.containerPort);
  t.equal(config.host, '0.0.0.0');
  t.equal(config.unknownHosts, 'reject', 'unknown hosts fail closed');
  t.equal(config.metricsToken, METRICS_TOKEN, 'METRICS_TOKEN from the Secret');
  t.equal(config.metricsMerchants, 20, 'the merchant label capped');
  t.equal(config.redisUrl, `redis://:${REDIS_PASSWORD}@checkout-redis:6379`, 'REDIS_URL carries the password');
});

t.test('the probes reach the server: on its probe port, /readyz for readiness and start-up, /healthz for liveness', async (t) => {
  t.equal(container.readinessProbe.httpGet.path, '/readyz');
  t.equal(container.startupProbe.httpGet.path, '/readyz');
  t.equal(container.livenessProbe.httpGet.path, '/healthz');
  for (const probe of ['readinessProbe', 'startupProbe', 'livenessProbe'])
    t.equal(container[probe].httpGet.port, 'health', probe);
  // A cold start of 10,000 merchants at 250m of CPU takes about 50 s (deploy/kubernetes/README.md): twice that, at least.
  const startup = container.startupProbe.periodSeconds * container.startupProbe.failureThreshold;
  t.ok(startup >= 100, `the startup probe allows ${startup} s`);
  // Alone (no Redis) and not about pressure: the test process is no measure of the pod's memory.
  const { REDIS_URL: _shared, SHED_RSS_MB: _pod, ...alone } = env;
  const config = neverShedForDelay(
    parseConfig({
      ...alone,
      UPSTREAM_URL: 'http://127.0.0.1:9',
      MERCHANTS_DIR: path.join(repoRoot, 'merchants'),
      LOG_LEVEL: 'silent',
    }),
  );
  t.equal(
    config.healthPort,
    container.ports.find((p: Manifest) => p.name === 'health').containerPort,
    'HEALTH_PORT is the container port probed',
  );
  t.notOk(
    find(release, 'Service', 'checkout-edge').spec.ports.some((p: Manifest) => p.targetPort === 'health'),
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
  const { shutdownGraceMs, connections } = parseConfig(env);
  const serverS = (connections.drainDelayMs + shutdownGraceMs) / 1000;
  t.ok(
    pod.terminationGracePeriodSeconds > preStopS + serverS,
    `grace ${pod.terminationGracePeriodSeconds} s > preStop ${preStopS} s + drain and longest call ${serverS} s`,
  );
  t.same(edge.spec.strategy.rollingUpdate, { maxUnavailable: 0, maxSurge: 1 }, 'a rollout never lowers capacity');
});

t.test(
  'merchants arrive by git-sync: cloned before the edge starts, then each new commit swapped in where the edge watches',
  async (t) => {
    const clone = pod.initContainers.find((c: Manifest) => c.name === 'merchants-clone');
    const sync = pod.containers.find((c: Manifest) => c.name === 'merchants-sync');
    for (const c of [clone, sync]) t.match(c.image, /(^|\/)git-sync\/git-sync[:@]/, `${c.name} runs git-sync`);
    const cloneEnv = environment(clone);
    const syncEnv = environment(sync);
    t.equal(cloneEnv.GITSYNC_ONE_TIME, 'true', 'the init container clones once and ends');
    t.notOk(syncEnv.GITSYNC_ONE_TIME, 'the sidecar keeps fetching');
    t.ok(syncEnv.GITSYNC_REPO && syncEnv.GITSYNC_PERIOD, 'a repository, fetched periodically');
    const config = parseConfig(env);
    t.equal(
      config.merchantsDir,
      path.posix.join(syncEnv.GITSYNC_ROOT!, syncEnv.GITSYNC_LINK!, 'merchants'),
      "MERCHANTS_DIR is the merchants/ folder behind git-sync's link",
    );
    t.not(config.merchantsWatch, 'off', "the edge's watch sees the link swapped (test/fleet/reload.test.ts)");

    const mount = (c: Manifest) => c.volumeMounts.find((m: Manifest) => config.merchantsDir.startsWith(`${m.mountPath}/`));
    const volume = pod.volumes.find((v: Manifest) => v.name === mount(container).name);
    t.ok(volume.emptyDir, "the pod's own volume, on the node's disk, where file watches fire");
    t.equal(mount(container).readOnly, true, 'the edge only reads it');
    for (const c of [clone, sync]) {
      t.equal(mount(c).name, volume.name, `${c.name} writes the same volume`);
      t.notOk(mount(c).readOnly);
    }
    t.equal(
      sync.resources.requests['ephemeral-storage'],
      volume.emptyDir.sizeLimit,
      'the scheduler reserves the disk the volume may take',
    );

    // git-sync's own endpoint (GITSYNC_HTTP_BIND) answers the sidecar's probes.
    const port = sync.ports.find((p: Manifest) => p.name === sync.livenessProbe.httpGet.port);
    t.equal(`:${port.containerPort}`, syncEnv.GITSYNC_HTTP_BIND, "the probes ask git-sync's HTTP endpoint");
    t.same(sync.startupProbe.httpGet, sync.livenessProbe.httpGet);
    const seconds = (duration: string) => Number(/^(\d+)s$/.exec(duration)![1]);
    t.ok(
      sync.startupProbe.periodSeconds * sync.startupProbe.failureThreshold >
        seconds(syncEnv.GITSYNC_PERIOD!) * Number(syncEnv.GITSYNC_MAX_FAILURES),
      'the first sync may take as many failed fetches as git-sync allows before it exits',
    );
    t.notOk(sync.readinessProbe, "the pod's readiness stays the edge's");
  },
);

t.test('metrics: the token from the Secret, a scrape that presents it, and alerts on what the server exposes', async (t) => {
  const token = container.env.find((e: Manifest) => e.name === 'METRICS_TOKEN').valueFrom.secretKeyRef;
  const monitor = find(release, 'ServiceMonitor', 'checkout-edge');
  const service = find(release, 'Service', 'checkout-edge');
  t.same(monitor.spec.selector.matchLabels, service.metadata.labels, 'the scrape finds the Service');
  const [endpoint] = monitor.spec.endpoints;
  t.ok(
    service.spec.ports.some((p: Manifest) => p.name === endpoint.port),
    "on the edge's HTTP port",
  );
  t.equal(endpoint.path, '/metrics');
  t.same(endpoint.authorization, { type: 'Bearer', credentials: { name: token.name, key: token.key } }, 'with the same token');

  // The names and labels the server registers (a histogram's series carry suffixes).
  const registry = new EdgeMetrics({ breakerStates: () => [], merchantSeries: Number.POSITIVE_INFINITY }).registry;
  const labelsOf = new Map<string, Set<string>>();
  for (const metric of registry.getMetricsAsArray()) {
    const { name, labelNames } = metric as unknown as { name: string; labelNames: string[] };
    const suffixes = metric instanceof Histogram ? ['_bucket', '_sum', '_count'] : [''];
    for (const suffix of suffixes) labelsOf.set(name + suffix, new Set(labelNames));
  }
  // Others' metrics the rules read: kube-state-metrics and Prometheus' own.
  const OUTSIDE = new Map([
    ['kube_pod_status_ready', new Set(['condition', 'pod', 'namespace'])],
    ['up', new Set(['job', 'pod'])],
  ]);

  const rules = find(release, 'PrometheusRule', 'checkout-edge').spec.groups.flatMap((g: Manifest) => g.rules);
  const read = new Set<string>();
  for (const rule of rules) {
    const expr: string = rule.expr;
    const tree = promql.parse(expr);
    tree.iterate({
      enter(node) {
        t.notOk(node.type.isError, `${rule.alert}: PromQL parses at ${node.from}`);
        if (node.name !== 'VectorSelector') return;
        const name = node.node.getChild('Identifier');
        const metric = name ? expr.slice(name.from, name.to) : '';
        const labels = labelsOf.get(metric) ?? OUTSIDE.get(metric);
        t.ok(labels, `${rule.alert}: ${metric} is a metric the server (or the cluster) exposes`);
        for (const matcher of node.node.getChild('LabelMatchers')?.getChildren('UnquotedLabelMatcher') ?? []) {
          const label = matcher.getChild('LabelName')!;
          t.ok(
            labels?.has(expr.slice(label.from, label.to)),
            `${rule.alert}: ${metric} has a ${expr.slice(label.from, label.to)} label`,
          );
        }
        read.add(expr.slice(node.from, node.to));
      },
    });
    t.ok(rule.labels.severity && rule.annotations.summary, `${rule.alert}: a severity and a summary`);
  }
  t.ok(read.has('edge_http_request_duration_seconds_count{status="5xx"}'), 'an alert on the 5xx rate');
  for (const metric of [
    'edge_shed_total',
    'edge_upstream_breaker_state',
    'edge_merchant_reload_refused',
    'edge_rate_limit_store_up',
    'edge_clients_at_connection_bound',
  ]) {
    t.ok(
      [...read].some((s) => s === metric || s.startsWith(`${metric}{`)),
      `an alert on ${metric}`,
    );
  }
  t.ok(
    [...read].some((s) => s.startsWith('kube_pod_status_ready')),
    'an alert on readiness flapping',
  );
  t.ok(read.has(`up{job="${service.metadata.name}"}`), "an alert when a pod is not scraped (the job is the Service's name)");
  t.ok(
    rules.some((rule: Manifest) => rule.expr.startsWith(`absent(up{job="${service.metadata.name}"}`)),
    'and one when the whole fleet is gone from scraping',
  );
});

t.test('only the ingress controller (and Prometheus) reach the edge, only the edge reaches Redis', async (t) => {
  const policies = release.filter((m) => m.kind === 'NetworkPolicy') as Policy[];
  const podOf = (d: Manifest): Pod => ({
    namespace: NAMESPACE,
    labels: d.spec.template.metadata.labels,
    ports: Object.fromEntries(
      d.spec.template.spec.containers.flatMap((c: Manifest) => (c.ports ?? []).map((p: Manifest) => [p.name, p.containerPort])),
    ),
  });
  const edgePod = podOf(edge);
  const redisPod = podOf(redisDeployment);
  const ingress: Pod = { namespace: 'ingress-nginx', labels: { 'app.kubernetes.io/name': 'ingress-nginx' } };
  const prometheus: Pod = { namespace: 'monitoring', labels: { 'app.kubernetes.io/name': 'prometheus' } };
  const neighbour: Pod = { namespace: NAMESPACE, labels: { app: 'something-else' } };
  const elsewhere: Pod = { namespace: 'default', labels: { 'app.kubernetes.io/name': 'ingress-nginx' } };

  t.ok(ingressAllowed(policies, ingress, edgePod, 'http'), 'ingress controller -> edge');
  t.ok(ingressAllowed(policies, prometheus, edgePod, 'http'), 'Prometheus -> edge (/metrics)');
  t.ok(ingressAllowed(policies, edgePod, redisPod, 'redis'), 'edge -> Redis');
  for (const [from, name] of [
    [neighbour, 'another pod of the namespace'],
    [elsewhere, 'a pod elsewhere named like the ingress'],
    [redisPod, 'Redis'],
  ] as const) {
    t.notOk(ingressAllowed(policies, from, edgePod, 'http'), `${name} -/-> edge`);
  }
  for (const [from, name] of [
    [ingress, 'the ingress controller'],
    [prometheus, 'Prometheus'],
    [neighbour, 'another pod of the namespace'],
  ] as const) {
    t.notOk(ingressAllowed(policies, from, redisPod, 'redis'), `${name} -/-> Redis`);
  }
  t.notOk(ingressAllowed(policies, ingress, edgePod, 'health'), 'the probe port is not open to the ingress');
  const redisPolicy = policies.find((p) => p.spec.podSelector.matchLabels?.['app.kubernetes.io/name'] === 'checkout-redis')!;
  t.match(redisPolicy.spec, { policyTypes: ['Ingress', 'Egress'], egress: [] }, 'Redis opens no connection');

  for (const entry of parseConfig(env).trustProxy) {
    const [address, bits] = entry.split('/');
    t.ok(
      Number(bits ?? (address!.includes(':') ? 128 : 32)) >= (address!.includes(':') ? 120 : 24),
      `TRUST_PROXY ${entry} names the ingress's addresses, not a network`,
    );
  }
});

t.test("Redis asks for the Secret's password, and the edge's REDIS_URL and the probe give it", async (t) => {
  const vars = environment(redisContainer);
  const args: string[] = redisContainer.args.map((a: string) => expand(a, vars));
  t.ok(args.includes(REDIS_PASSWORD), 'the password from the Secret, not written in the manifest');
  t.equal(vars.REDISCLI_AUTH, vars.REDIS_PASSWORD, "the probe's redis-cli has it too");
  const redis = await startRedis(args);
  t.teardown(() => redis.stop());
  const local = new URL(redis.url);
  const edgeUrl = new URL(env.REDIS_URL!);
  edgeUrl.hostname = local.hostname;
  edgeUrl.port = local.port;
  const connect = async (url: string) => {
    const client = new Redis(url, { lazyConnect: true, enableReadyCheck: false, maxRetriesPerRequest: 0 });
    t.teardown(() => client.disconnect());
    await client.connect();
    return client.ping().catch((error: Error) => error.message);
  };
  t.equal(await connect(edgeUrl.href), 'PONG', "the edge's REDIS_URL");
  t.match(await connect(redis.url), /NOAUTH/, 'no password: refused');
  const probe = execFileSync('redis-cli', ['-p', local.port, ...redisContainer.readinessProbe.exec.command.slice(1)], {
    env: { ...process.env, REDISCLI_AUTH: vars.REDISCLI_AUTH! },
    encoding: 'utf8',
  });
  t.equal(probe.trim(), 'PONG', 'the readiness probe');
});

t.test('with a managed Redis, REDIS_URL comes from the Secret and nothing of the in-cluster one remains', async (t) => {
  t.notOk(
    managedRedis.some((m) => m.metadata.name === 'checkout-redis'),
    'no Redis Deployment, Service or network policy',
  );
  const managed = find(managedRedis, 'Deployment', 'checkout-edge').spec.template.spec.containers.find(
    (c: Manifest) => c.name === 'edge',
  );
  t.same(
    managed.env.find((e: Manifest) => e.name === 'REDIS_URL'),
    { name: 'REDIS_URL', valueFrom: { secretKeyRef: { name: 'checkout-edge', key: 'redis-url' } } },
  );
  t.notOk(
    managed.env.some((e: Manifest) => e.name === 'REDIS_PASSWORD'),
    'no password of the in-cluster Redis',
  );
  SECRETS['checkout-edge']!['redis-url'] = `rediss://:${REDIS_PASSWORD}@redis.example.com:6380`;
  t.teardown(() => delete SECRETS['checkout-edge']!['redis-url']);
  t.equal(parseConfig(environment(managed)).redisUrl, `rediss://:${REDIS_PASSWORD}@redis.example.com:6380`);
});

t.test('memory: requested as limited, shedding below the limit, readiness below shedding, the heap below both', async (t) => {
  const mib = (quantity: string) => {
    const match = /^(\d+)Mi$/.exec(quantity);
    if (!match) throw new Error(`not in Mi: ${quantity}`);
    return Number(match[1]);
  };
  const limit = mib(container.resources.limits.memory);
  t.equal(mib(container.resources.requests.memory), limit, 'the scheduler reserves what the pod may use');
  const config = parseConfig(env);
  const shedMiB = config.pressure.maxRssBytes! / 2 ** 20;
  const readyMiB = shedMiB * config.pressure.readyRatio;
  t.ok(limit - shedMiB >= 64, `shedding at ${shedMiB} MiB leaves room for a collection under the ${limit} MiB limit`);
  t.ok(shedMiB >= limit * 0.8, 'and does not waste the limit');
  const dockerfile = await readFile(path.join(repoRoot, 'Dockerfile'), 'utf8');
  const heapMiB = Number(/--max-old-space-size=(\d+)/.exec(dockerfile)?.[1]);
  t.ok(heapMiB > 0 && heapMiB < readyMiB, `the image's ${heapMiB} MiB heap fits under readiness at ${readyMiB} MiB RSS`);
});

t.test('every container runs as non-root on a read-only root file system, without privileges', async (t) => {
  for (const d of release.filter((m) => m.kind === 'Deployment')) {
    const spec = d.spec.template.spec;
    t.equal(spec.securityContext.runAsNonRoot, true, `${d.metadata.name}: pod non-root`);
    t.ok(spec.securityContext.runAsUser > 0, `${d.metadata.name}: a numeric non-root user`);
    t.equal(spec.securityContext.seccompProfile.type, 'RuntimeDefault');
    t.equal(spec.automountServiceAccountToken, false, 'no API token: the pods never call Kubernetes');
    for (const c of [...(spec.initContainers ?? []), ...spec.containers]) {
      t.match(c.securityContext, { allowPrivilegeEscalation: false, readOnlyRootFilesystem: true, runAsNonRoot: true }, c.name);
      t.same(c.securityContext.capabilities.drop, ['ALL'], `${c.name}: no capabilities`);
      t.ok(c.resources.requests.cpu && c.resources.requests.memory && c.resources.limits.memory, `${c.name}: resources`);
    }
  }
  const dockerfile = await readFile(path.join(repoRoot, 'Dockerfile'), 'utf8');
  t.match(dockerfile, /^USER node$/m, "the edge's uid 1000 is the image's node user");
  t.equal(pod.securityContext.runAsUser, 1000);
});

t.test('images: a fixed version in the base, a digest in the release', async (t) => {
  const images = (manifests: Manifest[]) =>
    manifests
      .filter((m) => m.kind === 'Deployment')
      .flatMap((d) => [...(d.spec.template.spec.initContainers ?? []), ...d.spec.template.spec.containers])
      .map((c: Manifest) => c.image as string);
  for (const image of images(base)) t.match(image, /:v?\d+\.\d+\.\d+(-[a-z0-9]+)?$/, `base: ${image} names a version`);
  for (const image of images(release)) t.match(image, /@sha256:[0-9a-f]{64}$/, `release: ${image} by digest`);
});

t.test('Service, autoscaler and disruption budget select the edge; Redis is where REDIS_URL says', async (t) => {
  const labels = edge.spec.template.metadata.labels;
  t.same(edge.spec.selector.matchLabels, labels);
  const service = find(release, 'Service', 'checkout-edge');
  t.same(service.spec.selector, labels);
  t.equal(service.spec.ports[0].targetPort, 'http');
  t.same(find(release, 'PodDisruptionBudget', 'checkout-edge').spec.selector.matchLabels, labels);
  const hpa = find(release, 'HorizontalPodAutoscaler', 'checkout-edge');
  t.match(hpa.spec.scaleTargetRef, { kind: 'Deployment', name: 'checkout-edge' });
  t.ok(hpa.spec.minReplicas >= 2, 'two replicas at least');
  const budget = find(release, 'PodDisruptionBudget', 'checkout-edge').spec;
  t.equal(budget.minAvailable, undefined, 'the budget does not count what stays, which would not grow with the replicas');
  t.ok(budget.maxUnavailable >= 1, 'a node can be drained');
  t.ok(budget.maxUnavailable < hpa.spec.minReplicas, 'and never every replica at once');
  const spread = pod.topologySpreadConstraints.map((c: Manifest) => c.topologyKey);
  t.same(spread, ['topology.kubernetes.io/zone', 'kubernetes.io/hostname'], 'replicas spread across zones, then nodes');
  for (const constraint of pod.topologySpreadConstraints)
    t.same(constraint.labelSelector.matchLabels, labels, `${constraint.topologyKey}: counts the edge's pods`);

  const redisUrl = new URL(env.REDIS_URL!);
  const redis = find(release, 'Service', redisUrl.hostname);
  t.equal(redis.spec.ports[0].port, Number(redisUrl.port));
  t.same(redis.spec.selector, redisDeployment.spec.template.metadata.labels);
});
