// Saving a card with a connected Stripe account: Stripe's Payment Element on the SetupIntent our
// server made, confirmed with confirmSetup (a bank's 3-D Secure step may need a redirect back here). The
// Stripe side is useStripeSetup, shared with a crowdfunding pledge's card (PledgeCard).
import type { TPortalCardSetupResponse } from '@kindling/contracts';
import { Alert, Button, Group, Stack } from '@mantine/core';
import { useStripeSetup } from '../../../shared/useStripeSetup.ts';

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
  const { mount, ready, busy, failure, submit } = useStripeSetup({
    publishableKey: keys.publishableKey,
    stripeAccount: keys.stripeAccount,
    clientSecret: setup.client_secret,
    finish,
    returnUrl,
    notSaved: 'The card was not saved.',
  });

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
