// The 'Card/Direct Debit' tab (docs/product/donation-form.md#step-2-payment): sub-step 0 asks who is giving, 'Next'
// creates the payment intent, sub-step 1 shows the card form for it (Stripe's Payment Element, or
// the sandbox's own form when no card provider is connected).
import {
  CHALLENGE_REQUIRED,
  DONATION_FORM_TEXT,
  intentErrorMessage,
  PAYMENT_MESSAGES,
} from '@kindling/contracts/donation-constants.ts';
import { cardTabMethods } from '@kindling/contracts/donation-method-rules.ts';
import { type FormEvent, lazy, Suspense, useMemo, useRef, useState } from 'react';
import { CheckoutConsent, reportCheckoutStart } from '../conversion/CheckoutConsent.tsx';
import type { PaymentStepProps } from '../donation-choice.ts';
import { moneyIn } from '../form-format.ts';
import { HttpError } from '../http.ts';
import { DonorFields } from './DonorFields.tsx';
import { type DonorDetails, type DonorErrors, EMPTY_DONOR, hasErrors, validateDonor } from './donor-details.ts';
import { attemptKeys, confirmCardPayment, createIntent, type IntentAnswer } from './payment-api.ts';
import { returnUrlFor, savePending } from './return-params.ts';
import { SandboxCardForm } from './SandboxCardForm.tsx';
import { StripeCardForm } from './StripeCardForm.tsx';

// Its own chunk: fetched only when the server asks for a challenge (decision 025).
const ChallengeWidget = lazy(() => import('./ChallengeWidget.tsx'));
// wallet15: the sandbox's wallet button and bank-debit form, fetched only when offered (decision 038).
const SandboxMethods = lazy(() => import('./SandboxMethods.tsx'));

const challengeAsked = (error: unknown): error is HttpError =>
  error instanceof HttpError && (error.body as { code?: unknown } | null)?.code === CHALLENGE_REQUIRED;

export const CARD_PANEL_MESSAGES = {
  confirmFailed: 'The payment did not go through. Please try again.',
  stripeNotReady: 'Card payments are not available for this campaign right now. Please choose another method.',
} as const;

/** Section 8's banner text for a failed intent call; an unreachable server says so. */
function intentFailure(error: unknown): string {
  if (!(error instanceof HttpError)) return PAYMENT_MESSAGES.intentOtherError;
  return error.status === 0 ? error.message : intentErrorMessage(error.status);
}

