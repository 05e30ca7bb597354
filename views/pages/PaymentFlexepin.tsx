// Screen 10, the Flexepin voucher: the order, the rate hold (paused while a voucher is
// redeemed), the 16-digit field with the single-use warning. After a stored-value
// mismatch, the new-quote offer: a dialog whose Yes is a form and whose No is a link back
// to this page, so it works the same without JavaScript.
import { VOUCHER_LENGTH } from '../../checkout/limits.ts';
import { ROUTES } from '../../checkout/routes.ts';
import type { FormFieldsOf } from '../../checkout/wire.ts';
import type { RateHoldProps } from '../../islands/RateHold.tsx';
import { Island } from '../../server/render/island.tsx';
import { described, Field, type FormState } from '../../ui/Field.tsx';
import { useTexts } from '../../ui/language.tsx';
import { FlowFrame, type FlowFrameProps } from '../components/FlowFrame.tsx';
import { FormCard, SubmitButton } from '../components/FormParts.tsx';
import { OrderLink } from '../components/OrderLink.tsx';
import { Document } from '../layout/Document.tsx';

export const VOUCHER_FORM_ID = 'voucher-form';

export interface NewQuoteOffer {
  /** The voucher's stored value, formatted ('$50.00 CAD'). */
  value: string;
  /** The amount the quote is updated to, as the form posts it. */
  fiatAmount: string;
  voucherNumber: string;
}

export interface PaymentFlexepinProps {
  frame?: FlowFrameProps | undefined;
  form: FormState<FormFieldsOf<'voucherNumber'>>;
  hold: Omit<RateHoldProps, 'formId' | 'pausedText' | 'expiredHref'> | null;
  offer?: NewQuoteOffer;
}

export function PaymentFlexepinPage({ form, hold, offer, frame }: PaymentFlexepinProps) {
  const { VOUCHER_TEXT } = useTexts();
  const error = form.errors.voucherNumber;
  return (
    <Document title={VOUCHER_TEXT.pageTitle}>
      <FlowFrame frame={frame}>
        {hold && (
          <Island
            name="RateHold"
            props={{ ...hold, formId: VOUCHER_FORM_ID, pausedText: VOUCHER_TEXT.redeeming, expiredHref: ROUTES.newQuote.path }}
          />
        )}
        <FormCard
          id={VOUCHER_FORM_ID}
          action={ROUTES.paymentFlexepin.path}
          title={VOUCHER_TEXT.title}
          messages={form.formErrors}
          submit={VOUCHER_TEXT.redeem}
        >
          <Field id="voucherNumber" label={VOUCHER_TEXT.label} error={error} hint={VOUCHER_TEXT.hint}>
            <input
              id="voucherNumber"
              name="voucherNumber"
              type="text"
              inputMode="numeric"
              autoComplete="off"
              maxLength={VOUCHER_LENGTH}
              defaultValue={form.values.voucherNumber ?? ''}
              autoFocus={error !== undefined || undefined}
              {...described('voucherNumber', error, { hint: true, submitted: form.values.voucherNumber ?? '' })}
            />
          </Field>
          <p className="notice" role="note">
            {VOUCHER_TEXT.singleUse}
          </p>
        </FormCard>
        {offer && <NewQuoteDialog offer={offer} />}
        <OrderLink />
      </FlowFrame>
    </Document>
  );
}

function NewQuoteDialog({ offer }: { offer: NewQuoteOffer }) {
  const { ACTIONS, VOUCHER_TEXT } = useTexts();
  return (
    <div
      className="modal"
      role="alertdialog"
      aria-modal="true"
      aria-labelledby="new-quote-title"
      aria-describedby="new-quote-text"
    >
      <form className="modal-card" method="post" action={ROUTES.paymentFlexepin.actions.requote}>
        <p id="new-quote-title">
          <strong>{VOUCHER_TEXT.mismatch}</strong>
        </p>
        <p id="new-quote-text">
          {VOUCHER_TEXT.storedValue({ amount: offer.value })} {VOUCHER_TEXT.updateQuote}
        </p>
        <input type="hidden" name="voucherNumber" value={offer.voucherNumber} />
        <input type="hidden" name="fiatAmount" value={offer.fiatAmount} />
        <div className="modal-actions">
          <SubmitButton autoFocus>{VOUCHER_TEXT.updateYes}</SubmitButton>
          <a className="button secondary" href={ROUTES.paymentFlexepin.path}>
            {ACTIONS.no}
          </a>
        </div>
        <Island name="DialogKeys" props={{ escapeHref: ROUTES.paymentFlexepin.path }} />
      </form>
    </div>
  );
}
