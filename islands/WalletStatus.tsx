// The wallet address of a sell or spend (screen 17). The server has asked for the status
// once; when it was not PROCESSED yet, this island asks STATUS_POLL.retries more times,
// STATUS_POLL.intervalMs apart, through the edge's /api proxy. PROCESSED shows the address;
// otherwise it stops and shows the received-order message. Its server HTML is that
// message with a "Check again" link, so the page works without JavaScript.
import { useEffect, useState, type ReactNode } from 'react';
import { STATUS_POLL } from '../server/checkout/limits.ts';
import { COPY_TEXT } from '../server/checkout/messages.ts';
import CopyButton from './CopyButton.tsx';

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
  return (
    <div className="wallet">
      <p>
        Send exactly <strong>{amountText}</strong> to this address:
      </p>
      <img className="wallet-qr" src={qrSrc} alt="QR code of the wallet address" width={200} height={200} />
      <p className="crypto-address wallet-address">{address}</p>
      {copy}
      <a className="button" href={confirmHref}>
        I HAVE SENT MY CRYPTO
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

type Phase = { kind: 'received' } | { kind: 'checking' } | { kind: 'processed'; address: string };

/** The proxied status answer, or null when it is unusable. */
async function fetchProcessedAddress(url: string): Promise<string | null> {
  try {
    const response = await fetch(url, { headers: { accept: 'application/json' } });
    if (!response.ok) return null;
    const body = (await response.json()) as { txnStatus?: unknown; cryptoAddress?: unknown };
    return body.txnStatus === 'PROCESSED' && typeof body.cryptoAddress === 'string' && body.cryptoAddress ? body.cryptoAddress : null;
  } catch {
    return null;
  }
}

export default function WalletStatus(props: WalletStatusProps) {
  // The first render matches the server's (no-JavaScript) HTML; checking starts after it.
  const [phase, setPhase] = useState<Phase>({ kind: 'received' });

  useEffect(() => {
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    setPhase({ kind: 'checking' });
    const poll = (retriesLeft: number) => {
      timer = setTimeout(async () => {
        const address = await fetchProcessedAddress(props.statusUrl);
        if (stopped) return;
        if (address) setPhase({ kind: 'processed', address });
        else if (retriesLeft > 1) poll(retriesLeft - 1);
        else setPhase({ kind: 'received' });
      }, STATUS_POLL.intervalMs);
    };
    poll(STATUS_POLL.retries);
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
    <div className="wallet-status" role="status">
      {phase.kind === 'checking' ? (
        <p>Checking your order…</p>
      ) : (
        <>
          <p>{props.receivedMessage}</p>
          <a className="button secondary" href={props.checkAgainHref}>
            Check again
          </a>
        </>
      )}
    </div>
  );
}
