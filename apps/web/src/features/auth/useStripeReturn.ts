import { MESSAGES, type TLoginResponse } from '@kindling/contracts';
import { useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { authApi } from './api/auth.api.ts';
import { stripeErrorMessage } from './sign-in-errors.ts';
import { clearOAuthState, readOAuthState } from './stripe-oauth.ts';

/**
 * The return from Stripe's authorize page to /login?code=…&state=… (docs/product/sign-in.md#google-and-stripe): posts
 * the code with the stored state, then removes the stored state and clears the query string. A denied
 * authorisation (?error=…) shows the provider's description.
 */
export function useStripeReturn(onResult: (login: TLoginResponse) => void) {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const location = useLocation();
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const handled = useRef(false);
  const code = params.get('code');
  const state = params.get('state');
  const denied = params.get('error');

  useEffect(() => {
    if ((!code || !state) && !denied) return;
    // The code is single use: never post it twice (StrictMode runs effects twice).
    if (handled.current) return;
    handled.current = true;
    const stored = readOAuthState();
    const clearQuery = () =>
      navigate({ pathname: location.pathname, search: '' }, { replace: true, state: location.state });
    const fail = (message: string) => {
      clearOAuthState();
      clearQuery();
      setError(message);
    };
    if (denied) return fail(params.get('error_description') || MESSAGES.stripeLoginFailed);
    // A state we did not create means the return was not started here: do not use the code.
    if (!code || !state || !stored || stored !== state) return fail(MESSAGES.stripeLoginFailed);
    setPending(true);
    authApi
      .stripeOnetap({ code, state, stripe_oauth_state: stored })
      .then((login) => {
        clearOAuthState();
        if (!login.npo_user && !login.two_factor_required) return fail(MESSAGES.stripeLoginFailed);
        if (login.two_factor_required) clearQuery();
        onResult(login);
      })
      .catch((err) => fail(stripeErrorMessage(err)))
      .finally(() => setPending(false));
  }, [code, state, denied, params, navigate, location.pathname, location.state, onResult]);

  return { pending, error, setError };
}
