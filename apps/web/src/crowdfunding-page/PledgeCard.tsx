// The card step of a pledge (docs/decisions/065-all-or-nothing-settlement.md, 071): the sandbox card form, or
// Stripe's Payment Element confirming the SetupIntent on the organisation's connected account. The card is
// saved for a charge at the deadline, not charged now. Used by the pledge modal and by a declined pledge's
// new card.
import type { TPledgeStarted } from '@kindling/contracts/crowdfunding-pledges.ts';
import type { Stripe, StripeElements } from '@stripe/stripe-js';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { SandboxCardForm } from '../donate/payment/SandboxCardForm.tsx';

type Props = {
  setup: TPledgeStarted;
  amountLabel: string;
  submitLabel: string;
  /** Confirms the pledge with our server once the card is saved; a message when it is not. */
  finish: () => Promise<string | null>;
};

function StripeSetup({ setup, submitLabel, finish }: Props) {
  const mount = useRef<HTMLDivElement>(null);
  const stripe = useRef<{ stripe: Stripe; elements: StripeElements } | null>(null);
  const [ready, setReady] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    (async () => {
      const { loadStripe } = await import('@stripe/stripe-js/pure');
      const loaded = setup.stripe_publishable_key
        ? await loadStripe(
            setup.stripe_publishable_key,
            setup.stripe_account ? { stripeAccount: setup.stripe_account } : undefined,
          ).catch(() => null)
        : null;
      if (!live) return;
      if (!loaded || !mount.current)
        return setFailure('The card form could not be loaded. Refresh the page and try again.');
      const elements = loaded.elements({ clientSecret: setup.client_secret });
      const element = elements.create('payment');
      element.on('ready', () => live && setReady(true));
      element.mount(mount.current);
      stripe.current = { stripe: loaded, elements };
    })();
    return () => {
      live = false;
    };
  }, [setup.stripe_publishable_key, setup.stripe_account, setup.client_secret]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!stripe.current) return;
    setBusy(true);
    setFailure(null);
    const { error } = await stripe.current.stripe.confirmSetup({
      elements: stripe.current.elements,
      redirect: 'if_required',
      confirmParams: { return_url: window.location.href },
    });
    setFailure(error ? (error.message ?? 'Your card was not saved. Please enter it again.') : await finish());
    setBusy(false);
  };
  return (
    <form onSubmit={submit} aria-label="Your card">
      <div ref={mount} />
      {failure && (
        <p className="kd-pay-failure" role="alert">
          {failure}
        </p>
      )}
      <button type="submit" className="kd-button kd-primary kd-pay-submit" disabled={!ready || busy}>
        {submitLabel}
      </button>
    </form>
  );
}

export function PledgeCard(props: Props) {
  if (props.setup.provider === 'stripe') return <StripeSetup {...props} />;
  if (props.setup.provider !== 'sandbox')
    return <p role="alert">Card pledges are not open here yet. Please try again later.</p>;
  return (
    <SandboxCardForm
      intent={{ id: props.setup.setup_id, client_secret: props.setup.client_secret }}
      amountLabel={props.amountLabel}
      finish={props.finish}
      submitLabel={props.submitLabel}
    />
  );
}
