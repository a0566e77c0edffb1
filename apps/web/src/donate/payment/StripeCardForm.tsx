// Card sub-step 1 with a connected Stripe account: Apple Pay and Google Pay through Stripe's Express
// Checkout Element, then the Payment Element (bank account and card), in the order of
// docs/product/donation-form.md#step-2-payment; loaded only now, so the first load never carries Stripe.js or
// the wallet code (decision 041).
import { DONATION_FORM_TEXT } from '@kindling/contracts/donation-constants.ts';
import { CARD_METHOD_ORDER } from '@kindling/contracts/payment-method-rules.ts';
import type { Stripe, StripeElements } from '@stripe/stripe-js';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { TrustBadges } from './TrustBadges.tsx';

type Props = {
  publishableKey: string;
  /** Apple Pay and Google Pay show only when the organisation offers them on a domain Stripe verified. */
  wallets: { applePay: boolean; googlePay: boolean };
  stripeAccount: string | null;
  intent: { id: string; client_secret: string };
  returnUrl: string;
  billing: { name: string; email: string };
  /** Called before Stripe may leave the page for a bank's own confirmation. */
  beforeRedirect: () => void;
  finish: (paymentIntentId: string) => Promise<string | null>;
  /** fin18: the button's words on another page (the event page's "Pay $280.00"). */
  submitLabel?: string;
};

export const STRIPE_MESSAGES = {
  loadFailed: 'The card form could not be loaded. Check your connection and refresh the page.',
  failed: 'The payment did not go through. Please try again.',
} as const;

export function StripeCardForm({
  publishableKey,
  wallets,
  stripeAccount,
  intent,
  returnUrl,
  billing,
  beforeRedirect,
  finish,
  submitLabel,
}: Props) {
  const mount = useRef<HTMLDivElement>(null);
  const expressMount = useRef<HTMLDivElement>(null);
  /** Whether Stripe found a wallet on this device; null until its Express Checkout Element is ready. */
  const [express, setExpress] = useState<boolean | null>(null);
  const stripe = useRef<{ stripe: Stripe; elements: StripeElements } | null>(null);
  const [ready, setReady] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const busyRef = useRef(false);

  // One Payment Element per intent.
  // biome-ignore lint/correctness/useExhaustiveDependencies: keyed on the intent
  useEffect(() => {
    let live = true;
    let destroy = () => {};
    (async () => {
      const { loadStripe } = await import('@stripe/stripe-js/pure');
      const loaded = await loadStripe(publishableKey, stripeAccount ? { stripeAccount } : undefined);
      if (!live || !loaded || !mount.current) {
        if (live && !loaded) setFailure(STRIPE_MESSAGES.loadFailed);
        return;
      }
      const elements = loaded.elements({ clientSecret: intent.client_secret });
      // The wallets are the Express Checkout Element's, above; the Payment Element keeps bank and card.
      const element = elements.create('payment', {
        layout: 'tabs',
        paymentMethodOrder: [...CARD_METHOD_ORDER],
        wallets: { applePay: 'never', googlePay: 'never' },
        defaultValues: { billingDetails: billing },
      });
      element.on('ready', () => live && setReady(true));
      element.mount(mount.current);
      destroy = () => element.destroy();
      stripe.current = { stripe: loaded, elements };
      if ((wallets.applePay || wallets.googlePay) && expressMount.current) {
        const node = expressMount.current;
        const { mountExpressCheckout } = await import('./stripe-express.ts');
        if (!live) return;
        const destroyExpress = mountExpressCheckout({
          stripe: loaded,
          elements,
          node,
          wallets,
          returnUrl,
          onAvailable: (available) => live && setExpress(available),
          beforeRedirect,
          finish,
          onFailure: (message) => live && setFailure(message),
        });
        destroy = () => {
          destroyExpress();
          element.destroy();
        };
      }
    })().catch(() => live && setFailure(STRIPE_MESSAGES.loadFailed));
    return () => {
      live = false;
      destroy();
    };
  }, [intent.client_secret]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const loaded = stripe.current;
    if (!loaded || busyRef.current) return;
    busyRef.current = true;
    setBusy(true);
    setFailure(null);
    try {
      beforeRedirect();
      const result = await loaded.stripe.confirmPayment({
        elements: loaded.elements,
        confirmParams: { return_url: returnUrl },
        redirect: 'if_required',
      });
      if (result.error) setFailure(result.error.message ?? STRIPE_MESSAGES.failed);
      else if (['succeeded', 'processing'].includes(result.paymentIntent.status)) {
        setFailure(await finish(result.paymentIntent.id));
      } else setFailure(STRIPE_MESSAGES.failed);
    } catch {
      setFailure(STRIPE_MESSAGES.failed);
    } finally {
      busyRef.current = false;
      setBusy(false);
    }
  }

  return (
    <form className="kd-pay-card" onSubmit={submit} aria-label="Payment details">
      {/* Stripe's advice: hide the element's box once it reports no wallet on this device. */}
      <div ref={expressMount} className="kd-pay-express" hidden={express === false} />
      {express && <p className="kd-pay-or">or</p>}
      <div ref={mount} className="kd-pay-element" />
      {!ready && !failure && (
        <p className="kd-working" role="status">
          <span className="kd-spinner" aria-hidden="true" /> Loading the secure card form…
        </p>
      )}
      {failure && (
        <p className="kd-pay-failure" role="alert">
          {failure}
        </p>
      )}
      <button type="submit" className="kd-button kd-primary kd-pay-submit" disabled={busy || !ready}>
        {busy ? DONATION_FORM_TEXT.processing : (submitLabel ?? DONATION_FORM_TEXT.completeDonation)}
      </button>
      <TrustBadges provider="stripe" />
    </form>
  );
}
