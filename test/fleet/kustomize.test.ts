// The in-process kustomize (test/helpers/kustomize.ts) renders what kustomize renders: every
// overlay of deploy/kubernetes is compared with `kubectl kustomize` wherever kubectl is
// installed, and a fixture of every feature it implements renders to kubectl's output (written
// here, so it is checked on machines without kubectl too). What it does not implement, it
// refuses by name.

import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import t from 'tap';
import { parseAllDocuments } from 'yaml';
import { isOverlay, type KubernetesObject, kustomize } from '../helpers/kustomize.ts';
import { repoRoot } from '../tenancy/fixtures.ts';

const DIR = path.join(repoRoot, 'deploy', 'kubernetes');
const KUBECTL_MISSING =
  (spawnSync('kubectl', ['version', '--client']).error as NodeJS.ErrnoException | undefined)?.code === 'ENOENT';

/** `kubectl kustomize` of a folder: kustomize itself, as `kubectl apply -k` runs it. */
function kubectlKustomize(dir: string): KubernetesObject[] {
  const run = spawnSync('kubectl', ['kustomize', dir], { encoding: 'utf8' });
  if (run.error || run.status !== 0) throw new Error(`kubectl kustomize ${dir} failed: ${run.error?.message ?? run.stderr}`);
  return parseAllDocuments(run.stdout).map((doc) => doc.toJS() as KubernetesObject);
}

/** Objects by identity: kustomize's order of objects is not part of what it renders. */
const byId = (objects: KubernetesObject[]) =>
  Object.fromEntries(
    objects.map((o) => {
      const { name, namespace } = o.metadata as { name: string; namespace?: string };
      return [`${o.apiVersion} ${o.kind} ${namespace ?? '-'}/${name}`, o];
    }),
  );

// Without kubectl (CI's clean machine) each overlay still renders, and its objects are whole;
// where kubectl is installed they are also the objects kustomize itself renders.
t.test(
  'every overlay of deploy/kubernetes renders, to the same objects as `kubectl kustomize` where it is installed',
  async (t) => {
    const overlays = readdirSync(DIR, { withFileTypes: true })
      .filter((entry) => entry.isDirectory() && isOverlay(path.join(DIR, entry.name)))
      .map((entry) => entry.name);
    t.ok(
      ['base', 'release', 'managed-redis'].every((o) => overlays.includes(o)),
      `the overlays: ${overlays.join(', ')}`,
    );
    for (const overlay of overlays) {
      const dir = path.join(DIR, overlay);
      const rendered = kustomize(dir);
      t.ok(
        rendered.some((o) => o.kind === 'Deployment'),
        `${overlay}: the edge's Deployment`,
      );
      t.ok(
        rendered.every((o) => o.apiVersion && o.kind && (o.metadata as { name?: string } | undefined)?.name),
        `${overlay}: every object has its apiVersion, kind and name`,
      );
      if (!KUBECTL_MISSING) t.strictSame(byId(rendered), byId(kubectlKustomize(dir)), `${overlay}: as kubectl renders it`);
    }
  },
);

const WORKLOAD = `apiVersion: apps/v1
kind: Deployment
metadata: { name: web }
spec:
  template:
    spec:
      initContainers:
        - { name: setup, image: "registry.local:5000/tools/setup:1.0" }
      containers:
        - name: sidecar
          image: proxy:2.1@sha256:${'1'.repeat(64)}
        - name: web
          image: web:1.0
          env:
            - { name: A, value: a }
            - { name: B, value: b }
            - { name: C, value: c }
            - { name: D, value: d }
---
apiVersion: v1
kind: Namespace
metadata: { name: shop }
---
apiVersion: v1
kind: Service
metadata: { name: old }
spec: { ports: [{ port: 80 }] }
`;

const COMPONENT = `apiVersion: kustomize.config.k8s.io/v1alpha1
kind: Component
resources: [config.yaml]
patches:
  - target: { kind: Deployment }
    patch: |-
      apiVersion: apps/v1
      kind: Deployment
      metadata: { name: any }
      spec: { replicas: 3 }
`;

