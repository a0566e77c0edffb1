import { createContext, useContext } from 'react';
import type { SessionValue } from './session-types.ts';

export const SessionContext = createContext<SessionValue | null>(null);

/** The session in docs/product/sign-in.md#the-session with its actions; only inside <SessionProvider>. */
export function useSession(): SessionValue {
  const value = useContext(SessionContext);
  if (!value) throw new Error('useSession must be used inside <SessionProvider>');
  return value;
}
