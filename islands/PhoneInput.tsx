// The buyer's mobile number with the country and its calling code in front of it: the
// country's code as text (flag emoji need a colour emoji font that many systems lack), or
// in DEV and TEST the country selector itself. The server HTML is a plain labelled tel
// input, so the form works without JavaScript; hydrated, it formats the number as it is
// typed and follows the selector. The server validates either way.

import { formatIncompletePhoneNumber, getCountryCallingCode, isSupportedCountry } from 'libphonenumber-js/mobile';
import { type ChangeEvent, useState } from 'react';
import { useTexts } from '../ui/language.tsx';

export interface PhoneCountry {
  code: string;
  name: string;
}

export interface PhoneInputProps {
  /** What the visitor typed, shown back as is. */
  value: string;
  /** ISO code of the number's country. */
  country: string;
  /** Every country the selector offers (DEV and TEST); null hides the selector (PROD). */
  countries: PhoneCountry[] | null;
  /** The country's name for screen readers when there is no selector. */
  countryName: string;
  error?: string;
  /** The first wrong field of a refused form: the cursor starts here. */
  autoFocus?: boolean;
}

function callingCode(code: string): string {
  return isSupportedCountry(code) ? `+${getCountryCallingCode(code)}` : '';
}

export default function PhoneInput(props: PhoneInputProps) {
  const { BUYER_PAGE } = useTexts();
  const [country, setCountry] = useState(props.country);
  const [value, setValue] = useState(props.value);
  const countryName = props.countries?.find((c) => c.code === country)?.name ?? props.countryName;
  const describedBy =
    [props.countries ? '' : 'mobile-prefix', props.error ? 'mobile-error' : ''].filter(Boolean).join(' ') || undefined;

  const onType = (event: ChangeEvent<HTMLInputElement>) => {
    const typed = event.target.value;
    // Reformat only when adding at the end: reformatting while deleting or editing in the
    // middle would move the caret or put a deleted bracket straight back.
    const inputType = (event.nativeEvent as InputEvent).inputType ?? '';
    const atEnd = event.target.selectionStart === typed.length;
    const canFormat = !inputType.startsWith('delete') && atEnd;
    setValue(canFormat && isSupportedCountry(country) ? formatIncompletePhoneNumber(typed, country) : typed);
  };

  return (
    <div className="field phone-field" data-invalid={props.error ? 'true' : undefined}>
      <label htmlFor="mobile">{BUYER_PAGE.mobile}</label>
      <div className="phone-row">
        {props.countries ? (
          <select
            name="mobileCountry"
            aria-label={BUYER_PAGE.mobileCountry}
            className="phone-prefix phone-country"
            value={country}
            onChange={(e) => setCountry(e.target.value)}
          >
            {props.countries.map((c) => (
              <option key={c.code} value={c.code}>
                {`${callingCode(c.code)} ${c.name}`}
              </option>
            ))}
          </select>
        ) : (
          <span className="phone-prefix" id="mobile-prefix">
            <span aria-hidden="true">{country}</span>
            <span className="visually-hidden">{countryName}</span> {callingCode(country)}
          </span>
        )}
        <input
          id="mobile"
          name="mobile"
          autoFocus={props.autoFocus}
          // The number without its country code, which the prefix beside it holds: autofill's
          // `tel-national`, which HTML allows on a text field only (a phone keypad all the same).
          type="text"
          inputMode="tel"
          autoComplete="tel-national"
          value={value}
          onChange={onType}
          aria-describedby={describedBy}
          aria-invalid={props.error ? true : undefined}
        />
      </div>
      {props.error && (
        <p className="field-error" id="mobile-error" role="alert">
          {props.error}
        </p>
      )}
    </div>
  );
}
