import { Button } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { sessionQueries } from '../../../session/session.queries.ts';
import { leaveTo } from '../browser.ts';
import { createOAuthState, saveOAuthState, stripeAuthorizeUrl } from '../stripe-oauth.ts';
import { StripeIcon } from './ProviderIcons.tsx';

type Props = { disabled?: boolean; onError: (message: string) => void };

/**
 * 'Continue with Stripe' (docs/product/sign-in.md#google-and-stripe): saves a random state and sends the browser to the
 * authorize page (Stripe's, or the sandbox provider's when no Stripe keys are configured).
 */
export function StripeSignInButton({ disabled = false, onError }: Props) {
  const config = useQuery(sessionQueries.authConfig());
  const [leaving, setLeaving] = useState(false);

  const start = () => {
    if (!config.data) {
      onError('Stripe sign-in is not available right now. Try again in a moment.');
      return;
    }
    const state = createOAuthState();
    saveOAuthState(state);
    setLeaving(true);
    leaveTo(stripeAuthorizeUrl(config.data, state, window.location.origin));
  };

  return (
    <Button
      variant="default"
      fullWidth
      leftSection={<StripeIcon />}
      loading={leaving}
      disabled={leaving || disabled || config.isPending}
      onClick={start}
    >
      Continue with Stripe
    </Button>
  );
}