/** Moves focus to the first field with a message, so keyboard and screen-reader users land on it. */
function focusFirstInvalid(form: HTMLFormElement | null) {
  requestAnimationFrame(() => form?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
}

export function CardPanel({ campaign, choice, onDone, onError, preview, payer }: PaymentStepProps) {
  const [donor, setDonor] = useState<DonorDetails>(() => ({ ...EMPTY_DONOR, ...payer }));
  const [errors, setErrors] = useState<DonorErrors>({});
  const [intent, setIntent] = useState<IntentAnswer | null>(null);
  /** The intent made earlier in this visit: a changed amount updates it rather than leaving it behind. */
  const earlier = useRef<IntentAnswer | null>(null);
  const charged = `${choice.totalMinor} ${choice.currency} ${choice.interval}`;
  const chargedRef = useRef(charged);
  if (chargedRef.current !== charged) {
    // The donor went back and changed the gift: the details stay, the card form waits for 'Next'.
    chargedRef.current = charged;
    if (intent) {
      earlier.current = intent;
      setIntent(null);
    }
  }
  const [busy, setBusy] = useState(false);
  /** The server's request for a proof-of-work before the next intent; its message is shown above the widget. */
  const [challenge, setChallenge] = useState<{ message: string; round: number } | null>(null);
  const busyRef = useRef(false);
  const keyFor = useMemo(attemptKeys, []);
  const form = useRef<HTMLFormElement>(null);
  const needs = { address: campaign.collect_address || choice.giftAid, giftAid: choice.giftAid };
  // conv15: the donor's consent to be listed as an abandoned gift if they leave (unticked by default).
  const [consent, setConsent] = useState(false);

  const change = (name: keyof DonorDetails, value: string) => {
    setDonor((d) => ({ ...d, [name]: value }));
    setErrors((e) => ({ ...e, [name]: undefined }));
  };

  async function next(event: FormEvent) {
    event.preventDefault();
    const found = validateDonor(donor, needs);
    setErrors(found);
    if (hasErrors(found)) return focusFirstInvalid(form.current);
    if (!preview && consent) {
      reportCheckoutStart({
        campaign_id: campaign.campaign_id,
        email: donor.email.trim(),
        first_name: donor.firstName.trim(),
        last_name: donor.lastName.trim(),
        amount: choice.totalMinor,
        currency: choice.currency,
        interval: choice.interval,
      });
    }
    if (!preview) await startIntent();
  }

  /** Creates the intent; `altcha` is the solved challenge when the server asked for one. */
  async function startIntent(altcha?: string) {
    if (busyRef.current) return;
    busyRef.current = true;
    setBusy(true);
    onError(null);
    try {
      const answer = await createIntent(campaign, choice, donor, keyFor, altcha, earlier.current?.intent);
      setChallenge(null);
      if (!answer?.intent?.id || !answer.intent.client_secret) onError(PAYMENT_MESSAGES.paymentNotStarted);
      else {
        earlier.current = answer;
        setIntent(answer);
      }
    } catch (error) {
      // A fresh widget (a new round) for every request: a solution counts once.
      if (challengeAsked(error)) setChallenge((c) => ({ message: error.message, round: (c?.round ?? 0) + 1 }));
      else onError(intentFailure(error));
    } finally {
      busyRef.current = false;
      setBusy(false);
    }
  }

  /** Records the paid intent; answers the message to show when it did not go through. */
  async function finish(paymentIntentId: string): Promise<string | null> {
    try {
      const answer = await confirmCardPayment(campaign, choice, donor, paymentIntentId);
      if (answer.status === 'failed') return answer.message ?? CARD_PANEL_MESSAGES.confirmFailed;
      onDone({
        status: answer.status,
        donation: answer.donation,
        interval: answer.donation?.interval ?? choice.interval,
        totalMinor: answer.donation?.amount_minor ?? choice.totalMinor,
        currency: answer.donation?.currency ?? choice.currency,
      });
      return null;
    } catch (error) {
      return error instanceof HttpError ? error.message : CARD_PANEL_MESSAGES.confirmFailed;
    }
  }

  if (intent) {
    const amountLabel = moneyIn(campaign, choice.totalMinor, choice.currency);
    const sandboxExtras = cardTabMethods(campaign.payment_methods, 'sandbox', choice.currency).length > 1;
    return (
      <div className="kd-pay-panel">
        <p className="kd-pay-who">
          <span>
            {donor.firstName.trim()} {donor.lastName.trim()} · {donor.email.trim()}
          </span>
          <button type="button" className="kd-link" onClick={() => setIntent(null)}>
            Edit details
          </button>
        </p>
        {intent.provider === 'stripe' && !campaign.stripe_publishable_key ? (
          <p className="kd-pay-failure" role="alert">
            {CARD_PANEL_MESSAGES.stripeNotReady}
          </p>
        ) : intent.provider === 'stripe' && campaign.stripe_publishable_key ? (
          <StripeCardForm
            publishableKey={campaign.stripe_publishable_key}
            // journey15: a wallet shows only on a domain Stripe verified for it (decision 041).
            wallets={{
              applePay: campaign.payment_methods.includes('apple_pay') && !!campaign.wallet_domains?.apple_pay,
              googlePay: campaign.payment_methods.includes('google_pay') && !!campaign.wallet_domains?.google_pay,
            }}
            stripeAccount={intent.stripe_account}
            intent={intent.intent}
            returnUrl={returnUrlFor(window.location.href, campaign, choice, donor)}
            billing={{ name: `${donor.firstName.trim()} ${donor.lastName.trim()}`, email: donor.email.trim() }}
            beforeRedirect={() => savePending(intent.intent.id, { choice, donor, campaignId: campaign.campaign_id })}
            finish={finish}
          />
        ) : sandboxExtras ? (
          // wallet15: the sandbox's wallet button and bank debits load only when offered (decision 038).
          <Suspense fallback={null}>
            <SandboxMethods
              intent={intent.intent}
              amountLabel={amountLabel}
              campaign={campaign}
              choice={choice}
              donor={donor}
              finish={() => finish(intent.intent.id)}
            />
          </Suspense>
        ) : (
          <SandboxCardForm intent={intent.intent} amountLabel={amountLabel} finish={() => finish(intent.intent.id)} />
        )}
      </div>
    );
  }

  return (
    <form ref={form} className="kd-pay-panel" onSubmit={next} noValidate aria-label="Your details">
      <DonorFields
        value={donor}
        errors={errors}
        onChange={change}
        address={needs.address}
        giftAid={needs.giftAid}
        idPrefix="kd-donor"
      />
      <CheckoutConsent organisation={campaign.npo} checked={consent} onChange={setConsent} />
      {challenge && (
        <div className="kd-pay-challenge">
          <p className="kd-hint" role="status">
            {challenge.message}
          </p>
          <Suspense fallback={<p className="kd-working">Loading the check…</p>}>
            <ChallengeWidget
              key={challenge.round}
              campaignId={campaign.campaign_id}
              onSolved={(payload) => void startIntent(payload)}
            />
          </Suspense>
        </div>
      )}
      <button type="submit" className="kd-button kd-primary" disabled={busy} aria-busy={busy || undefined}>
        {busy ? DONATION_FORM_TEXT.processing : DONATION_FORM_TEXT.next}
      </button>
    </form>
  );
}
