// A kustomization rendered in-process as `kubectl kustomize` (kustomize v5) renders it, so the
// fleet's tests run where no kubectl is installed (Debian's kubernetes-client predates kustomize
// components). Hand-written: npm's merge-patch packages (json-merge-patch, tiny-merge-patch)
// implement RFC 7396, which can neither delete a list item by key nor merge list items by key in
// kustomize's order, and no maintained strategic merge patch package was found. This is the
// subset deploy/kubernetes uses: resources (files and folders),
// components, namespace, images (name, newName, newTag, digest), and inline strategic-merge
// patches with an optional target. Anything else throws, naming what is not implemented, rather
// than rendering differently from kustomize; test/fleet/kustomize.test.ts compares every overlay
// with `kubectl kustomize` wherever kubectl is installed.
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { parseAllDocuments } from 'yaml';

export type KubernetesObject = Record<string, unknown>;
type Fields = Record<string, unknown>;

const KUSTOMIZATION_FILES = ['kustomization.yaml', 'kustomization.yml', 'Kustomization'];
const IMPLEMENTED = new Set(['apiVersion', 'kind', 'namespace', 'resources', 'components', 'images', 'patches']);

/**
 * The merge key of each list a patch may merge into, by path (`[]` for a list's items), as the
 * Kubernetes API declares it (patchMergeKey). A patch into any other list throws.
 */
const MERGE_KEYS: Record<string, string> = {
  'spec.template.spec.containers': 'name',
  'spec.template.spec.initContainers': 'name',
  'spec.template.spec.containers[].env': 'name',
  'spec.template.spec.initContainers[].env': 'name',
};

/** The built-in kinds that live in no namespace: kustomize's `namespace` leaves them alone. */
const CLUSTER_SCOPED = new Set([
  'APIService',
  'CertificateSigningRequest',
  'ClusterRole',
  'ClusterRoleBinding',
  'CSIDriver',
  'CSINode',
  'CustomResourceDefinition',
  'FlowSchema',
  'IngressClass',
  'MutatingWebhookConfiguration',
  'Namespace',
  'Node',
  'PersistentVolume',
  'PriorityClass',
  'PriorityLevelConfiguration',
  'RuntimeClass',
  'StorageClass',
  'ValidatingAdmissionPolicy',
  'ValidatingAdmissionPolicyBinding',
  'ValidatingWebhookConfiguration',
  'VolumeAttachment',
]);
/** Kinds whose namespace kustomize also writes inside (subjects, webhook services): not implemented. */
const NAMESPACE_INSIDE = new Set([
  'APIService',
  'ClusterRoleBinding',
  'CustomResourceDefinition',
  'MutatingWebhookConfiguration',
  'RoleBinding',
  'ValidatingWebhookConfiguration',
]);

const notImplemented = (what: string) => new Error(`${what}: not implemented by the in-process kustomize`);
const isFields = (value: unknown): value is Fields => typeof value === 'object' && value !== null && !Array.isArray(value);
const fieldsOf = (value: unknown, what: string): Fields => {
  if (!isFields(value)) throw new Error(`${what}: expected a mapping`);
  return value;
};
const listOf = (value: unknown, what: string): unknown[] => {
  if (value === undefined) return [];
  if (!Array.isArray(value)) throw new Error(`${what}: expected a list`);
  return value;
};
const metadataOf = (object: Fields) => fieldsOf(object.metadata ?? {}, `${object.kind}: metadata`);
const describe = (object: Fields) => `${object.apiVersion} ${object.kind} ${metadataOf(object).name}`;
const idOf = (object: Fields) =>
  `${object.apiVersion}|${object.kind}|${metadataOf(object).namespace ?? ''}|${metadataOf(object).name}`;

/** The objects a kustomization folder renders to, as `kubectl kustomize <dir>` prints them (in another order). */
export function kustomize(dir: string): KubernetesObject[] {
  return build(dir, 'Kustomization', []);
}

/** Whether a folder holds a kustomization (an overlay) rather than a component or nothing. */
export function isOverlay(dir: string): boolean {
  const file = kustomizationFile(dir);
  return file !== undefined && (readYaml(file)[0]?.kind ?? 'Kustomization') === 'Kustomization';
}

/**
 * kustomize's order: the resources, then each component over everything so far, then this
 * kustomization's patches, namespace and images over all of it.
 */
function build(dir: string, kind: 'Kustomization' | 'Component', accumulated: Fields[]): Fields[] {
  const k = readKustomization(dir, kind);
  let objects = [...accumulated];
  for (const entry of listOf(k.resources, `${dir}: resources`)) objects = add(objects, loadResource(dir, String(entry)));
  for (const entry of listOf(k.components, `${dir}: components`))
    objects = build(path.resolve(dir, String(entry)), 'Component', objects);
  for (const entry of listOf(k.patches, `${dir}: patches`))
    objects = applyPatch(objects, fieldsOf(entry, `${dir}: a patch`), dir);
  if (k.namespace !== undefined) objects = objects.map((o) => withNamespace(o, String(k.namespace)));
  for (const entry of listOf(k.images, `${dir}: images`))
    objects = objects.map((o) => withImage(o, fieldsOf(entry, `${dir}: an image`)));
  return objects;
}

