import type {
  TMarkPaidOffline,
  TPaymentRequestDetail,
  TPaymentRequestInput,
  TPaymentRequestList,
  TPaymentRequestSettings,
  TPaymentRequestStatus,
} from '@kindling/contracts';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../app/api-client.ts';

/** Query keys of the payment request screens; the organisation id is in every key. */
export const paymentRequestKeys = {
  all: ['payment-requests'] as const,
  list: (npoId: number | null, status: string | null, donorId: number | null) =>
    [...paymentRequestKeys.all, 'list', npoId, status, donorId] as const,
  one: (npoId: number | null, id: number) => [...paymentRequestKeys.all, 'one', npoId, id] as const,
};

const no404Retry = (count: number, error: unknown) =>
  count < 2 && !(error instanceof Error && 'status' in error && error.status === 404);

export const paymentRequestQueries = {
  list: (npoId: number | null, status: TPaymentRequestStatus | null, donorId: number | null = null) =>
    queryOptions({
      queryKey: paymentRequestKeys.list(npoId, status, donorId),
      queryFn: ({ signal }) =>
        api<TPaymentRequestList>('GET', '/npo_admin/payment_requests', {
          query: { ...(status ? { status } : {}), ...(donorId ? { donor_id: donorId } : {}) },
          signal,
        }),
      enabled: npoId !== null,
    }),
  one: (npoId: number | null, id: number) =>
    queryOptions({
      queryKey: paymentRequestKeys.one(npoId, id),
      queryFn: ({ signal }) => api<TPaymentRequestDetail>('GET', `/npo_admin/payment_requests/${id}`, { signal }),
      enabled: npoId !== null && id > 0,
      retry: no404Retry,
    }),
};

export const createPaymentRequest = (input: TPaymentRequestInput) =>
  api<TPaymentRequestDetail>('POST', '/npo_admin/payment_requests', { body: input });
export const cancelPaymentRequest = (id: number) =>
  api<TPaymentRequestDetail>('POST', `/npo_admin/payment_requests/${id}/cancel`, { body: {} });
export const markPaidOffline = (id: number, body: TMarkPaidOffline) =>
  api<TPaymentRequestDetail>('POST', `/npo_admin/payment_requests/${id}/paid_offline`, { body });
// pay25b: the request e-mail, the reminders' settings (docs/decisions/055-payment-request-e-mails.md).
export const sendPaymentRequest = (id: number) =>
  api<TPaymentRequestDetail>('POST', `/npo_admin/payment_requests/${id}/send`, { body: {} });
export const paymentRequestSettingsQuery = (npoId: number | null) =>
  queryOptions({
    queryKey: [...paymentRequestKeys.all, 'settings', npoId] as const,
    queryFn: ({ signal }) => api<TPaymentRequestSettings>('GET', '/npo_admin/payment_request_settings', { signal }),
    enabled: npoId !== null,
  });
export const savePaymentRequestSettings = (body: TPaymentRequestSettings) =>
  api<TPaymentRequestSettings>('PUT', '/npo_admin/payment_request_settings', { body });
