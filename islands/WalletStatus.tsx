// The wallet address of a sell or spend (screen 17). The server has asked for the status
// once; when it was not PROCESSED yet, this island asks the rest of the checks of
// pollStatus through the edge's /api proxy. PROCESSED reloads the page, which the
// server now draws with the address, its wallet link and QR code (the QR encoder stays
// on the server); otherwise it stops and shows the received-order message with a "Check
// again" link. Its server HTML is an empty, hidden status: without JavaScript the page's
// streamed part does the checking instead (views/pages/PaymentSpend.tsx).
import { useEffect, useState } from 'react';
import { pollStatus, processedAddress } from '../checkout/status-poll.ts';
import { useTexts } from '../ui/language.tsx';

export interface WalletStatusProps {
  /** /api/txnbuy|txnsell/status/{refId} */
  statusUrl: string;
  /** The deposit page itself, for the visitor to check again. */
  checkAgainHref: string;
  receivedMessage: string;
}

type Phase = { kind: 'idle' } | { kind: 'received' } | { kind: 'checking' };

/** The proxied status answer's address once PROCESSED, or null (not yet, or unusable). */
async function fetchProcessedAddress(url: string): Promise<string | null> {
  try {
    const response = await fetch(url, { headers: { accept: 'application/json' } });
    if (!response.ok) return null;
    return processedAddress((await response.json()) as { txnStatus?: unknown; cryptoAddress?: unknown });
  } catch {
    return null;
  }
}

export default function WalletStatus(props: WalletStatusProps) {
  const { WALLET_TEXT } = useTexts();
  // The first render matches the server's HTML (nothing shown); checking starts after it.
  const [phase, setPhase] = useState<Phase>({ kind: 'idle' });

  useEffect(() => {
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    setPhase({ kind: 'checking' });
    void pollStatus({
      check: () => fetchProcessedAddress(props.statusUrl),
      wait: (ms) => new Promise<void>((resolve) => void (timer = setTimeout(resolve, ms))),
      stopped: () => stopped,
    }).then((address) => {
      if (stopped) return;
      // The page drawn anew (its query kept: a question asked stays open) has the address;
      // the status says checking until it arrives.
      if (address) window.location.reload();
      else setPhase({ kind: 'received' });
    });
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [props.statusUrl]);

  return (
    <div className="wallet-status" role="status" hidden={phase.kind === 'idle'}>
      {phase.kind === 'checking' && <p>{WALLET_TEXT.checking}</p>}
      {phase.kind === 'received' && <ReceivedOrder message={props.receivedMessage} checkAgainHref={props.checkAgainHref} />}
    </div>
  );
}

/** Where the checks stop before PROCESSED: the received-order message, and a way to check again. */
export function ReceivedOrder({ message, checkAgainHref }: { message: string; checkAgainHref: string }) {
  return (
    <>
      <p>{message}</p>
      <a className="button secondary" href={checkAgainHref}>
        Check again
      </a>
    </>
  );
}
