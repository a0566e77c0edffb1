import type {
  TRecurringPlanDetail,
  TRecurringPlanListResponse,
  TRecurringPlanResponse,
  TRecurringPlanRetryResponse,
  TRecurringPlanUpdate,
} from '@kindling/contracts';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../app/api-client.ts';

export const RECURRING_PAGE_SIZE = 25;

export type PlanFilter = 'all' | 'active' | 'paused' | 'past_due' | 'cancelled';

export type PlanListParams = { npoId: number | null; status: PlanFilter; q: string; page: number };

/** Query keys of the recurring screens; the organisation id is in every key. */
export const recurringKeys = {
  all: ['recurring-plans'] as const,
  lists: () => [...recurringKeys.all, 'list'] as const,
  list: (p: PlanListParams) => [...recurringKeys.lists(), p] as const,
  detail: (npoId: number | null, id: number) => [...recurringKeys.all, 'detail', npoId, id] as const,
};

const BASE = '/npo_admin/recurring_plans';

export const recurringQueries = {
  list: (p: PlanListParams) =>
    queryOptions({
      queryKey: recurringKeys.list(p),
      queryFn: ({ signal }) =>
        api<TRecurringPlanListResponse>('GET', BASE, {
          query: { status: p.status, q: p.q || undefined, page: p.page, per_page: RECURRING_PAGE_SIZE },
          signal,
        }),
    }),
  detail: (npoId: number | null, id: number) =>
    queryOptions({
      queryKey: recurringKeys.detail(npoId, id),
      queryFn: async ({ signal }) => (await api<TRecurringPlanResponse>('GET', `${BASE}/${id}`, { signal })).plan,
    }),
};

export type PlanAction = 'pause' | 'resume' | 'cancel';

export const recurringApi = {
  update: async (id: number, body: TRecurringPlanUpdate): Promise<TRecurringPlanDetail> =>
    (await api<TRecurringPlanResponse>('PATCH', `${BASE}/${id}`, { body })).plan,
  act: async (id: number, action: PlanAction): Promise<TRecurringPlanDetail> =>
    (await api<TRecurringPlanResponse>('POST', `${BASE}/${id}/${action}`)).plan,
  retry: (id: number) => api<TRecurringPlanRetryResponse>('POST', `${BASE}/${id}/retry`),
};
