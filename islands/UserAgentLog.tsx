// The production-only user-agent logging form (docs/spec.md section 7): refId, width and height,
// posted once per transaction from the quote page, in the background (keepalive, no await
// on the page), never more than once per refId in this browser tab.
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
    const body = JSON.stringify({ refId, width: screen.width, height: screen.height });
    fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body, keepalive: true, mode: 'cors' }).catch(
      () => {
        // Logging only: nothing for the visitor to see.
      },
    );
  }, [url, refId]);
  return null;
}
