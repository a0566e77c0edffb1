import type { TCheckInRequest, TCheckInResult, TCheckInStatus, TMemberCheckIn } from '@kindling/contracts';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api } from '../../../app/api-client.ts';
import { eventKeys } from './events.queries.ts';

/** Counts refresh this often while the screen is open, so every door sees the others' check-ins. */
export const CHECK_IN_POLL_MS = 5000;

export const checkInKeys = {
  status: (npoId: number | null, eventId: number, q: string) =>
    [...eventKeys.all, 'check-in', npoId, eventId, q] as const,
};

export const checkInQuery = (npoId: number | null, eventId: number, q: string) =>
  queryOptions({
    queryKey: checkInKeys.status(npoId, eventId, q),
    queryFn: ({ signal }) =>
      api<TCheckInStatus>('GET', `/npo_admin/events/${eventId}/check_ins`, { query: q ? { q } : {}, signal }),
    enabled: npoId !== null && eventId > 0,
    refetchInterval: CHECK_IN_POLL_MS,
    placeholderData: keepPreviousData,
  });

export const checkIn = (eventId: number, body: TCheckInRequest) =>
  // mem19c: a member card's code answers with the member (docs/decisions/064-member-cards.md).
  api<TCheckInResult | TMemberCheckIn>('POST', `/npo_admin/events/${eventId}/check_ins`, { body });
