// Screen 19: the banks the upstream offers (nextActionParams.availableBanks), each a
// submit button of one form, with its logo when the checkout ships one and a text tile
// with its initials when not; then the bank's own page inside the checkout's (/bank-payment).
// No JavaScript but the watch once the bank has sent the visitor back.
import { PAYMENT_DEADLINE_MS } from '../../checkout/limits.ts';
import { ROUTES } from '../../checkout/routes.ts';
import { useRenderContext } from '../../server/render/context.tsx';
import { Island } from '../../server/render/island.tsx';
import { useTexts } from '../../ui/language.tsx';
import { FlowFrame, type FlowFrameProps } from '../components/FlowFrame.tsx';
import { FormCard } from '../components/FormParts.tsx';
import { OrderLink } from '../components/OrderLink.tsx';
import { Document } from '../layout/Document.tsx';

export interface Bank {
  bankCode: string;
  bankName: string;
}

/** 'Sandbox Bank Central Asia' -> 'BC': the tile of a bank without a shipped logo ('' for a name without words). */
export function bankInitials(name: string): string {
  const all = name.split(/\s+/).filter(Boolean);
  const words = all.filter((w) => /^[A-Z]/.test(w) && w !== 'Sandbox');
  return (words.length ? words : all)
    .slice(0, 2)
    .map((w) => [...w][0]!.toUpperCase())
    .join('');
}

function BankMark({ bank }: { bank: Bank }) {
  const logo = useRenderContext().assets.images[`bank-${bank.bankCode}.svg`];
  if (logo) return <img className="bank-logo" src={logo} alt="" width={48} height={48} />;
  return (
    <span className="bank-tile" aria-hidden="true">
      {bankInitials(bank.bankName)}
    </span>
  );
}

export interface BankSelectProps {
  frame?: FlowFrameProps | undefined;
  banks: readonly Bank[];
  messages: string[];
  /** The visitor's Reference ID. */
  reference: string;
}

export function BankSelectPage({ banks, messages, frame, reference }: BankSelectProps) {
  const { BANK_PAYMENT_TEXT, BANK_TEXT, TIME } = useTexts();
  return (
    <Document title={BANK_TEXT.selectTitle}>
      <FlowFrame frame={frame}>
        <FormCard
          action={ROUTES.bankSelect.path}
          title={BANK_TEXT.selectTitle}
          messages={messages}
          className="payment"
          submit={null}
        >
          <p>{BANK_TEXT.selectIntro}</p>
          <p className="hint">{BANK_TEXT.once}</p>
          <ul className="bank-list">
            {banks.map((bank) => (
              <li key={bank.bankCode}>
                <button type="submit" name="selectedBank" value={bank.bankCode}>
                  <BankMark bank={bank} />
                  <span className="bank-name">{bank.bankName}</span>
                </button>
              </li>
            ))}
          </ul>
          <p className="hint">{BANK_TEXT.deadline({ window: TIME.hours(PAYMENT_DEADLINE_MS) })}</p>
          {/* No way home from here: it would abandon an order already verified. */}
          <p className="hint">{BANK_PAYMENT_TEXT.kept({ reference })}</p>
        </FormCard>
        <OrderLink />
      </FlowFrame>
    </Document>
  );
}

export interface PoliProps {
  frame?: FlowFrameProps | undefined;
  messages: string[];
}

/** The bank payment page (AUD): Proceed initiates the transfer with no bank chosen here. */
export function PoliPage({ messages, frame }: PoliProps) {
  const { BANK_TEXT, TIME } = useTexts();
  return (
    <Document title={BANK_TEXT.poliTitle}>
      <FlowFrame frame={frame}>
        <FormCard
          action={ROUTES.poli.path}
          title={BANK_TEXT.poliTitle}
          messages={messages}
          className="payment"
          submit={BANK_TEXT.proceed}
        >
          <p>{BANK_TEXT.poliIntro}</p>
          <p className="hint">{BANK_TEXT.deadline({ window: TIME.hours(PAYMENT_DEADLINE_MS) })}</p>
        </FormCard>
        <OrderLink />
      </FlowFrame>
    </Document>
  );
}

export type BankPaymentProps = {
  frame?: FlowFrameProps | undefined;
  /** The visitor's Reference ID: the order is kept while the bank has them. */
  reference: string;
} & (
  | /**
   * The bank's page, sanitised (server/flow/bank-document.ts), inside the checkout's; the
   * bank cannot change, so another bank is a new order for the same amount (`newOrderUrl`).
   */
  { kind: 'bank'; bankHtml: string; newOrderUrl: string }
  /**
   * Back from the bank, the payment not confirmed yet: the page watches the order; back from
   * a provider's page before paying, the way back to it (`providerUrl`) comes first.
   */
  | { kind: 'waiting'; statusUrl: string; pageUrl: string; sentBack: boolean; providerUrl?: string | undefined }
);

/**
 * The bank's page inside the checkout's (its htmlDoc, docs/spec.md section 2), or, once the
 * bank has sent the visitor back, the wait for its confirmation; either way the order
 * stays the visitor's.
 */
export function BankPaymentPage(props: BankPaymentProps) {
  const { BANK_PAYMENT_TEXT, BANK_TEXT, TIME } = useTexts();
  const waiting = props.kind === 'waiting';
  const title = waiting ? BANK_PAYMENT_TEXT.waitingTitle : BANK_PAYMENT_TEXT.title;
  return (
    <Document title={title}>
      <FlowFrame frame={props.frame}>
        <section className="card payment">
          <h1>{title}</h1>
          {waiting ? (
            <>
              <p role="status">{props.sentBack ? BANK_PAYMENT_TEXT.waiting : BANK_PAYMENT_TEXT.waitingAway}</p>
              <Island name="OrderWatch" props={{ statusUrl: props.statusUrl, pageUrl: props.pageUrl }} />
              {props.providerUrl ? (
                <>
                  <p>{BANK_PAYMENT_TEXT.notPaidYet}</p>
                  <a className="button" href={props.providerUrl}>
                    {BANK_PAYMENT_TEXT.toBank}
                  </a>
                  <div className="secondary-actions">
                    <a className="button secondary" href={props.pageUrl}>
                      {BANK_PAYMENT_TEXT.checkAgain}
                    </a>
                  </div>
                </>
              ) : (
                <a className="button secondary" href={props.pageUrl}>
                  {BANK_PAYMENT_TEXT.checkAgain}
                </a>
              )}
            </>
          ) : (
            <>
              <p>{BANK_PAYMENT_TEXT.intro}</p>
              <section
                className="bank-document"
                aria-label={BANK_PAYMENT_TEXT.bankPart}
                // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised by an allowlist, its forms' targets checked (server/flow/bank-document.ts)
                dangerouslySetInnerHTML={{ __html: props.bankHtml }}
              />
              <p className="hint">{BANK_TEXT.deadline({ window: TIME.hours(PAYMENT_DEADLINE_MS) })}</p>
              <h2>{BANK_PAYMENT_TEXT.otherBankTitle}</h2>
              <p>{BANK_PAYMENT_TEXT.otherBank({ reference: props.reference })}</p>
              <a className="button secondary" href={props.newOrderUrl}>
                {BANK_PAYMENT_TEXT.newOrder}
              </a>
            </>
          )}
          <p className="hint">{BANK_PAYMENT_TEXT.kept({ reference: props.reference })}</p>
        </section>
        <OrderLink />
      </FlowFrame>
    </Document>
  );
}
