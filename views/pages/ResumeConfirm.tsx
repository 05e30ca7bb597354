// Resuming an order by its Reference ID: the order as the upstream holds it, and the
// question whether it is the visitor's own. Yes posts the form (the flow is adopted only
// then); No is a link home that adopts nothing. No JavaScript.

import { useTexts } from '../../ui/language.tsx';
import { BackHome, SubmitButton } from '../components/FormParts.tsx';
import { Document } from '../layout/Document.tsx';

export interface ResumeOrder {
  refId: string;
  amount: string;
  coin: string;
  /** A buy's receiving address, when one was given: masked. */
  receivingAddress?: string;
  /** A sell's payout email, when the upstream gives it: masked. */
  payoutEmail?: string;
  /** When the order was created, as its receipts write it; unset when the upstream does not say. */
  created?: string;
}

export interface ResumeConfirmProps {
  order: ResumeOrder;
  action: string;
  token: string;
  via: string;
  notice?: string;
}

export function ResumeConfirmPage({ order, action, token, via, notice }: ResumeConfirmProps) {
  const { RESUME_TEXT } = useTexts();
  return (
    <Document title={RESUME_TEXT.title} toasts={notice ? [{ kind: 'error', text: notice }] : []}>
      <section className="card">
        <h1>{RESUME_TEXT.title}</h1>
        <p>{RESUME_TEXT.intro}</p>
        <dl className="order-summary">
          <dt>{RESUME_TEXT.amount}</dt>
          <dd>{order.amount}</dd>
          <dt>{RESUME_TEXT.coin}</dt>
          <dd>{order.coin}</dd>
          {order.receivingAddress && (
            <>
              <dt>{RESUME_TEXT.receivingAddress}</dt>
              <dd className="crypto-address">{order.receivingAddress}</dd>
            </>
          )}
          {order.payoutEmail && (
            <>
              <dt>{RESUME_TEXT.payoutEmail}</dt>
              <dd>{order.payoutEmail}</dd>
            </>
          )}
          {order.created && (
            <>
              <dt>{RESUME_TEXT.created}</dt>
              <dd>{order.created}</dd>
            </>
          )}
          <dt>{RESUME_TEXT.reference}</dt>
          <dd>{order.refId}</dd>
        </dl>
        <p>
          <strong>{RESUME_TEXT.warning}</strong>
        </p>
        <form method="post" action={action}>
          <input type="hidden" name="token" value={token} />
          <input type="hidden" name="via" value={via} />
          <SubmitButton>{RESUME_TEXT.confirm}</SubmitButton>
        </form>
        <BackHome>{RESUME_TEXT.notMine}</BackHome>
      </section>
    </Document>
  );
}
