import type {
  TExchangeRatesResponse,
  TManualRateRequest,
  TMethodsRequest,
  TMethodsResponse,
} from '@kindling/contracts';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../app/api-client.ts';

/** The organisation id is part of the key: switching organisation never shows the other's settings. */
export const paymentSettingsKeys = {
  methods: (npoId: number | null) => ['payment-methods', npoId] as const,
  rates: (npoId: number | null) => ['exchange-rates', npoId] as const,
};

export const paymentSettingsQueries = {
  methods: (npoId: number | null) =>
    queryOptions({
      queryKey: paymentSettingsKeys.methods(npoId),
      queryFn: ({ signal }) => api<TMethodsResponse>('GET', '/payment_settings/methods', { signal }),
    }),
  rates: (npoId: number | null) =>
    queryOptions({
      queryKey: paymentSettingsKeys.rates(npoId),
      queryFn: ({ signal }) => api<TExchangeRatesResponse>('GET', '/payment_settings/exchange_rates', { signal }),
    }),
};

export const paymentSettingsApi = {
  saveMethods: (body: TMethodsRequest) => api<TMethodsResponse>('PUT', '/payment_settings/methods', { body }),
  overrideCampaign: ({ id, methods }: { id: number; methods: TMethodsRequest['methods'] }) =>
    api<TMethodsResponse>('PUT', `/payment_settings/campaigns/${id}/methods`, { body: { methods } }),
  followOrganisation: (id: number) => api<TMethodsResponse>('DELETE', `/payment_settings/campaigns/${id}/methods`),
  addManualRate: (body: TManualRateRequest) =>
    api<TExchangeRatesResponse>('POST', '/payment_settings/exchange_rates', { body }),
  removeManualRate: (id: number) => api<TExchangeRatesResponse>('DELETE', `/payment_settings/exchange_rates/${id}`),
  refresh: () => api<TExchangeRatesResponse>('POST', '/payment_settings/exchange_rates/refresh', { body: {} }),
};