const kustomizationFile = (dir: string) => KUSTOMIZATION_FILES.map((name) => path.join(dir, name)).find((f) => existsSync(f));

function readKustomization(dir: string, kind: string): Fields {
  const file = kustomizationFile(dir);
  if (file === undefined) throw new Error(`${dir}: no kustomization.yaml`);
  const [k, ...more] = readYaml(file);
  if (k === undefined || more.length > 0) throw new Error(`${file}: expected one document`);
  if ((k.kind ?? 'Kustomization') !== kind) throw new Error(`${file}: a ${kind} was expected here, not a ${k.kind}`);
  const unknown = Object.keys(k).filter((field) => !IMPLEMENTED.has(field));
  if (unknown.length > 0) throw notImplemented(`${file}: ${unknown.join(', ')}`);
  return k;
}

function readYaml(file: string): Fields[] {
  return parseAllDocuments(readFileSync(file, 'utf8')).flatMap((doc) => {
    if (doc.errors.length > 0) throw new Error(`${file}: ${doc.errors.map((e) => e.message).join('; ')}`);
    const value: unknown = doc.toJS();
    // A copy: YAML aliases share one object, which a patch to one of them must not change in both.
    return value === null ? [] : [structuredClone(fieldsOf(value, file))];
  });
}

function loadResource(dir: string, entry: string): Fields[] {
  const target = path.resolve(dir, entry);
  if (!existsSync(target)) throw new Error(`${dir}: resource ${entry} is neither a file nor a folder here`);
  if (statSync(target).isDirectory()) return kustomize(target);
  return readYaml(target).map((object) => {
    if (!object.apiVersion || !object.kind || !metadataOf(object).name)
      throw new Error(`${target}: an object without apiVersion, kind or name`);
    return object;
  });
}

function add(objects: Fields[], more: Fields[]): Fields[] {
  const ids = new Set(objects.map(idOf));
  for (const object of more) {
    if (ids.has(idOf(object))) throw new Error(`${describe(object)} is already among the resources`);
    ids.add(idOf(object));
  }
  return [...objects, ...more];
}

function withNamespace(object: Fields, namespace: string): Fields {
  if (NAMESPACE_INSIDE.has(String(object.kind))) throw notImplemented(`${describe(object)}: namespace`);
  if (CLUSTER_SCOPED.has(String(object.kind))) return object;
  return { ...object, metadata: { ...metadataOf(object), namespace } };
}

// --- images -------------------------------------------------------------------------------------

/** An image reference's name, tag and digest (a registry's port is part of the name). */
function splitImage(image: string) {
  const at = image.indexOf('@');
  const named = at < 0 ? image : image.slice(0, at);
  const digest = at < 0 ? '' : image.slice(at + 1);
  const colon = named.lastIndexOf(':');
  if (colon < 0 || colon < named.lastIndexOf('/')) return { name: named, tag: '', digest };
  return { name: named.slice(0, colon), tag: named.slice(colon + 1), digest };
}

function retag(image: string, rule: Fields): string {
  let { name, tag, digest } = splitImage(image);
  if (name !== rule.name) return image;
  if (rule.newName) name = String(rule.newName);
  // A new tag or digest replaces both the tag and the digest written before.
  if (rule.newTag || rule.digest) {
    tag = rule.newTag ? String(rule.newTag) : '';
    digest = rule.digest ? String(rule.digest) : '';
  }
  return name + (tag ? `:${tag}` : '') + (digest ? `@${digest}` : '');
}

/** kustomize sets the image of every item of any `containers` or `initContainers` list. */
function withImage(value: Fields, rule: Fields): Fields {
  const unknown = Object.keys(rule).filter((field) => !['name', 'newName', 'newTag', 'digest'].includes(field));
  if (unknown.length > 0) throw notImplemented(`image ${rule.name}: ${unknown.join(', ')}`);
  const visit = (node: unknown, field: string): unknown => {
    if (Array.isArray(node)) {
      return node.map((item) => {
        const visited = visit(item, '');
        if ((field === 'containers' || field === 'initContainers') && isFields(visited) && typeof visited.image === 'string')
          return { ...visited, image: retag(visited.image, rule) };
        return visited;
      });
    }
    if (!isFields(node)) return node;
    return Object.fromEntries(Object.entries(node).map(([key, child]) => [key, visit(child, key)]));
  };
  return visit(value, '') as Fields;
}

// --- patches ------------------------------------------------------------------------------------

