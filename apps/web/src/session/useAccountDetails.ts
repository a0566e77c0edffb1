import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { sessionQueries } from './session.queries.ts';
import { useSession } from './session-context.ts';
import { isSignedIn } from './session-state.ts';

/**
 * GET /npo_admin/account_details for the selected organisation (docs/product/analysis.md#home): loaded once an
 * organisation is selected and the user is signed in; `refetch` refreshes it. Until the first answer
 * the statistics that came with the session are shown. Failures are only logged (docs/product/analysis.md#home).
 */
export function useAccountDetails() {
  const session = useSession();
  const npoId = isSignedIn(session) ? (session.selectedNpo?.id ?? null) : null;
  const query = useQuery({
    ...sessionQueries.accountDetails(npoId),
    placeholderData: session.npoStats ?? undefined,
  });
  useEffect(() => {
    if (query.error) console.warn('Organisation statistics could not be loaded', query.error);
  }, [query.error]);
  return query;
}
