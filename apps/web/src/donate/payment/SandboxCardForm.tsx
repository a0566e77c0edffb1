// Card sub-step 1 when no card provider is connected: our own card form, confirmed against the
// sandbox provider (payments README). Shown in demos and tests; it charges nothing.
import { DONATION_FORM_TEXT } from '@kindling/contracts/donation-constants.ts';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { HttpError } from '../http.ts';
import {
  type CardErrors,
  type CardInput,
  formatCardNumber,
  formatCvc,
  formatExpiry,
  SANDBOX_TEST_CARDS,
  validateCard,
} from './card-input.ts';
import { type SandboxCardAnswer, sandboxConfirm } from './payment-api.ts';
import { TrustBadges } from './TrustBadges.tsx';

type Props = {
  intent: { id: string; client_secret: string };
  amountLabel: string;
  /** Records the paid intent with our server; answers a message when that fails. */
  finish: () => Promise<string | null>;
  /** events18: the button's words when this pays for something other than a donation. */
  submitLabel?: string;
};

export const SANDBOX_MESSAGES = {
  dialogTitle: 'Confirm this payment',
  dialogText: (amount: string) => `Your bank asks you to confirm this payment of ${amount}.`,
  failed: 'The payment did not go through. Please try again.',
} as const;

/** The sandbox's 400 names card fields; other failures carry the provider's message. */
function failureOf(error: unknown): { fields?: CardErrors; message?: string } {
  if (!(error instanceof HttpError)) return { message: SANDBOX_MESSAGES.failed };
  const fields = (error.body as { fields?: Record<string, string> } | null)?.fields;
  if (error.status === 400 && fields) {
    return { fields: { number: fields.card_number, exp: fields.exp, cvc: fields.cvc } };
  }
  return { message: error.message };
}

/**
 * The bank's extra step, as a modal <dialog>: the browser's top layer escapes any frame or
 * transformed ancestor, traps focus and turns Escape into Cancel.
 */
function ExtraConfirmation({ amountLabel, onAnswer }: { amountLabel: string; onAnswer: (yes: boolean) => void }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const confirm = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    const d = dialog.current;
    if (!d) return;
    if (typeof d.showModal === 'function') d.showModal();
    else d.setAttribute('open', '');
    confirm.current?.focus();
    return () => {
      if (d.open && typeof d.close === 'function') d.close();
    };
  }, []);
  return (
    <dialog
      ref={dialog}
      className="kd-pay-dialog"
      aria-labelledby="kd-pay-dialog-title"
      aria-describedby="kd-pay-dialog-text"
      onCancel={(event) => {
        event.preventDefault();
        onAnswer(false);
      }}
    >
      <h3 id="kd-pay-dialog-title">{SANDBOX_MESSAGES.dialogTitle}</h3>
      <p id="kd-pay-dialog-text">{SANDBOX_MESSAGES.dialogText(amountLabel)}</p>
      <div className="kd-pay-dialog-actions">
        <button type="button" className="kd-button kd-secondary" onClick={() => onAnswer(false)}>
          Cancel
        </button>
        <button type="button" ref={confirm} className="kd-button kd-primary" onClick={() => onAnswer(true)}>
          Confirm
        </button>
      </div>
    </dialog>
  );
}

type CardFieldProps = {
  name: keyof CardInput;
  label: string;
  autoComplete: string;
  placeholder: string;
  value: string;
  error?: string;
  onChange: (value: string) => void;
};

function CardField({ name, label, autoComplete, placeholder, value, error, onChange }: CardFieldProps) {
  const id = `kd-card-${name}`;
  return (
    <div className={`kd-field kd-pay-card-${name}`}>
      <label className="kd-label" htmlFor={id}>
        {label}
      </label>
      <input
        id={id}
        className="kd-input"
        inputMode="numeric"
        autoComplete={autoComplete}
        placeholder={placeholder}
        value={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(event) => onChange(event.currentTarget.value)}
      />
      {error && (
        <p id={`${id}-error`} className="kd-field-error">
          {error}
        </p>
      )}
    </div>
  );
}

