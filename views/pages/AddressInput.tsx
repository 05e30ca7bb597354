// Screen 5: where the bought coins go. A plain form (no JavaScript), the merchant's wallet
// recommendation and the warnings that stop the usual "send crypto to this address" scams.

import { ROUTES } from '../../checkout/routes.ts';
import type { FormFieldsOf } from '../../checkout/wire.ts';
import { described, Field, type FormState } from '../../ui/Field.tsx';
import { useTexts, withNodes } from '../../ui/language.tsx';
import { FlowFrame, type FlowFrameProps } from '../components/FlowFrame.tsx';
import { FormCard } from '../components/FormParts.tsx';
import { Document } from '../layout/Document.tsx';

export interface AddressInputProps {
  frame?: FlowFrameProps | undefined;
  coin: string;
  coinName: string;
  form: FormState<FormFieldsOf<'cryptoAddress'>>;
  /** Under a refused address on a TEST or DEV host: it takes test-network addresses only. */
  networkHint?: string | undefined;
  wallet?: { name: string; url: string };
}

export function AddressInputPage({ coin, coinName, form, wallet, frame, networkHint }: AddressInputProps) {
  const { ADDRESS_PAGE } = useTexts();
  const error = form.errors.cryptoAddress;
  return (
    <Document title={ADDRESS_PAGE.title({ coin })}>
      <FlowFrame frame={frame}>
        <FormCard action={ROUTES.addressInput.path} title={ADDRESS_PAGE.heading({ coinName })} messages={form.formErrors}>
          <Field
            id="cryptoAddress"
            label={ADDRESS_PAGE.label({ coinName, coin })}
            error={error}
            errorNote={networkHint}
            hint={ADDRESS_PAGE.hint}
          >
            <input
              id="cryptoAddress"
              name="cryptoAddress"
              type="text"
              autoComplete="off"
              autoCapitalize="off"
              autoCorrect="off"
              spellCheck={false}
              defaultValue={form.values.cryptoAddress ?? ''}
              autoFocus={error !== undefined || undefined}
              {...described('cryptoAddress', error, { hint: true, submitted: form.values.cryptoAddress ?? '' })}
            />
          </Field>

          {wallet && (
            <p className="wallet-tip">
              {withNodes(ADDRESS_PAGE.walletTip, {
                wallet: (
                  <a href={wallet.url} target="_blank" rel="noopener noreferrer">
                    {wallet.name}
                  </a>
                ),
              })}
            </p>
          )}

          <section className="scam-warning" aria-labelledby="scam-warning-title">
            <h2 id="scam-warning-title">{ADDRESS_PAGE.scamTitle}</h2>
            <ul>
              <li>{ADDRESS_PAGE.scamOwnWallet}</li>
              <li>{ADDRESS_PAGE.scamKeys}</li>
              <li>{ADDRESS_PAGE.scamAgencies}</li>
              <li>{ADDRESS_PAGE.scamFinal}</li>
            </ul>
          </section>
        </FormCard>
      </FlowFrame>
    </Document>
  );
}
