// Where a sell or a spend sends its crypto (screen 17): the exact amount, the QR code of
// the wallet link drawn by the server, the link itself ("Open in wallet", for a wallet on
// this device), and the amount and the address each in a box to copy, as wallets take
// them (the amount in plain decimal digits, whatever the page's language). Both links
// fill in the address and the amount, so neither is typed. Server-only: an island that
// finds the address reloads the page for it (islands/WalletStatus.tsx).
import { Fragment } from 'react';
import { walletAmount } from '../../checkout/wallet-uri.ts';
import { useTexts, withNodes } from '../../ui/language.tsx';
import { CopyValue } from './CopyValue.tsx';
import { QrCode } from './QrCode.tsx';

export interface WalletAddressProps {
  address: string;
  coin: string;
  /** The crypto amount to send. */
  amount: number;
  /** The crypto amount to send, formatted in the page's language. */
  amountText: string;
  /** The wallet link: address and amount (checkout/wallet-uri.ts). */
  uri: string;
  confirmHref: string;
  /** Copy buttons beside the values: not inside a <noscript>, where nothing would hydrate them. */
  copyable: boolean;
}

export function WalletAddress({ address, coin, amount, amountText, uri, confirmHref, copyable }: WalletAddressProps) {
  const { COPY_TEXT, DEPOSIT_TEXT, WALLET_TEXT } = useTexts();
  const values = [
    { label: WALLET_TEXT.amount({ coin }), value: walletAmount(amount), copy: COPY_TEXT.copyAmount, className: 'wallet-amount' },
    { label: DEPOSIT_TEXT.result, value: address, copy: COPY_TEXT.copyAddress, className: 'crypto-address wallet-address' },
  ];
  return (
    <div className="wallet">
      <p>{withNodes(WALLET_TEXT.sendExactly, { amount: <strong>{amountText}</strong> })}</p>
      <QrCode text={uri} label={WALLET_TEXT.qr} className="wallet-qr" />
      <a className="button secondary wallet-open" href={uri}>
        {WALLET_TEXT.openInWallet}
      </a>
      <p className="hint wallet-hint">{WALLET_TEXT.scanOrOpen}</p>
      <dl className="order-summary wallet-values">
        {values.map(({ label, value, copy, className }) => (
          <Fragment key={className}>
            <dt>{label}</dt>
            <dd className={className}>
              {copyable ? (
                <CopyValue value={value} label={COPY_TEXT.copy} name={copy} />
              ) : (
                <span className="copy-value">
                  <span className="copy-value-text">{value}</span>
                </span>
              )}
            </dd>
          </Fragment>
        ))}
      </dl>
      <a className="button" href={confirmHref}>
        {DEPOSIT_TEXT.sent}
      </a>
    </div>
  );
}
