// The donor's name, e-mail and (when asked) billing address: card sub-step 0, and the PayPal tab
// when Gift Aid needs a home address.
import type { DonorDetails, DonorErrors, DonorField } from './donor-details.ts';

type FieldSpec = {
  name: DonorField;
  label: string;
  autoComplete: string;
  type?: 'email' | 'text';
  required?: boolean;
};

const PERSON: FieldSpec[] = [
  { name: 'firstName', label: 'First Name', autoComplete: 'given-name', required: true },
  { name: 'lastName', label: 'Last Name', autoComplete: 'family-name', required: true },
  { name: 'email', label: 'Email', autoComplete: 'email', type: 'email', required: true },
];

const ADDRESS: FieldSpec[] = [
  { name: 'address', label: 'Address', autoComplete: 'address-line1' },
  { name: 'address2', label: 'Address line 2', autoComplete: 'address-line2' },
  { name: 'city', label: 'City', autoComplete: 'address-level2' },
  { name: 'state', label: 'County / State', autoComplete: 'address-level1' },
  { name: 'postalCode', label: 'Postcode / ZIP', autoComplete: 'postal-code' },
  { name: 'country', label: 'Country', autoComplete: 'country-name' },
];

type Props = {
  value: DonorDetails;
  errors: DonorErrors;
  onChange: (name: DonorField, value: string) => void;
  /** Show the billing address block (collect_address, or Gift Aid). */
  address: boolean;
  /** Gift Aid: address and postcode become required. */
  giftAid: boolean;
  /** Only the address block (the PayPal tab, where PayPal supplies name and e-mail). */
  addressOnly?: boolean;
  idPrefix: string;
};

function Field({ spec, props }: { spec: FieldSpec; props: Props }) {
  const id = `${props.idPrefix}-${spec.name}`;
  const error = props.errors[spec.name];
  const required = spec.required || (props.giftAid && (spec.name === 'address' || spec.name === 'postalCode'));
  return (
    <div className="kd-field">
      <label className="kd-label" htmlFor={id}>
        {spec.label}
        {required ? (
          <span className="kd-required" aria-hidden="true">
            {' '}
            *
          </span>
        ) : (
          <span className="kd-optional"> (optional)</span>
        )}
      </label>
      <input
        id={id}
        name={spec.name}
        className="kd-input"
        type={spec.type ?? 'text'}
        autoComplete={spec.autoComplete}
        required={required}
        aria-required={required || undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        value={props.value[spec.name]}
        onChange={(event) => props.onChange(spec.name, event.currentTarget.value)}
      />
      {error && (
        <p id={`${id}-error`} className="kd-field-error">
          {error}
        </p>
      )}
    </div>
  );
}

export function DonorFields(props: Props) {
  return (
    <>
      {!props.addressOnly && PERSON.map((spec) => <Field key={spec.name} spec={spec} props={props} />)}
      {props.address && (
        <fieldset className="kd-pay-address">
          <legend className="kd-label">{props.giftAid ? 'Home address (for Gift Aid)' : 'Billing Address'}</legend>
          {ADDRESS.map((spec) => (
            <Field key={spec.name} spec={spec} props={props} />
          ))}
        </fieldset>
      )}
    </>
  );
}
