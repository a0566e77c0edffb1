// The tribute's details (docs/decisions/037-conversion-features.md): in honour or in memory of whom,
// and an optional e-card. Its own chunk: loaded when the donor ticks the tribute box.
import { TRIBUTE_LABELS, TRIBUTE_TYPES } from '@kindling/contracts/conversion-rules.ts';
import type { TributeDraft, TributeErrors } from './tribute.ts';

type Props = { value: TributeDraft; errors: TributeErrors; onChange: (next: TributeDraft) => void };

function TextField(props: Props & { name: keyof TributeDraft; label: string; optional?: boolean; type?: string }) {
  const id = `kd-tribute-${props.name}`;
  const error = props.errors[props.name];
  return (
    <div className="kd-field">
      <label className="kd-label" htmlFor={id}>
        {props.label}
        {props.optional ? (
          <span className="kd-optional"> (optional)</span>
        ) : (
          <span className="kd-required" aria-hidden="true">
            {' '}
            *
          </span>
        )}
      </label>
      <input
        id={id}
        className="kd-input"
        type={props.type ?? 'text'}
        maxLength={props.name === 'recipient_email' ? 254 : 100}
        required={!props.optional}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        value={props.value[props.name]}
        onChange={(event) => props.onChange({ ...props.value, [props.name]: event.currentTarget.value })}
      />
      {error && (
        <p id={`${id}-error`} className="kd-field-error">
          {error}
        </p>
      )}
    </div>
  );
}

export default function TributeFields(props: Props) {
  const { value, onChange } = props;
  return (
    <div className="kd-tribute">
      <fieldset className="kd-tribute-type">
        <legend className="kd-label">This gift is</legend>
        {TRIBUTE_TYPES.map((type) => (
          <label key={type} className="kd-check">
            <input
              type="radio"
              name="kd-tribute-type"
              checked={value.type === type}
              onChange={() => onChange({ ...value, type })}
            />
            <span>{TRIBUTE_LABELS[type]}</span>
          </label>
        ))}
      </fieldset>
      <TextField {...props} name="honoree_name" label="Their name" />
      <p className="kd-hint">We can e-mail an e-card about your gift (never its amount) once it has gone through.</p>
      <TextField {...props} name="recipient_name" label="E-card to (name)" optional />
      <TextField {...props} name="recipient_email" label="E-card to (email)" type="email" optional />
      <div className="kd-field">
        <label className="kd-label" htmlFor="kd-tribute-message">
          Message on the e-card <span className="kd-optional">(optional)</span>
        </label>
        <textarea
          id="kd-tribute-message"
          className="kd-textarea"
          rows={2}
          maxLength={300}
          value={value.message}
          onChange={(event) => onChange({ ...value, message: event.currentTarget.value })}
        />
      </div>
    </div>
  );
}
