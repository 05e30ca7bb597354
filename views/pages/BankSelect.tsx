// Screen 19: the banks the upstream offers (nextActionParams.availableBanks), each a
// submit button of one form, with its logo when the checkout ships one and a text tile
// with its initials when not. No JavaScript.
import { BANK_TEXT } from '../../checkout/messages.ts';
import { PAYMENT_DEADLINE_MS } from '../../checkout/limits.ts';
import { ROUTES } from '../../checkout/routes.ts';
import { useRenderContext } from '../../server/render/context.tsx';
import { Document } from '../layout/Document.tsx';
import { FlowFrame, type FlowFrameProps } from '../components/FlowFrame.tsx';
import { BackHome, FormCard } from '../components/FormParts.tsx';
import { formatHours } from '../../checkout/format.ts';

export interface Bank {
  bankCode: string;
  bankName: string;
}

/** 'Sandbox Bank Central Asia' -> 'BC': the tile of a bank without a shipped logo. */
export function bankInitials(name: string): string {
  const words = name.split(/\s+/).filter((w) => /^[A-Z]/.test(w) && w !== 'Sandbox');
  return (words.length ? words : name.split(/\s+/))
    .slice(0, 2)
    .map((w) => w[0]!.toUpperCase())
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
}

export function BankSelectPage({ banks, messages, frame }: BankSelectProps) {
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
          <p className="hint">{BANK_TEXT.deadline(formatHours(PAYMENT_DEADLINE_MS))}</p>
          <BackHome />
        </FormCard>
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
          <p className="hint">{BANK_TEXT.deadline(formatHours(PAYMENT_DEADLINE_MS))}</p>
        </FormCard>
      </FlowFrame>
    </Document>
  );
}
