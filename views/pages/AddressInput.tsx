// Screen 5: where the bought coins go. A plain form (no JavaScript), the merchant's wallet
// recommendation and the warnings that stop the usual "send crypto to this address" scams.
import { Document } from '../layout/Document.tsx';
import { FlowFrame, type FlowFrameProps } from '../components/FlowFrame.tsx';
import { ROUTES } from '../../checkout/routes.ts';
import type { FormFieldsOf } from '../../checkout/wire.ts';
import { Field, described, type FormState } from '../components/Field.tsx';
import { FormCard } from '../components/FormParts.tsx';

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
  const error = form.errors.cryptoAddress;
  return (
    <Document title={`Your ${coin} address`}>
      <FlowFrame frame={frame}>
        <FormCard action={ROUTES.addressInput.path} title={`Where should we send your ${coinName}?`} messages={form.formErrors}>
          <Field
            id="cryptoAddress"
            label={`Your ${coinName} (${coin}) address`}
            error={error}
            errorNote={networkHint}
            hint="Copy it from your own wallet app. Check the first and last characters after pasting."
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
              {...described('cryptoAddress', error, { hint: true, submitted: form.values.cryptoAddress ?? '' })}
            />
          </Field>

          {wallet && (
            <p className="wallet-tip">
              No wallet yet? We recommend{' '}
              <a href={wallet.url} target="_blank" rel="noopener noreferrer">
                {wallet.name}
              </a>
              .
            </p>
          )}

          <section className="scam-warning" aria-labelledby="scam-warning-title">
            <h2 id="scam-warning-title">Protect yourself from scams</h2>
            <ul>
              <li>
                Only use an address from a wallet that you set up and control. If someone gave you this address by phone, text,
                email or social media, stop: it is a scam.
              </li>
              <li>We will never ask for your private keys, seed phrase or wallet password. Never share them with anyone.</li>
              <li>
                No government agency, police service, bank or utility will ever ask you to pay in crypto, and no real investment
                guarantees returns.
              </li>
              <li>Crypto sent to an address cannot be recovered or reversed.</li>
            </ul>
          </section>
        </FormCard>
      </FlowFrame>
    </Document>
  );
}
