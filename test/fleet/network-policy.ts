// Whether NetworkPolicies let one pod open a connection to another's port, by the rules of
// the Kubernetes API (networking.k8s.io/v1): a pod selected by any policy of the Ingress
// type takes only what one of those policies' rules allows; a pod no such policy selects
// takes everything. Only what the manifests use is read: label selectors by matchLabels,
// peers by pod and namespace selectors, ports by name or number.

export interface Pod {
  namespace: string;
  labels: Record<string, string>;
  /** The pod's container ports by name. */
  ports?: Record<string, number>;
}

interface Selector {
  matchLabels?: Record<string, string>;
  matchExpressions?: unknown[];
}

interface Peer {
  podSelector?: Selector;
  namespaceSelector?: Selector;
  ipBlock?: unknown;
}

export interface Policy {
  metadata: { name: string; namespace: string };
  spec: {
    podSelector: Selector;
    policyTypes?: string[];
    ingress?: { from?: Peer[]; ports?: { port?: number | string; protocol?: string }[] }[];
  };
}

function matches(selector: Selector, labels: Record<string, string>): boolean {
  if (selector.matchExpressions?.length) throw new Error('matchExpressions are not read here');
  return Object.entries(selector.matchLabels ?? {}).every(([key, value]) => labels[key] === value);
}

/** A namespace's labels as the API server sets them. */
const namespaceLabels = (namespace: string) => ({ 'kubernetes.io/metadata.name': namespace });

function peerMatches(peer: Peer, policyNamespace: string, from: Pod): boolean {
  if (peer.ipBlock) throw new Error('ipBlock peers are not read here');
  const namespaceOk = peer.namespaceSelector
    ? matches(peer.namespaceSelector, namespaceLabels(from.namespace))
    : from.namespace === policyNamespace;
  return namespaceOk && (peer.podSelector === undefined || matches(peer.podSelector, from.labels));
}

export function ingressAllowed(policies: Policy[], from: Pod, to: Pod, port: string): boolean {
  const selecting = policies.filter(
    (p) =>
      p.metadata.namespace === to.namespace &&
      (p.spec.policyTypes ?? ['Ingress']).includes('Ingress') &&
      matches(p.spec.podSelector, to.labels),
  );
  if (selecting.length === 0) return true;
  const number = to.ports?.[port];
  return selecting.some((policy) =>
    (policy.spec.ingress ?? []).some(
      (rule) =>
        (rule.from === undefined || rule.from.some((peer) => peerMatches(peer, policy.metadata.namespace, from))) &&
        (rule.ports === undefined || rule.ports.some((p) => p.port === port || (number !== undefined && p.port === number))),
    ),
  );
}
