// Where to send a reward that ships (docs/product/crowdfunding.md#rewards): asked before paying, in the gift's
// modal and in an all-or-nothing pledge's form, checked by the same rules the server applies.

import {
  type TShippingAddress,
  type TShippingAddressInput,
  ZShippingAddress,
} from '@kindling/contracts/crowdfunding-shipping.ts';
import { countryOptions } from '@kindling/contracts/organisation-profile.ts';

export type ShippingValue = Required<TShippingAddressInput>;
export type ShippingErrors = Partial<Record<keyof ShippingValue, string>>;

export const emptyShipping = (name = ''): ShippingValue => ({
  name,
  line1: '',
  line2: '',
  city: '',
  region: '',
  postal_code: '',
  country: '',
});

/** The address as the server takes it, or the message under each wrong field. */
export function checkShipping(value: ShippingValue): { address: TShippingAddress } | { errors: ShippingErrors } {
  const parsed = ZShippingAddress.safeParse(value);
  if (parsed.success) return { address: parsed.data };
  const errors: ShippingErrors = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0] as keyof ShippingValue;
    errors[field] ??= issue.message;
  }
  return { errors };
}

const FIELDS: { name: keyof ShippingValue; label: string; autoComplete: string; optional?: boolean }[] = [
  { name: 'name', label: 'Full name', autoComplete: 'shipping name' },
  { name: 'line1', label: 'Street address', autoComplete: 'shipping address-line1' },
  { name: 'line2', label: 'Address line 2', autoComplete: 'shipping address-line2', optional: true },
  { name: 'city', label: 'Town or city', autoComplete: 'shipping address-level2' },
  { name: 'region', label: 'County / State', autoComplete: 'shipping address-level1', optional: true },
  { name: 'postal_code', label: 'Postcode / ZIP', autoComplete: 'shipping postal-code' },
];

let countries: { code: string; name: string }[] | null = null;

type Props = {
  value: ShippingValue;
  errors: ShippingErrors;
  onChange: (value: ShippingValue) => void;
  rewardTitle: string;
};

export function ShippingFields({ value, errors, onChange, rewardTitle }: Props) {
  countries ??= countryOptions();
  const described = (name: keyof ShippingValue) => (errors[name] ? `cf-ship-${name}-error` : undefined);
  const error = (name: keyof ShippingValue) =>
    errors[name] && (
      <p id={`cf-ship-${name}-error`} className="kd-field-error">
        {errors[name]}
      </p>
    );
  return (
    <fieldset className="cf-shipping">
      <legend>Where should we send {rewardTitle}?</legend>
      {FIELDS.map((f) => (
        <div className="kd-field" key={f.name}>
          <label className="kd-label" htmlFor={`cf-ship-${f.name}`}>
            {f.label}
            {f.optional && <span className="kd-optional"> (optional)</span>}
          </label>
          <input
            id={`cf-ship-${f.name}`}
            className="kd-input"
            autoComplete={f.autoComplete}
            value={value[f.name]}
            aria-invalid={errors[f.name] ? true : undefined}
            aria-describedby={described(f.name)}
            onChange={(e) => onChange({ ...value, [f.name]: e.currentTarget.value })}
          />
          {error(f.name)}
        </div>
      ))}
      <div className="kd-field">
        <label className="kd-label" htmlFor="cf-ship-country">
          Country
        </label>
        <select
          id="cf-ship-country"
          className="kd-input"
          autoComplete="shipping country"
          value={value.country}
          aria-invalid={errors.country ? true : undefined}
          aria-describedby={described('country')}
          onChange={(e) => onChange({ ...value, country: e.currentTarget.value })}
        >
          <option value="">Choose a country</option>
          {countries.map((c) => (
            <option key={c.code} value={c.code}>
              {c.name}
            </option>
          ))}
        </select>
        {error('country')}
      </div>
    </fieldset>
  );
}
