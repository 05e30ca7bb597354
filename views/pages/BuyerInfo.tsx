// Screen 7: the buyer's details. A plain form the server validates; only the mobile field is
// an island (flag, calling code, formatting as you type), and it too works without JavaScript.
import { Fragment } from 'react';
import type { AddressForm } from '../../checkout/address/index.ts';
import { ROUTES } from '../../checkout/routes.ts';
import type { BirthdayPart } from '../../checkout/validation/buyer-info.ts';
import type { FormFieldsOf } from '../../checkout/wire.ts';
import type { PhoneInputProps } from '../../islands/PhoneInput.tsx';
import { Island } from '../../server/render/island.tsx';
import { described, Field, type FormState } from '../../ui/Field.tsx';
import { useTexts } from '../../ui/language.tsx';
import { FlowFrame, type FlowFrameProps } from '../components/FlowFrame.tsx';
import { FormCard } from '../components/FormParts.tsx';
import { Document } from '../layout/Document.tsx';

export type BuyerFormField = FormFieldsOf<'buyerInfo'>;

export interface BuyerInfoProps {
  frame?: FlowFrameProps | undefined;
  /** formErrors: upstream refusals, each item's message or the fallback. */
  form: FormState<BuyerFormField>;
  phone: PhoneInputProps;
  /** Address fields, in the buyer's country's form, only when the upstream asks for them. */
  address: AddressForm | null;
  /** The birthday's fields in the order the buyer's country writes a date (birthdayOrderOf). */
  birthdayOrder: readonly BirthdayPart[];
}

export function BuyerInfoPage({ form, phone, address, birthdayOrder, frame }: BuyerInfoProps) {
  const { BUYER_TEXT, BUYER_PAGE } = useTexts();
  const { values, errors } = form;
  // A refused form puts the cursor in its first wrong field, in the page's order (the
  // autofocus attribute: without JavaScript too); a message about the whole birthday, in its first part.
  const firstWrong = [
    'firstName',
    'lastName',
    'emailAddress',
    'mobile',
    ...birthdayOrder,
    'addressLine1',
    'cityTown',
    'stateProv',
    'postalCode',
  ].find((id) => errors[id] || (id === birthdayOrder[0] && errors.birthday));
  const text = (id: BuyerFormField, autoComplete: string) => ({
    id,
    autoFocus: id === firstWrong || undefined,
    name: id,
    type: 'text',
    autoComplete,
    defaultValue: values[id] ?? '',
    ...described(id, errors[id], { submitted: values[id] ?? '' }),
  });
  const birthdayError = errors.birthday;
  const DATE_PARTS = {
    month: [BUYER_PAGE.month, BUYER_PAGE.monthPlaceholder, 'bday-month'],
    day: [BUYER_PAGE.day, BUYER_PAGE.dayPlaceholder, 'bday-day'],
    year: [BUYER_PAGE.year, BUYER_PAGE.yearPlaceholder, 'bday-year'],
  } as const;
  const datePart = (id: BirthdayPart, [label, placeholder, autoComplete]: (typeof DATE_PARTS)[BirthdayPart]) => (
    <Field id={id} label={label} error={errors[id]}>
      <input
        {...text(id, autoComplete)}
        inputMode="numeric"
        maxLength={placeholder.length}
        placeholder={placeholder}
        {...described(id, errors[id], { extra: birthdayError ? 'birthday-error' : undefined, submitted: values[id] ?? '' })}
      />
    </Field>
  );

  return (
    <Document title={BUYER_PAGE.title}>
      <FlowFrame frame={frame}>
        <FormCard action={ROUTES.buyerInfoInput.path} title={BUYER_PAGE.title} messages={form.formErrors}>
          <p className="hint">{BUYER_PAGE.why}</p>

          <div className="row">
            <Field id="firstName" label={BUYER_PAGE.firstName} error={errors.firstName}>
              <input {...text('firstName', 'given-name')} />
            </Field>
            <Field id="lastName" label={BUYER_PAGE.lastName} error={errors.lastName}>
              <input {...text('lastName', 'family-name')} />
            </Field>
          </div>

          <Field id="emailAddress" label={BUYER_PAGE.email} error={errors.emailAddress} hint={BUYER_TEXT.codeByEmail}>
            <input
              {...text('emailAddress', 'email')}
              {...described('emailAddress', errors.emailAddress, { hint: true, submitted: values.emailAddress ?? '' })}
              type="email"
              inputMode="email"
              autoCapitalize="off"
              spellCheck={false}
            />
          </Field>

          <Island name="PhoneInput" props={firstWrong === 'mobile' ? { ...phone, autoFocus: true } : phone} hydrate="visible" />

          <fieldset className="birthday" aria-describedby={birthdayError ? 'birthday-error' : undefined}>
            <legend>{BUYER_PAGE.birthday}</legend>
            <div className="row">
              {birthdayOrder.map((part) => (
                <Fragment key={part}>{datePart(part, DATE_PARTS[part])}</Fragment>
              ))}
            </div>
            {birthdayError && (
              <p className="field-error" id="birthday-error" role="alert">
                {birthdayError}
              </p>
            )}
          </fieldset>

          {address && (
            <fieldset className="address">
              <legend>{BUYER_PAGE.address}</legend>
              <Field id="addressLine1" label={BUYER_PAGE.address} error={errors.addressLine1}>
                <input {...text('addressLine1', 'address-line1')} />
              </Field>
              <Field id="cityTown" label={BUYER_PAGE.city} error={errors.cityTown}>
                <input {...text('cityTown', 'address-level2')} />
              </Field>
              <div className="row">
                <Field id="stateProv" label={address.regionLabel} error={errors.stateProv}>
                  <select
                    id="stateProv"
                    name="stateProv"
                    autoComplete="address-level1"
                    defaultValue={values.stateProv ?? ''}
                    autoFocus={firstWrong === 'stateProv' || undefined}
                    {...described('stateProv', errors.stateProv)}
                  >
                    <option value="">{BUYER_PAGE.choose}</option>
                    {address.regions.map((r) => (
                      <option key={r.code} value={r.code}>
                        {r.name}
                      </option>
                    ))}
                  </select>
                </Field>
                <Field id="postalCode" label={address.postalLabel} error={errors.postalCode}>
                  <input
                    {...text('postalCode', 'postal-code')}
                    {...(address.postalCode.digitsOnly ? { inputMode: 'numeric' } : { autoCapitalize: 'characters' })}
                  />
                </Field>
              </div>
            </fieldset>
          )}
        </FormCard>
      </FlowFrame>
    </Document>
  );
}
