// The production-only user-agent logging form (docs/spec.md section 7): refId, width and height,
// posted once per transaction from the quote page, never more than once per refId in this
// browser tab. Fire and forget: nothing of the answer is read, so it goes as a beacon (or a
// no-cors post where beacons are missing) of a form, a type that needs no preflight. A form
// service that sends no CORS headers, or answers an error, can then raise nothing in the
// console.
import { useEffect } from 'react';

export interface UserAgentLogProps {
  url: string;
  refId: string;
}

const SENT_KEY = 'ualog:';

function alreadySent(refId: string): boolean {
  try {
    if (sessionStorage.getItem(SENT_KEY + refId)) return true;
    sessionStorage.setItem(SENT_KEY + refId, '1');
  } catch {
    // Storage refused: send anyway, at most once per page.
  }
  return false;
}

export default function UserAgentLog({ url, refId }: UserAgentLogProps) {
  useEffect(() => {
    if (alreadySent(refId)) return;
    const form = () => new URLSearchParams({ refId, width: String(screen.width), height: String(screen.height) });
    if (navigator.sendBeacon?.(url, form())) return;
    fetch(url, { method: 'POST', mode: 'no-cors', body: form(), keepalive: true }).catch(() => {
      // Logging only: nothing for the visitor to see.
    });
  }, [url, refId]);
  return null;
}
