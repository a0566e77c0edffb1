// The sandbox's stand-in for Apple Pay and Google Pay (the payment request button): one press pays
// the intent at once, as an approved wallet sheet would in Stripe's test mode.
import { useRef, useState } from 'react';
import { HttpError, postJson } from '../http.ts';
import type { SandboxCardAnswer } from './payment-api.ts';

type Props = {
  intent: { id: string; client_secret: string };
  amountLabel: string;
  finish: () => Promise<string | null>;
};

export const SANDBOX_WALLET_TEXT = {
  button: 'Pay with Sandbox Pay',
  note: 'Stands in for Apple Pay and Google Pay in test mode: no real money moves.',
  failed: 'The wallet payment did not go through. Please try again or use a card.',
} as const;

export function SandboxWalletButton({ intent, amountLabel, finish }: Props) {
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const busyRef = useRef(false);

  async function pay() {
    if (busyRef.current) return;
    busyRef.current = true;
    setBusy(true);
    setFailure(null);
    try {
      const answer = await postJson<SandboxCardAnswer>(`/sandbox/payments/${encodeURIComponent(intent.id)}/confirm`, {
        client_secret: intent.client_secret,
        wallet: true,
      });
      setFailure(
        answer.status === 'succeeded'
          ? await finish()
          : (answer.last_payment_error?.message ?? SANDBOX_WALLET_TEXT.failed),
      );
    } catch (error) {
      setFailure(error instanceof HttpError ? error.message : SANDBOX_WALLET_TEXT.failed);
    } finally {
      busyRef.current = false;
      setBusy(false);
    }
  }

  return (
    <div className="kd-pay-wallet">
      <button
        type="button"
        className="kd-button kd-pay-wallet-button"
        onClick={() => void pay()}
        disabled={busy}
        aria-busy={busy || undefined}
        aria-label={`${SANDBOX_WALLET_TEXT.button}, ${amountLabel}`}
      >
        {SANDBOX_WALLET_TEXT.button}
      </button>
      <p className="kd-hint">{SANDBOX_WALLET_TEXT.note}</p>
      {failure && (
        <p className="kd-pay-failure" role="alert">
          {failure}
        </p>
      )}
    </div>
  );
}
