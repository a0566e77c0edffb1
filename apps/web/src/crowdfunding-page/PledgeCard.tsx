// The card step of a pledge (docs/decisions/065-all-or-nothing-settlement.md, 071): the sandbox card form, or
// Stripe's Payment Element confirming the SetupIntent on the organisation's connected account. The card is
// saved for a charge at the deadline, not charged now. Used by the pledge modal and by a declined pledge's
// new card.
import type { TPledgeStarted } from '@kindling/contracts/crowdfunding-pledges.ts';
import { SandboxCardForm } from '../donate/payment/SandboxCardForm.tsx';
import { useStripeSetup } from '../shared/useStripeSetup.ts';

type Props = {
  setup: TPledgeStarted;
  amountLabel: string;
  submitLabel: string;
  /** Confirms the pledge with our server once the card is saved; a message when it is not. */
  finish: () => Promise<string | null>;
};

function StripeSetup({ setup, submitLabel, finish }: Props) {
  // The same Stripe logic as the donor portal's card change (shared/useStripeSetup.ts), in this page's markup.
  const { mount, ready, busy, failure, submit } = useStripeSetup({
    publishableKey: setup.stripe_publishable_key,
    stripeAccount: setup.stripe_account,
    clientSecret: setup.client_secret,
    finish,
    returnUrl: () => window.location.href,
    notSaved: 'Your card was not saved. Please enter it again.',
  });
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
