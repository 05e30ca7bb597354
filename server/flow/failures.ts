// The one place that turns an upstream failure into what the visitor reads (SPEC.md
// section 8). The upstream's own msg is shown as the spec says; nothing else of the
// upstream (bodies, URLs, stack traces) ever is.
import type { UpstreamFailure } from '../upstream/client.ts';

export const GENERIC_FAILURE = 'Something went wrong. Please try again.';
export const UNAVAILABLE = 'Service Temporarily Unavailable. Please try again later.';

export function visitorMessage(failure: UpstreamFailure, fallback = GENERIC_FAILURE): string {
  switch (failure.kind) {
    case 'error':
      return failure.msg || fallback;
    case 'errors':
      return failure.items.map((i) => i.errorMsg).join(' ') || fallback;
    case 'unavailable':
      return UNAVAILABLE;
    case 'invalid-response':
      return fallback;
  }
}
