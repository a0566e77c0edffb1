import { MESSAGES, MFA_SETUP_REQUIRED, type TLoginResponse, type TOrganisationOption } from '@kindling/contracts';
import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { ApiError, api } from '../app/api-client.ts';
import { fetchRefresh, fetchSelectNpo, sessionKeys } from './session.queries.ts';
import { SessionContext } from './session-context.ts';
import { forgetSignedIn, rememberSignedIn } from './session-memory.ts';
import { isSignedIn, signedOutState, stateFromLogin, stateFromRefresh, stateFromSelect } from './session-state.ts';
import type { SessionActions, SessionState, SessionValue } from './session-types.ts';

type Props = {
  children: ReactNode;
  /**
   * Starting state. When its phase is 'ready' the start-up refresh is skipped; tests use this to
   * begin signed out or signed in with a given role without a server.
   */
  initialState?: Partial<SessionState>;
};

/** Raised when /refresh answers but does not show the user as logged in (docs/product/sign-in.md#session-guard). */
export class SessionExpiredError extends Error {
  constructor() {
    super(MESSAGES.sessionExpired);
  }
}

export function SessionProvider({ children, initialState }: Props) {
  const queryClient = useQueryClient();
  const [state, setState] = useState<SessionState>(() => ({ ...signedOutState('checking'), ...initialState }));
  // Actions read the latest state without being re-created on every change.
  const stateRef = useRef(state);
  stateRef.current = state;

  const loadRefresh = useCallback(async () => {
    // fetchQuery shares one request between simultaneous callers (StrictMode, guard and provider).
    const data = await queryClient.fetchQuery({
      queryKey: sessionKeys.refresh(),
      queryFn: ({ signal }) => fetchRefresh(stateRef.current.roleName, signal),
      staleTime: 0,
      retry: false,
    });
    if (!data?.npo_user?.logged_in) throw new SessionExpiredError();
    return data;
  }, [queryClient]);

  const refresh = useCallback(async () => {
    try {
      const data = await loadRefresh();
      setState((prev) => stateFromRefresh(prev, data));
      rememberSignedIn();
      return true;
    } catch {
      setState((prev) => ({ ...signedOutState('ready'), selectedCampaignUrl: prev.selectedCampaignUrl }));
      return false;
    }
  }, [loadRefresh]);

  const applyLogin = useCallback(
    (login: TLoginResponse) => {
      queryClient.removeQueries({ predicate: (q) => !isPublicQuery(q.queryKey) });
      const next = stateFromLogin(login);
      setState(next);
      rememberSignedIn();
      // The login response carries no organisation data; fill it in quietly. A failure here is not
      // a lost session, so it is ignored and the guard's own refresh decides if one is needed.
      if (next.selectedNpo) {
        loadRefresh()
          .then((data) => setState((prev) => (prev.userId === data.npo_user.id ? stateFromRefresh(prev, data) : prev)))
          .catch(() => undefined);
      }
    },
    [queryClient, loadRefresh],
  );

  const selectNpo = useCallback(
    async (npo: TOrganisationOption) => {
      const data = await fetchSelectNpo({ npo_id: npo.id, role_name: npo.role_name, code: npo.user_role });
      setState((prev) => stateFromSelect(prev, npo, data));
      // Whatever was cached belonged to the previous organisation.
      await queryClient.resetQueries({ predicate: (q) => !isPublicQuery(q.queryKey) });
      return data;
    },
    [queryClient],
  );

  const logout = useCallback(
    async (method: 'GET' | 'POST' = 'POST') => {
      try {
        await api(method, '/logout', method === 'POST' ? { body: {} } : {});
      } catch (error) {
        // Signing out locally still matters when the server cannot be reached.
        console.warn('Logout request failed', error);
      }
      queryClient.clear();
      forgetSignedIn();
      setState(signedOutState('ready'));
    },
    [queryClient],
  );

  const clearBackupCodes = useCallback(() => setState((prev) => ({ ...prev, backupCodes: null })), []);
  const setOtpEnabled = useCallback(
    (enabled: boolean) =>
      setState((prev) => ({ ...prev, otpEnabled: enabled, mfaSetupRequired: enabled ? false : prev.mfaSetupRequired })),
    [],
  );
  const setSelectedCampaignUrl = useCallback(
    (url: string | null) => setState((prev) => ({ ...prev, selectedCampaignUrl: url })),
    [],
  );

  useStartupRefresh(state.phase === 'checking', refresh);
  useLostSessionWatch(queryClient, stateRef, setState);

  const actions: SessionActions = useMemo(
    () => ({ refresh, applyLogin, selectNpo, logout, clearBackupCodes, setOtpEnabled, setSelectedCampaignUrl }),
    [refresh, applyLogin, selectNpo, logout, clearBackupCodes, setOtpEnabled, setSelectedCampaignUrl],
  );
  const value: SessionValue = useMemo(() => ({ ...state, ...actions }), [state, actions]);
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

/** Queries that do not depend on who is signed in survive sign-in and organisation switches. */
const isPublicQuery = (key: readonly unknown[]) =>
  key[0] === sessionKeys.authConfig()[0] && key[1] === sessionKeys.authConfig()[1];

function useStartupRefresh(checking: boolean, refresh: () => Promise<boolean>) {
  // The one start-up check in docs/product/sign-in.md#session-guard; the ref keeps StrictMode's second run from
  // repeating it.
  const started = useRef(false);
  useEffect(() => {
    if (!checking || started.current) return;
    started.current = true;
    void refresh();
  }, [checking, refresh]);
}

/**
 * A 401 "not signed in" on any query or mutation means the server no longer knows this session
 * (cookie removed or expired). The session is then treated as signed out, so the route guard runs
 * its one refresh and shows Session Expired or sends the user to /login. Other 401s (an expired
 * second-factor challenge) carry their own code and are left to the screen.
 */
function useLostSessionWatch(
  queryClient: QueryClient,
  stateRef: { current: SessionState },
  setState: (updater: (prev: SessionState) => SessionState) => void,
) {
  useEffect(() => {
    const onError = (error: unknown) => {
      if (!isSignedIn(stateRef.current)) return;
      // The organisation began requiring a second factor while this user was signed in.
      if (isSecondFactorRequired(error)) setState((prev) => ({ ...prev, mfaSetupRequired: true, otpEnabled: false }));
      if (!isLostSession(error)) return;
      setState((prev) => ({ ...signedOutState('ready'), selectedCampaignUrl: prev.selectedCampaignUrl }));
    };
    const stopQueries = queryClient.getQueryCache().subscribe((event) => {
      if (event.type === 'updated' && event.action.type === 'error') onError(event.action.error);
    });
    const stopMutations = queryClient.getMutationCache().subscribe((event) => {
      if (event.type === 'updated' && event.action.type === 'error') onError(event.action.error);
    });
    return () => {
      stopQueries();
      stopMutations();
    };
  }, [queryClient, stateRef, setState]);
}

const isSecondFactorRequired = (error: unknown): boolean =>
  error instanceof ApiError && error.status === 403 && error.body?.code === MFA_SETUP_REQUIRED;

const isLostSession = (error: unknown): boolean =>
  error instanceof ApiError &&
  error.status === 401 &&
  (error.body?.code === undefined || error.body.code === 'UNAUTHENTICATED');
