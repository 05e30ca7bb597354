// The registry the app keeps for its whole life. Every read goes to the current set, and a
// reload replaces that set with one assignment: a request sees the old set or the new one,
// never one being built, and a Host is still one Map lookup.
import type { HostResolution, MerchantRegistry } from './types.ts';

export interface LiveRegistry extends MerchantRegistry {
  readonly current: MerchantRegistry;
  swap(next: MerchantRegistry): void;
}

export function liveRegistry(initial: MerchantRegistry): LiveRegistry {
  let current = initial;
  let previous: MerchantRegistry | undefined;
  return {
    get current() {
      return current;
    },
    get merchants() {
      return current.merchants;
    },
    get published() {
      return current.published;
    },
    get byId() {
      return current.byId;
    },
    get fallback() {
      return current.fallback;
    },
    get rules() {
      return current.rules;
    },
    get mainBrandId() {
      return current.mainBrandId;
    },
    get previous() {
      return previous;
    },
    resolve(hostHeader: string | undefined): HostResolution {
      return current.resolve(hostHeader);
    },
    swap(next) {
      previous = current;
      current = next;
    },
  };
}
