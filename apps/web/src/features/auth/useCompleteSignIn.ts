import type { TLoginResponse } from '@kindling/contracts';
import { useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { readOrigin } from '../../app/routes/origin.ts';
import { useSession } from '../../session/session-context.ts';
import { destinationAfterSignIn } from './post-sign-in.ts';

/** Stores a successful login in the session and replaces the history entry with its destination. */
export function useCompleteSignIn() {
  const { applyLogin } = useSession();
  const navigate = useNavigate();
  const location = useLocation();
  return useCallback(
    (login: TLoginResponse) => {
      applyLogin(login);
      const origin = readOrigin(location.state);
      const destination = destinationAfterSignIn(login, origin);
      // /select-npo carries the origin on, to return there once an organisation is chosen.
      navigate(destination, { replace: true, state: origin && login.npos.length > 1 ? { from: origin } : undefined });
    },
    [applyLogin, navigate, location.state],
  );
}
