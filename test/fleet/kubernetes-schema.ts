// Kubernetes' own schemas check each manifest (kubernetes-models, and its prometheus-operator
// models for the monitoring resources), strictly: a field a schema does not name is an
// error, as with the API server's strict field validation. The models' validators are
// compiled JSON Schema that check the fields they know and never read the others, so the
// fields a validator did not read, in an object whose keys it did not enumerate (a map such
// as labels), are the unknown ones.

import { PrometheusRule, ServiceMonitor } from '@kubernetes-models/prometheus-operator/monitoring.coreos.com/v1';
import { Deployment } from 'kubernetes-models/apps/v1';
import { HorizontalPodAutoscaler } from 'kubernetes-models/autoscaling/v2';
import { NetworkPolicy } from 'kubernetes-models/networking.k8s.io/v1';
import { PodDisruptionBudget } from 'kubernetes-models/policy/v1';
import { ConfigMap, Namespace, Service } from 'kubernetes-models/v1';

interface Model {
  apiVersion: string;
  kind: string;
  prototype: { validate(): void };
}

const MODELS: Model[] = [
  Namespace,
  ConfigMap,
  Service,
  Deployment,
  HorizontalPodAutoscaler,
  NetworkPolicy,
  PodDisruptionBudget,
  ServiceMonitor,
  PrometheusRule,
];

type Json = Record<string, unknown>;

/** The manifest behind a proxy that records which fields are read and which objects are enumerated. */
function tracked(manifest: Json) {
  const read = new Map<object, Set<PropertyKey>>();
  const enumerated = new Set<object>();
  const wrap = (value: unknown): unknown =>
    value !== null && typeof value === 'object'
      ? new Proxy(value, {
          get(target, key, receiver) {
            if (!read.has(target)) read.set(target, new Set());
            read.get(target)!.add(key);
            return wrap(Reflect.get(target, key, receiver));
          },
          ownKeys(target) {
            enumerated.add(target);
            return Reflect.ownKeys(target);
          },
        })
      : value;
  /** Fields never read, in objects never enumerated, with their paths. */
  const unread = (value: unknown, at: string): string[] => {
    if (value === null || typeof value !== 'object') return [];
    if (Array.isArray(value)) return value.flatMap((item, i) => unread(item, `${at}/${i}`));
    const known = enumerated.has(value) ? undefined : (read.get(value) ?? new Set());
    return Object.entries(value).flatMap(([key, child]) =>
      known && !known.has(key) ? [`${at}/${key} is not a field of the schema`] : unread(child, `${at}/${key}`),
    );
  };
  return { proxy: wrap(manifest), unknownFields: () => unread(manifest, '') };
}

/** What is wrong with a manifest by its kind's schema: invalid values, missing or unknown fields. */
export function schemaProblems(manifest: Json): string[] {
  const model = MODELS.find((m) => m.apiVersion === manifest.apiVersion && m.kind === manifest.kind);
  if (!model) return [`no schema for ${String(manifest.apiVersion)} ${String(manifest.kind)}`];
  const { proxy, unknownFields } = tracked(manifest);
  try {
    model.prototype.validate.call(proxy);
  } catch (error) {
    return [(error as Error).message];
  }
  return unknownFields();
}
