export { SessionExpiredError, SessionProvider } from './SessionProvider.tsx';
export { sessionKeys, sessionQueries } from './session.queries.ts';
export { useSession } from './session-context.ts';
export { isSignedIn, signedOutState } from './session-state.ts';
export type { SessionActions, SessionState, SessionValue } from './session-types.ts';
export { useAccountDetails } from './useAccountDetails.ts';
export { useCan } from './useCan.ts';
