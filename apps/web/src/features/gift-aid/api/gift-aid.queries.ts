import type { TGiftAidClaim, TGiftAidClaimInput, TGiftAidClaimList, TGiftAidPreview } from '@kindling/contracts';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api } from '../../../app/api-client.ts';

// Gift Aid claims (docs/product/reports.md#gift-aid-claims).
const BASE = '/npo_admin/reports/gift_aid';
export type GiftAidPeriod = { from: string; to: string };

export const giftAidKeys = { all: ['gift-aid'] as const };

export const giftAidQueries = {
  preview: (npoId: number | null, p: GiftAidPeriod) =>
    queryOptions({
      queryKey: [...giftAidKeys.all, 'preview', npoId, p.from, p.to],
      queryFn: ({ signal }) => api<TGiftAidPreview>('GET', `${BASE}/preview`, { query: p, signal }),
      enabled: npoId !== null && Boolean(p.from && p.to),
      placeholderData: keepPreviousData,
      retry: false,
    }),
  claims: (npoId: number | null) =>
    queryOptions({
      queryKey: [...giftAidKeys.all, 'claims', npoId],
      queryFn: ({ signal }) => api<TGiftAidClaimList>('GET', `${BASE}/claims`, { signal }),
      enabled: npoId !== null,
    }),
};

export const giftAidApi = {
  claim: (body: TGiftAidClaimInput) => api<TGiftAidClaim>('POST', `${BASE}/claims`, { body }),
  undo: (claimId: number, reason: string) =>
    api<TGiftAidClaim>('POST', `${BASE}/claims/${claimId}/undo`, { body: { reason } }),
  /** The schedule's address: the browser saves it with the session cookie (a plain link). */
  scheduleHref: (claimId: number, format: 'xlsx' | 'csv', aggregate: boolean) =>
    `/api/v1${BASE}/claims/${claimId}/schedule?${new URLSearchParams({ format, aggregate: aggregate ? '1' : '0' })}`,
};
