import type {
  TPaypalSettingsRequest,
  TProcessorsResponse,
  TStripeAccountRequest,
  TStripeConnectResponse,
} from '@kindling/contracts';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../app/api-client.ts';

/** The organisation id is part of the key: switching organisation never shows the other's settings. */
export const processorKeys = {
  all: ['processors'] as const,
  of: (npoId: number | null) => [...processorKeys.all, npoId] as const,
};

export const processorQueries = {
  settings: (npoId: number | null) =>
    queryOptions({
      queryKey: processorKeys.of(npoId),
      queryFn: ({ signal }) => api<TProcessorsResponse>('GET', '/processors', { signal }),
    }),
};

export const processorApi = {
  startStripeConnect: () => api<TStripeConnectResponse>('POST', '/processors/stripe/connect', { body: {} }),
  connectStripeAccount: (body: TStripeAccountRequest) =>
    api<TProcessorsResponse>('POST', '/processors/stripe/account', { body }),
  disconnectStripe: () => api<TProcessorsResponse>('DELETE', '/processors/stripe'),
  savePaypal: (body: TPaypalSettingsRequest) => api<TProcessorsResponse>('PUT', '/processors/paypal', { body }),
  removePaypal: () => api<TProcessorsResponse>('DELETE', '/processors/paypal'),
};