function applyPatch(objects: Fields[], entry: Fields, dir: string): Fields[] {
  const unknown = Object.keys(entry).filter((field) => field !== 'patch' && field !== 'target');
  if (unknown.length > 0) throw notImplemented(`${dir}: a patch's ${unknown.join(', ')}`);
  const docs = parseAllDocuments(String(entry.patch ?? '')).map((doc) => {
    if (doc.errors.length > 0) throw new Error(`${dir}: a patch: ${doc.errors.map((e) => e.message).join('; ')}`);
    const value: unknown = doc.toJS();
    if (!isFields(value)) throw notImplemented(`${dir}: a patch other than a strategic merge`);
    return value;
  });
  if (docs.length === 0) throw new Error(`${dir}: an empty patch`);
  const target = entry.target === undefined ? undefined : fieldsOf(entry.target, `${dir}: a patch's target`);
  for (const patch of docs) {
    const selected = target === undefined ? [patchedObject(objects, patch, dir)] : objects.filter((o) => selects(target, o));
    const { $patch: directive, ...fields } = patch;
    if (directive === 'delete') {
      objects = objects.filter((o) => !selected.includes(o));
      continue;
    }
    if (directive !== undefined) throw notImplemented(`${dir}: $patch: ${directive}`);
    objects = objects.map((o) => (selected.includes(o) ? mergeFields(o, { ...fields, ...identityOf(o, fields) }, '') : o));
  }
  return objects;
}

/** A patch takes the identity of each object it patches, whatever it names (with a target, it names none). */
function identityOf(object: Fields, patch: Fields): Fields {
  const { namespace: _, ...named } = metadataOf(patch);
  const { name, namespace } = metadataOf(object);
  return {
    apiVersion: object.apiVersion,
    kind: object.kind,
    metadata: { ...named, name, ...(namespace === undefined ? {} : { namespace }) },
  };
}

/** The one object a patch without a target patches: its apiVersion, kind, name (and namespace, if the patch names one). */
function patchedObject(objects: Fields[], patch: Fields, dir: string): Fields {
  const meta = metadataOf(patch);
  const matches = objects.filter(
    (o) =>
      o.apiVersion === patch.apiVersion &&
      o.kind === patch.kind &&
      metadataOf(o).name === meta.name &&
      (meta.namespace === undefined || metadataOf(o).namespace === meta.namespace),
  );
  if (matches.length !== 1) throw new Error(`${dir}: a patch of ${describe(patch)} matches ${matches.length} objects, not one`);
  return matches[0]!;
}

function selects(target: Fields, object: Fields): boolean {
  const unknown = Object.keys(target).filter((field) => !['group', 'version', 'kind', 'name', 'namespace'].includes(field));
  if (unknown.length > 0) throw notImplemented(`a patch's target ${unknown.join(', ')}`);
  const apiVersion = String(object.apiVersion);
  const [group, version] = apiVersion.includes('/') ? apiVersion.split('/') : ['', apiVersion];
  const anchored = (pattern: unknown, value: unknown) => new RegExp(`^(?:${String(pattern)})$`).test(String(value ?? ''));
  return (
    (target.group === undefined || target.group === group) &&
    (target.version === undefined || target.version === version) &&
    (target.kind === undefined || target.kind === object.kind) &&
    (target.name === undefined || anchored(target.name, metadataOf(object).name)) &&
    (target.namespace === undefined || anchored(target.namespace, metadataOf(object).namespace))
  );
}

/** A strategic merge of a patch's mapping into an object's: null removes a field. */
function mergeFields(into: Fields, patch: Fields, at: string): Fields {
  const merged = { ...into };
  for (const [key, value] of Object.entries(patch)) {
    const here = at === '' ? key : `${at}.${key}`;
    if (key.startsWith('$')) throw notImplemented(here);
    if (value === null) delete merged[key];
    else if (Array.isArray(value)) merged[key] = mergeList(listOf(merged[key], here), value, here);
    else if (isFields(value)) merged[key] = mergeFields(isFields(merged[key]) ? merged[key] : {}, value, here);
    else merged[key] = value;
  }
  return merged;
}

/**
 * A strategic merge of a patch's list into an object's, by the list's merge key: the items the
 * patch names come first, in the patch's order (merged, or removed by `$patch: delete`), then
 * the others in their order, as kustomize orders them.
 */
function mergeList(into: unknown[], patch: unknown[], at: string): unknown[] {
  const key = MERGE_KEYS[at];
  if (key === undefined) throw notImplemented(`${at}: a patch into this list (no merge key known)`);
  const keyOf = (item: unknown) => {
    const value = fieldsOf(item, `${at}[]`)[key];
    if (value === undefined) throw new Error(`${at}[]: an item without its merge key ${key}`);
    return value;
  };
  const named = new Set(patch.map(keyOf));
  const patched = patch.flatMap((item) => {
    const { $patch: directive, ...fields } = fieldsOf(item, `${at}[]`);
    if (directive === 'delete') return [];
    if (directive !== undefined) throw notImplemented(`${at}[]: $patch: ${directive}`);
    const existing = into.find((old) => keyOf(old) === fields[key]);
    return [mergeFields(existing === undefined ? {} : fieldsOf(existing, `${at}[]`), fields, `${at}[]`)];
  });
  return [...patched, ...into.filter((old) => !named.has(keyOf(old)))];
}