const OVERLAY = `resources: [../app]
components: [../extra]
namespace: shop
images:
  - { name: web, newTag: "2.0" }
  - { name: proxy, newName: mirror.local/proxy, digest: "sha256:${'2'.repeat(64)}" }
  - { name: "registry.local:5000/tools/setup", newTag: "1.1", digest: "sha256:${'3'.repeat(64)}" }
patches:
  - target: { kind: Deployment, name: we. }
    patch: |-
      apiVersion: apps/v1
      kind: Deployment
      metadata: { name: anything }
      spec:
        template:
          spec:
            containers:
              - name: web
                env:
                  - { name: C, value: null, valueFrom: { fieldRef: { fieldPath: metadata.name } } }
                  - { name: E, value: e }
                  - { name: A, $patch: delete }
                  - { name: B, value: bb }
  - patch: '{"$patch": "delete", "apiVersion": "v1", "kind": "Service", "metadata": {"name": "old"}}'
`;

/** What kustomize v5 renders from the fixture above. */
const RENDERED: KubernetesObject[] = [
  { apiVersion: 'v1', kind: 'Namespace', metadata: { name: 'shop' } },
  { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'settings', namespace: 'shop' }, data: { mode: 'on' } },
  {
    apiVersion: 'apps/v1',
    kind: 'Deployment',
    metadata: { name: 'web', namespace: 'shop' },
    spec: {
      replicas: 3,
      template: {
        spec: {
          initContainers: [{ name: 'setup', image: `registry.local:5000/tools/setup:1.1@sha256:${'3'.repeat(64)}` }],
          // The patched items first, in the patch's order; then the others, in theirs.
          containers: [
            {
              name: 'web',
              image: 'web:2.0',
              env: [
                { name: 'C', valueFrom: { fieldRef: { fieldPath: 'metadata.name' } } },
                { name: 'E', value: 'e' },
                { name: 'B', value: 'bb' },
                { name: 'D', value: 'd' },
              ],
            },
            { name: 'sidecar', image: `mirror.local/proxy@sha256:${'2'.repeat(64)}` },
          ],
        },
      },
    },
  },
];

t.test('resources, a component, namespace, images and strategic-merge patches render as kustomize renders them', async (t) => {
  const root = t.testdir({
    app: { 'kustomization.yaml': 'resources: [workload.yaml]\n', 'workload.yaml': WORKLOAD },
    extra: {
      'kustomization.yaml': COMPONENT,
      'config.yaml': 'apiVersion: v1\nkind: ConfigMap\nmetadata: { name: settings }\ndata: { mode: "on" }\n',
    },
    overlay: { 'kustomization.yaml': OVERLAY },
  });
  const rendered = kustomize(path.join(root, 'overlay'));
  t.strictSame(byId(rendered), byId(RENDERED));
  if (!KUBECTL_MISSING) t.strictSame(byId(rendered), byId(kubectlKustomize(path.join(root, 'overlay'))), 'and so does kubectl');
});

t.test('what it does not implement, it refuses by name rather than render otherwise', async (t) => {
  const resource =
    'apiVersion: apps/v1\nkind: Deployment\nmetadata: { name: web }\nspec: { template: { spec: { volumes: [] } } }\n';
  const overlay = (kustomization: string) =>
    t.testdir({ 'kustomization.yaml': `resources: [web.yaml]\n${kustomization}`, 'web.yaml': resource });
  const patch = (text: string) => `patches:\n  - patch: '${text}'\n`;
  t.throws(() => kustomize(overlay('commonLabels: { team: shop }\n')), /commonLabels: not implemented/);
  t.throws(
    () =>
      kustomize(
        overlay(
          patch(
            '{"apiVersion": "apps/v1", "kind": "Deployment", "metadata": {"name": "web"}, "spec": {"template": {"spec": {"volumes": [{"name": "v"}]}}}}',
          ),
        ),
      ),
    /spec\.template\.spec\.volumes: a patch into this list \(no merge key known\): not implemented/,
  );
  t.throws(
    () => kustomize(overlay(patch('[{"op": "remove", "path": "/spec"}]'))),
    /a patch other than a strategic merge: not implemented/,
  );
  t.throws(
    () => kustomize(overlay(patch('{"apiVersion": "apps/v1", "kind": "Deployment", "metadata": {"name": "api"}}'))),
    /matches 0 objects/,
  );
  t.throws(() => kustomize(overlay('images: [{ name: web, tagSuffix: "-x" }]\n')), /tagSuffix: not implemented/);
});
