import type {
  TDealBoard,
  TDealInput,
  TDealList,
  TDealMove,
  TDealOptions,
  TDealRecord,
  TPipelineFigures,
  TTask,
  TTaskInput,
  TTaskList,
} from '@kindling/contracts';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../app/api-client.ts';

/** Query keys of the deals and tasks screens; the organisation id is in every key. */
export const dealKeys = {
  all: ['crm-deals'] as const,
  options: (npoId: number | null) => [...dealKeys.all, 'options', npoId] as const,
  board: (npoId: number | null) => [...dealKeys.all, 'board', npoId] as const,
  list: (npoId: number | null) => [...dealKeys.all, 'list', npoId] as const,
  pipeline: (npoId: number | null) => [...dealKeys.all, 'pipeline', npoId] as const,
  record: (npoId: number | null, id: number) => [...dealKeys.all, 'record', npoId, id] as const,
};
export const taskKeys = {
  all: ['crm-tasks'] as const,
  list: (npoId: number | null, query: Record<string, string | number>) =>
    [...taskKeys.all, 'list', npoId, query] as const,
  record: (npoId: number | null, id: number) => [...taskKeys.all, 'record', npoId, id] as const,
};

const notFoundStops = (count: number, error: unknown) =>
  count < 2 && !(error instanceof Error && 'status' in error && error.status === 404);

export const dealQueries = {
  options: (npoId: number | null) =>
    queryOptions({
      queryKey: dealKeys.options(npoId),
      queryFn: ({ signal }) => api<TDealOptions>('GET', '/npo_admin/deal_options', { signal }),
      enabled: npoId !== null,
    }),
  board: (npoId: number | null) =>
    queryOptions({
      queryKey: dealKeys.board(npoId),
      queryFn: ({ signal }) => api<TDealBoard>('GET', '/npo_admin/deals/board', { signal }),
      enabled: npoId !== null,
    }),
  list: (npoId: number | null) =>
    queryOptions({
      queryKey: dealKeys.list(npoId),
      queryFn: ({ signal }) => api<TDealList>('GET', '/npo_admin/deals', { signal }),
      enabled: npoId !== null,
    }),
  pipeline: (npoId: number | null) =>
    queryOptions({
      queryKey: dealKeys.pipeline(npoId),
      queryFn: ({ signal }) => api<TPipelineFigures>('GET', '/npo_admin/deals/pipeline', { signal }),
      enabled: npoId !== null,
    }),
  record: (npoId: number | null, id: number) =>
    queryOptions({
      queryKey: dealKeys.record(npoId, id),
      queryFn: ({ signal }) => api<TDealRecord>('GET', `/npo_admin/deals/${id}`, { signal }),
      enabled: npoId !== null && id > 0,
      retry: notFoundStops,
    }),
};

export const taskQueries = {
  list: (npoId: number | null, query: Record<string, string | number>) =>
    queryOptions({
      queryKey: taskKeys.list(npoId, query),
      queryFn: ({ signal }) => api<TTaskList>('GET', '/npo_admin/tasks', { query, signal }),
      enabled: npoId !== null,
    }),
  record: (npoId: number | null, id: number) =>
    queryOptions({
      queryKey: taskKeys.record(npoId, id),
      queryFn: ({ signal }) => api<TTask>('GET', `/npo_admin/tasks/${id}`, { signal }),
      enabled: npoId !== null && id > 0,
      retry: notFoundStops,
    }),
};

export const createDeal = (body: TDealInput) => api<TDealRecord>('POST', '/npo_admin/deals', { body });
export const saveDeal = (id: number, body: TDealInput) => api<TDealRecord>('PUT', `/npo_admin/deals/${id}`, { body });
export const moveDeal = (id: number, body: TDealMove) =>
  api<TDealRecord>('POST', `/npo_admin/deals/${id}/move`, { body });
export const linkDealGift = (id: number, donationId: number) =>
  api<TDealRecord>('POST', `/npo_admin/deals/${id}/gifts`, { body: { donation_id: donationId } });
export const unlinkDealGift = (id: number, donationId: number) =>
  api<TDealRecord>('DELETE', `/npo_admin/deals/${id}/gifts/${donationId}`);

export const createTask = (body: TTaskInput) => api<TTask>('POST', '/npo_admin/tasks', { body });
export const saveTask = (id: number, body: TTaskInput) => api<TTask>('PUT', `/npo_admin/tasks/${id}`, { body });
export const deleteTask = (id: number) => api<void>('DELETE', `/npo_admin/tasks/${id}`);
