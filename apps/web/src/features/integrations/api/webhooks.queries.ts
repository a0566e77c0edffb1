import type {
  TWebhookDeliveryList,
  TWebhookEndpoint,
  TWebhookEndpointInput,
  TWebhookEndpointList,
  TWebhookSecret,
} from '@kindling/contracts';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../app/api-client.ts';

const BASE = '/npo_admin/webhook_endpoints';

/** Query keys of the organisation's webhook endpoints; the organisation id is in every key. */
export const webhookKeys = {
  all: ['webhooks'] as const,
  list: (npoId: number | null) => [...webhookKeys.all, npoId] as const,
  deliveries: (npoId: number | null, id: number) => [...webhookKeys.all, npoId, 'deliveries', id] as const,
};

export const webhookQueries = {
  list: (npoId: number | null) =>
    queryOptions({
      queryKey: webhookKeys.list(npoId),
      queryFn: ({ signal }) => api<TWebhookEndpointList>('GET', BASE, { signal }),
      enabled: npoId !== null,
    }),
  deliveries: (npoId: number | null, id: number) =>
    queryOptions({
      queryKey: webhookKeys.deliveries(npoId, id),
      queryFn: ({ signal }) => api<TWebhookDeliveryList>('GET', `${BASE}/${id}/deliveries`, { signal }),
      enabled: npoId !== null,
      // Deliveries arrive a few seconds after the change: the open log follows them.
      refetchInterval: 5000,
    }),
};

export const createEndpoint = (body: TWebhookEndpointInput) => api<TWebhookSecret>('POST', BASE, { body });
export const updateEndpoint = (id: number, body: TWebhookEndpointInput) =>
  api<TWebhookEndpoint>('PUT', `${BASE}/${id}`, { body });
export const rotateEndpointSecret = (id: number) => api<TWebhookSecret>('POST', `${BASE}/${id}/rotate_secret`);
export const deleteEndpoint = (id: number) => api<void>('DELETE', `${BASE}/${id}`);
export const redeliver = (id: number, deliveryId: number) =>
  api<{ queued: boolean }>('POST', `${BASE}/${id}/deliveries/${deliveryId}/redeliver`);