export function SandboxCardForm({ intent, amountLabel, finish, submitLabel }: Props) {
  const [card, setCard] = useState<CardInput>({ number: '', exp: '', cvc: '' });
  const [errors, setErrors] = useState<CardErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [asking, setAsking] = useState(false);
  const busyRef = useRef(false);
  const formRef = useRef<HTMLFormElement>(null);
  // 'Next' unmounted the focused button: continue where the donor types next.
  useEffect(() => formRef.current?.querySelector<HTMLInputElement>('#kd-card-number')?.focus(), []);

  const set = (name: keyof CardInput, value: string) => {
    setCard((c) => ({ ...c, [name]: value }));
    setErrors((e) => ({ ...e, [name]: undefined }));
  };

  /** One request chain at a time: a second click while busy does nothing. */
  async function run(step: () => Promise<SandboxCardAnswer>) {
    if (busyRef.current) return;
    busyRef.current = true;
    setBusy(true);
    setFailure(null);
    try {
      const answer = await step().catch((error: unknown) => {
        // Already paid (a retry after a lost answer): record it like a fresh success.
        if (error instanceof HttpError && error.status === 409) return { status: 'succeeded' } as SandboxCardAnswer;
        throw error;
      });
      if (answer.next_action?.type === 'sandbox_extra_confirmation') setAsking(true);
      else if (answer.status === 'succeeded') setFailure(await finish());
      else setFailure(answer.last_payment_error?.message ?? SANDBOX_MESSAGES.failed);
    } catch (error) {
      const { fields, message } = failureOf(error);
      if (fields) setErrors(fields);
      setFailure(message ?? null);
    } finally {
      busyRef.current = false;
      setBusy(false);
    }
  }

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = validateCard(card);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    run(() => sandboxConfirm(intent, { card_number: card.number.replace(/\s/g, ''), exp: card.exp, cvc: card.cvc }));
  };

  const answer = (yes: boolean) => {
    setAsking(false);
    run(() => sandboxConfirm(intent, { action_confirmed: yes }));
  };

  return (
    <form ref={formRef} className="kd-pay-card" onSubmit={submit} noValidate aria-label="Card details">
      <p className="kd-pay-sandbox-note">
        <strong>Sandbox test mode:</strong> no real card is charged. Use{' '}
        {SANDBOX_TEST_CARDS.map((c, i) => (
          <span key={c.number}>
            {i > 0 && (i === SANDBOX_TEST_CARDS.length - 1 ? ' or ' : ', ')}
            <span className="kd-pay-nowrap">{c.number}</span> ({c.result})
          </span>
        ))}{' '}
        with any future date and any CVC.
      </p>
      <CardField
        name="number"
        label="Card number"
        autoComplete="cc-number"
        placeholder="1234 1234 1234 1234"
        value={card.number}
        error={errors.number}
        onChange={(v) => set('number', formatCardNumber(v))}
      />
      <div className="kd-pay-row">
        <CardField
          name="exp"
          label="Expiry (MM/YY)"
          autoComplete="cc-exp"
          placeholder="MM/YY"
          value={card.exp}
          error={errors.exp}
          onChange={(v) => set('exp', formatExpiry(v, card.exp))}
        />
        <CardField
          name="cvc"
          label="CVC"
          autoComplete="cc-csc"
          placeholder="123"
          value={card.cvc}
          error={errors.cvc}
          onChange={(v) => set('cvc', formatCvc(v))}
        />
      </div>
      {failure && (
        <p className="kd-pay-failure" role="alert">
          {failure}
        </p>
      )}
      <button
        type="submit"
        className="kd-button kd-primary kd-pay-submit"
        disabled={busy}
        aria-busy={busy || undefined}
      >
        {busy ? DONATION_FORM_TEXT.processing : (submitLabel ?? DONATION_FORM_TEXT.completeDonation)}
      </button>
      <TrustBadges provider="sandbox" />
      {asking && <ExtraConfirmation amountLabel={amountLabel} onAnswer={answer} />}
    </form>
  );
}
