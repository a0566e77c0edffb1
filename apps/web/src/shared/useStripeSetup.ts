// Saving a card on a SetupIntent with Stripe's Payment Element, for any screen that saves one: the donor
// portal's card change (Mantine) and a crowdfunding pledge's card (the public page, no Mantine). Stripe.js loads
// only when the form mounts; confirmSetup may redirect for a bank's 3-D Secure step and come back to returnUrl.
import type { Stripe, StripeElements } from '@stripe/stripe-js';
import { type FormEvent, useEffect, useRef, useState } from 'react';

export type StripeSetupOptions = {
  publishableKey: string | null | undefined;
  stripeAccount: string | null | undefined;
  clientSecret: string;
  /** Confirms with our server once the card is saved; a message when it is not. */
  finish: () => Promise<string | null>;
  returnUrl: () => string;
  /** Shown when Stripe gives no reason. */
  notSaved: string;
};

export function useStripeSetup(options: StripeSetupOptions) {
  const { publishableKey, stripeAccount, clientSecret } = options;
  const mount = useRef<HTMLDivElement>(null);
  const stripe = useRef<{ stripe: Stripe; elements: StripeElements } | null>(null);
  const [ready, setReady] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  useEffect(() => {
    let live = true;
    (async () => {
      const { loadStripe } = await import('@stripe/stripe-js/pure');
      const loaded = publishableKey
        ? await loadStripe(publishableKey, stripeAccount ? { stripeAccount } : undefined).catch(() => null)
        : null;
      if (!live) return;
      if (!loaded || !mount.current)
        return setFailure('The card form could not be loaded. Refresh the page and try again.');
      const elements = loaded.elements({ clientSecret });
      const element = elements.create('payment');
      element.on('ready', () => live && setReady(true));
      element.mount(mount.current);
      stripe.current = { stripe: loaded, elements };
    })();
    return () => {
      live = false;
    };
  }, [publishableKey, stripeAccount, clientSecret]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!stripe.current) return;
    setBusy(true);
    setFailure(null);
    const { error } = await stripe.current.stripe.confirmSetup({
      elements: stripe.current.elements,
      redirect: 'if_required',
      confirmParams: { return_url: options.returnUrl() },
    });
    setFailure(error ? (error.message ?? options.notSaved) : await options.finish());
    setBusy(false);
  };

  return { mount, ready, busy, failure, submit };
}
