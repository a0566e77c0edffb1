// "Remind me later" (docs/decisions/037-conversion-features.md): one e-mail after the chosen delay,
// with a link to cancel it. Its own chunk: loaded when the donor asks for it.
import { REMINDER_DELAY_LABELS, REMINDER_DELAYS, type TReminderDelay } from '@kindling/contracts/conversion-rules.ts';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { HttpError, postJson } from '../http.ts';
import { showToast } from '../toast/toasts.tsx';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const REMIND_MESSAGES = {
  email: 'Enter a valid email address',
  failed: 'We could not save your reminder. Please try again.',
} as const;

const remindedText = (delay: TReminderDelay) =>
  `Thank you. We will e-mail you once, ${delay === 'tomorrow' ? 'tomorrow' : 'in a week'}.`;

export default function RemindForm({ campaignId }: { campaignId: number }) {
  const [email, setEmail] = useState('');
  const [delay, setDelay] = useState<TReminderDelay>('tomorrow');
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const [busy, setBusy] = useState(false);
  const field = useRef<HTMLInputElement>(null);
  useEffect(() => field.current?.focus(), []);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!EMAIL.test(email.trim())) return setError(REMIND_MESSAGES.email);
    setBusy(true);
    setError(null);
    try {
      await postJson('/npo_admin/remind_me', { campaign_id: campaignId, email: email.trim(), delay });
      // The toast announces it (one polite live region); the text in place of the form stays.
      showToast(remindedText(delay));
      setDone(true);
    } catch (failure) {
      setError(failure instanceof HttpError && failure.status === 400 ? failure.message : REMIND_MESSAGES.failed);
    } finally {
      setBusy(false);
    }
  }

  if (done) {
    return <p className="kd-hint kd-remind-done">{remindedText(delay)}</p>;
  }
  return (
    <form className="kd-remind" onSubmit={submit} noValidate aria-label="Remind me later">
      <div className="kd-field">
        <label className="kd-label" htmlFor="kd-remind-email">
          Your email
        </label>
        <input
          id="kd-remind-email"
          ref={field}
          className="kd-input"
          type="email"
          autoComplete="email"
          required
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? 'kd-remind-error' : undefined}
          value={email}
          onChange={(e) => setEmail(e.currentTarget.value)}
        />
        {error && (
          <p id="kd-remind-error" className="kd-field-error">
            {error}
          </p>
        )}
      </div>
      <fieldset className="kd-remind-delay">
        <legend className="kd-label">When</legend>
        {REMINDER_DELAYS.map((d) => (
          <label key={d} className="kd-check">
            <input type="radio" name="kd-remind-delay" checked={delay === d} onChange={() => setDelay(d)} />
            <span>{REMINDER_DELAY_LABELS[d]}</span>
          </label>
        ))}
      </fieldset>
      <button type="submit" className="kd-button kd-secondary" disabled={busy}>
        Remind me
      </button>
    </form>
  );
}
