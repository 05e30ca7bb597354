// The wallet address of a sell or spend (screen 17). The server has asked for the status
// once; when it was not PROCESSED yet, this island asks the rest of the checks of
// pollStatus through the edge's /api proxy. PROCESSED shows the address; otherwise it
// stops and shows the received-order message with a "Check again" link. Its server HTML
// is an empty, hidden status: without JavaScript the page's streamed part does the
// checking instead (views/pages/PaymentSpend.tsx).
import { useEffect, useState, type ReactNode } from 'react';
import { pollStatus, processedAddress } from '../checkout/status-poll.ts';
import CopyButton from './CopyButton.tsx';
import { useTexts, withNodes } from '../views/language.tsx';

export interface WalletAddressProps {
  address: string;
  /** The crypto amount to send, formatted. */
  amountText: string;
  qrSrc: string;
  confirmHref: string;
  copy: ReactNode;
}

/** The address to send to, as text and QR code, shared with the server-rendered page. */
export function WalletAddress({ address, amountText, qrSrc, confirmHref, copy }: WalletAddressProps) {
  const { WALLET_TEXT, DEPOSIT_TEXT } = useTexts();
  return (
    <div className="wallet">
      <p>{withNodes(WALLET_TEXT.sendExactly, { amount: <strong>{amountText}</strong> })}</p>
      <img className="wallet-qr" src={qrSrc} alt={WALLET_TEXT.qr} width={200} height={200} />
      <p className="crypto-address wallet-address">{address}</p>
      {copy}
      <a className="button" href={confirmHref}>
        {DEPOSIT_TEXT.sent}
      </a>
    </div>
  );
}

export interface WalletStatusProps {
  /** /api/txnbuy|txnsell/status/{refId} */
  statusUrl: string;
  qrSrc: string;
  amountText: string;
  confirmHref: string;
  checkAgainHref: string;
  receivedMessage: string;
}

type Phase = { kind: 'idle' } | { kind: 'received' } | { kind: 'checking' } | { kind: 'processed'; address: string };

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
  const { COPY_TEXT, WALLET_TEXT } = useTexts();
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
      if (!stopped) setPhase(address ? { kind: 'processed', address } : { kind: 'received' });
    });
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [props.statusUrl]);

  if (phase.kind === 'processed') {
    return (
      <WalletAddress
        address={phase.address}
        amountText={props.amountText}
        qrSrc={props.qrSrc}
        confirmHref={props.confirmHref}
        copy={<CopyButton text={phase.address} label={COPY_TEXT.copyAddress} />}
      />
    );
  }
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
