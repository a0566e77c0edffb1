import { CONSTANTS, canReach, routeAfterSelectNpo } from '@kindling/contracts';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { Navigate, useLocation, useMatches } from 'react-router';
import { useSession } from '../../session/session-context.ts';
import { hadSession } from '../../session/session-memory.ts';
import { isSignedIn } from '../../session/session-state.ts';
import { FullPageSpinner } from '../../system/FullPageSpinner.tsx';
import { SessionExpiredPage } from '../../system/SessionExpiredPage.tsx';
import { MFA_SETUP_PATH, MFA_SETUP_PATHNAME } from './mfa-setup.ts';
import { isProviderReturn } from './provider-return.ts';
import { accessOfMatches, effectiveRole, type TRouteAccess } from './route-access.ts';

/**
 * The guard of the authenticated area (docs/product/sign-in.md#session-guard). Without a session it waits 100 ms and
 * tries one refresh; if that fails, a role-guarded route shows Session Expired when this browser had
 * a session, and otherwise the visitor goes to /login, remembering where they were. A member whose organisation
 * requires a second factor they lack goes to set it up first (docs/product/security.md#two-step-verification). A
 * signed-in user whose role is not in the route's list goes to /unauthorized.
 */
export function RequireSession({ children }: { children: ReactNode }) {
  const session = useSession();
  const location = useLocation();
  const access = accessOfMatches(useMatches()) ?? 'signed-in';
  const signedIn = isSignedIn(session);
  const publicReturn = isProviderReturn(location.search);
  const retry = useOneRefresh(!publicReturn && session.phase === 'ready' && !signedIn, session.refresh);

  if (publicReturn) return children;
  if (session.phase === 'checking') return <FullPageSpinner label="Checking your session" />;
  if (!signedIn) {
    if (retry !== 'failed') return <FullPageSpinner label="Checking your session" />;
    // Session Expired is for a session that existed here; a new visitor is simply asked to sign in.
    if (access !== 'signed-in' && hadSession()) return <SessionExpiredPage />;
    return <Navigate to="/login" replace state={{ from: location }} />;
  }
  const onSetupPage = location.pathname === MFA_SETUP_PATHNAME;
  if (session.mfaSetupRequired && !session.otpEnabled) {
    // Every role must reach the set-up page, whatever its route group.
    if (onSetupPage) return children;
    return <Navigate to={MFA_SETUP_PATH} replace state={{ from: location, mfaSetup: true }} />;
  }
  // Set-up done after being sent there: go on to where they were going.
  if (onSetupPage && sentForSetup(location.state)) return <Navigate to={afterSetup(location.state, session)} replace />;
  const redirect = roleRedirect(access, session);
  if (redirect) return <Navigate to={redirect} replace state={{ from: location }} />;
  return children;
}

type SessionLike = { role: number | null; roleName: string | null; npos: unknown[] };

const sentForSetup = (state: unknown) => (state as { mfaSetup?: boolean } | null)?.mfaSetup === true;

function afterSetup(state: unknown, session: SessionLike): string {
  const from = (state as { from?: { pathname?: string } } | null)?.from?.pathname;
  const role = effectiveRole(session.role, session.roleName);
  return from && from !== MFA_SETUP_PATHNAME ? from : routeAfterSelectNpo(role ?? 0);
}

/** Where a signed-in user goes instead of this route, or null when they may see it. */
function roleRedirect(access: TRouteAccess, session: SessionLike): string | null {
  if (access === 'signed-in') return null;
  const role = effectiveRole(session.role, session.roleName);
  if (canReach(access, role)) return null;
  // No organisation chosen yet: the role is unknown rather than wrong.
  if (role === null && session.npos.length > 1) return '/select-npo';
  if (role === null && session.npos.length === 0) return '/signup?step=3';
  return '/unauthorized';
}

type RetryState = 'idle' | 'failed';

/**
 * Runs `refresh` once, CONSTANTS.refreshDelayMs after `needed` became true. The result is only
 * reported when it failed; a success shows up as a signed-in session.
 */
function useOneRefresh(needed: boolean, refresh: () => Promise<boolean>): RetryState {
  const [state, setState] = useState<RetryState>('idle');
  const refreshRef = useRef(refresh);
  refreshRef.current = refresh;
  const shouldTry = needed && state === 'idle';
  useEffect(() => {
    if (!shouldTry) return;
    let cancelled = false;
    const timer = window.setTimeout(async () => {
      const ok = await refreshRef.current();
      if (!cancelled && !ok) setState('failed');
    }, CONSTANTS.refreshDelayMs);
    return () => {
      cancelled = true;
      window.clearTimeout(timer);
    };
  }, [shouldTry]);
  // A later sign-in (or a lost session after one) starts over.
  useEffect(() => {
    if (!needed) setState('idle');
  }, [needed]);
  return state;
}
