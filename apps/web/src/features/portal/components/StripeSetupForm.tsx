// Saving a card with a connected Stripe account: Stripe's Payment Element on the SetupIntent our
// server made, confirmed with confirmSetup (a bank's 3-D Secure step may need a redirect back here).
import type { TPortalCardSetupResponse } from '@kindling/contracts';
import { Alert, Button, Group, Stack } from '@mantine/core';
import type { Stripe, StripeElements } from '@stripe/stripe-js';
import { type FormEvent, useEffect, useRef, useState } from 'react';

export type StripeKeys = { publishableKey: string; stripeAccount: string | null };

export function StripeSetupForm({
  setup,
  keys,
  finish,
  returnUrl,
}: {
  setup: TPortalCardSetupResponse['setup'];
  keys: StripeKeys;
  finish: () => Promise<string | null>;
  /** Where the bank's 3-D Secure page sends the donor back to, saying which change to finish. */
  returnUrl: () => string;
}) {
  const mount = useRef<HTMLDivElement>(null);
  const stripe = useRef<{ stripe: Stripe; elements: StripeElements } | null>(null);
  const [ready, setReady] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  useEffect(() => {
    let live = true;
    (async () => {
      const { loadStripe } = await import('@stripe/stripe-js/pure');
      const loaded = await loadStripe(
        keys.publishableKey,
        keys.stripeAccount ? { stripeAccount: keys.stripeAccount } : undefined,
      );
      if (!live || !loaded || !mount.current) {
        if (live && !loaded) setFailure('The card form could not be loaded. Refresh the page and try again.');
        return;
      }
      const elements = loaded.elements({ clientSecret: setup.client_secret });
      const element = elements.create('payment');
      element.on('ready', () => live && setReady(true));
      element.mount(mount.current);
      stripe.current = { stripe: loaded, elements };
    })();
    return () => {
      live = false;
    };
  }, [keys.publishableKey, keys.stripeAccount, setup.client_secret]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!stripe.current) return;
    setBusy(true);
    setFailure(null);
    const { error } = await stripe.current.stripe.confirmSetup({
      elements: stripe.current.elements,
      redirect: 'if_required',
      confirmParams: { return_url: returnUrl() },
    });
    setFailure(error ? (error.message ?? 'The card was not saved.') : await finish());
    setBusy(false);
  };

  return (
    <form onSubmit={submit} aria-label="New card">
      <Stack gap="sm">
        <div ref={mount} />
        {failure ? (
          <Alert color="red" role="alert">
            {failure}
          </Alert>
        ) : null}
        <Group>
          <Button type="submit" loading={busy} disabled={!ready}>
            Save card
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
