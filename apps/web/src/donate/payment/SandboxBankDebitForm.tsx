// The sandbox's bank-debit form (ACH for dollars, SEPA for euros), standing in for the Payment
// Element's bank account: the debit is accepted as processing and settles days later (decision 038).
import { DONATION_FORM_TEXT } from '@kindling/contracts/donation-constants.ts';
import { debitMandate, SANDBOX_TEST_ACCOUNTS } from '@kindling/contracts/sandbox-debit-rules.ts';
import { type FormEvent, useRef, useState } from 'react';
import { HttpError, postJson } from '../http.ts';
import type { SandboxCardAnswer } from './payment-api.ts';

type Props = {
  intent: { id: string; client_secret: string };
  currency: string;
  scheme: 'ACH' | 'SEPA';
  organisation: string;
  holder: string;
  finish: () => Promise<string | null>;
};
type Fields = { holder: string; routing: string; account: string; mandate: boolean };
type Errors = Partial<Record<keyof Fields, string>>;

export const SANDBOX_DEBIT_TEXT = {
  failed: 'The debit could not be started. Please check the account and try again.',
} as const;

function TextField(props: {
  name: 'holder' | 'routing' | 'account';
  label: string;
  value: string;
  error?: string;
  autoComplete?: string;
  onChange: (value: string) => void;
}) {
  const id = `kd-debit-${props.name}`;
  return (
    <div className="kd-field">
      <label className="kd-label" htmlFor={id}>
        {props.label}
      </label>
      <input
        id={id}
        className="kd-input"
        autoComplete={props.autoComplete ?? 'off'}
        value={props.value}
        aria-invalid={props.error ? true : undefined}
        aria-describedby={props.error ? `${id}-error` : undefined}
        onChange={(event) => props.onChange(event.currentTarget.value)}
      />
      {props.error && (
        <p id={`${id}-error`} className="kd-field-error">
          {props.error}
        </p>
      )}
    </div>
  );
}

export function SandboxBankDebitForm({ intent, currency, scheme, organisation, holder, finish }: Props) {
  const [fields, setFields] = useState<Fields>({ holder, routing: '', account: '', mandate: false });
  const [errors, setErrors] = useState<Errors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const busyRef = useRef(false);
  const form = useRef<HTMLFormElement>(null);
  const accounts = SANDBOX_TEST_ACCOUNTS[currency as keyof typeof SANDBOX_TEST_ACCOUNTS] ?? [];
  const set = <K extends keyof Fields>(name: K, value: Fields[K]) => {
    setFields((f) => ({ ...f, [name]: value }));
    setErrors((e) => ({ ...e, [name]: undefined }));
  };

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busyRef.current) return;
    busyRef.current = true;
    setBusy(true);
    setFailure(null);
    try {
      const answer = await postJson<SandboxCardAnswer>(`/sandbox/payments/${encodeURIComponent(intent.id)}/confirm`, {
        client_secret: intent.client_secret,
        bank_account: {
          holder: fields.holder,
          account: fields.account,
          ...(scheme === 'ACH' ? { routing: fields.routing } : {}),
          mandate: fields.mandate,
        },
      });
      setFailure(
        answer.status === 'processing'
          ? await finish()
          : (answer.last_payment_error?.message ?? SANDBOX_DEBIT_TEXT.failed),
      );
    } catch (error) {
      const sent = error instanceof HttpError ? (error.body as { fields?: Errors } | null)?.fields : undefined;
      if (sent) {
        setErrors(sent);
        requestAnimationFrame(() => form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
      } else setFailure(error instanceof HttpError ? error.message : SANDBOX_DEBIT_TEXT.failed);
    } finally {
      busyRef.current = false;
      setBusy(false);
    }
  }

  return (
    <form ref={form} className="kd-pay-card" onSubmit={submit} noValidate aria-label={`Bank account (${scheme})`}>
      <p className="kd-pay-sandbox-note">
        <strong>Sandbox test mode:</strong> no account is debited. Use{' '}
        {accounts.map((a, i) => (
          <span key={a.account}>
            {i > 0 && ' or '}
            <span className="kd-pay-nowrap">{a.account}</span>
            {a.routing && <> (routing {a.routing})</>}, which {a.result}
          </span>
        ))}
        .
      </p>
      <TextField
        name="holder"
        label="Account holder"
        autoComplete="name"
        value={fields.holder}
        error={errors.holder}
        onChange={(v) => set('holder', v)}
      />
      {scheme === 'ACH' && (
        <TextField
          name="routing"
          label="Routing number"
          value={fields.routing}
          error={errors.routing}
          onChange={(v) => set('routing', v)}
        />
      )}
      <TextField
        name="account"
        label={scheme === 'ACH' ? 'Account number' : 'IBAN'}
        value={fields.account}
        error={errors.account}
        onChange={(v) => set('account', v)}
      />
      <label className="kd-check">
        <input
          id="kd-debit-mandate"
          type="checkbox"
          checked={fields.mandate}
          aria-invalid={errors.mandate ? true : undefined}
          aria-describedby={errors.mandate ? 'kd-debit-mandate-error' : undefined}
          onChange={(event) => set('mandate', event.currentTarget.checked)}
        />
        <span>{debitMandate(organisation, scheme)}</span>
      </label>
      {errors.mandate && (
        <p id="kd-debit-mandate-error" className="kd-field-error">
          {errors.mandate}
        </p>
      )}
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
        {busy ? DONATION_FORM_TEXT.processing : DONATION_FORM_TEXT.completeDonation}
      </button>
    </form>
  );
}
