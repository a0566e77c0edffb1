import type {
  TDonationDetail,
  TDonationDetailResponse,
  TDonationHistoryResponse,
  TDonorMatch,
  TOfflineGiftInput,
  TRefundInput,
  TSandboxDisputeInput,
  TTransactionListResponse,
  TTransactionResponse,
  TTransactionStatus,
  TTransactionType,
} from '@kindling/contracts';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../app/api-client.ts';

export const TRANSACTIONS_PAGE_SIZE = 25;

/** The organisation is in every key: switching organisation never shows another's records. */
export const donationAdminKeys = {
  donation: (npoId: number | null, id: number) => ['donation-admin', npoId, 'donation', id] as const,
  history: (npoId: number | null, id: number) => ['donation-admin', npoId, 'history', id] as const,
  transactions: (npoId: number | null, p: TransactionListParams) =>
    ['donation-admin', npoId, 'transactions', p] as const,
  transaction: (npoId: number | null, id: string) => ['donation-admin', npoId, 'transaction', id] as const,
  donors: (npoId: number | null, q: string) => ['donation-admin', npoId, 'donor-search', q] as const,
};

export type TransactionListParams = {
  page: number;
  status: TTransactionStatus | null;
  search: string;
  // tix18b: gifts or ticket purchases only.
  type?: TTransactionType | null;
};

export const donationAdminQueries = {
  donation: (npoId: number | null, id: number) =>
    queryOptions({
      queryKey: donationAdminKeys.donation(npoId, id),
      queryFn: ({ signal }) =>
        api<TDonationDetailResponse>('GET', `/npo_admin/donations/${id}`, { signal }).then((r) => r.donation),
    }),
  history: (npoId: number | null, id: number) =>
    queryOptions({
      queryKey: donationAdminKeys.history(npoId, id),
      queryFn: ({ signal }) =>
        api<TDonationHistoryResponse>('GET', `/npo_admin/donations/${id}/history`, { signal }).then((r) => r.history),
    }),
  transactions: (npoId: number | null, p: TransactionListParams) =>
    queryOptions({
      queryKey: donationAdminKeys.transactions(npoId, p),
      queryFn: ({ signal }) =>
        api<TTransactionListResponse>('GET', '/npo_admin/transactions', {
          query: {
            page: p.page,
            per_page: TRANSACTIONS_PAGE_SIZE,
            status: p.status,
            search: p.search || undefined,
            type: p.type ?? undefined,
          },
          signal,
        }),
    }),
  transaction: (npoId: number | null, id: string) =>
    queryOptions({
      queryKey: donationAdminKeys.transaction(npoId, id),
      queryFn: ({ signal }) =>
        api<TTransactionResponse>('GET', `/npo_admin/transactions/${id}`, { signal }).then((r) => r.transaction),
    }),
  donors: (npoId: number | null, q: string) =>
    queryOptions({
      queryKey: donationAdminKeys.donors(npoId, q),
      queryFn: ({ signal }) =>
        api<{ donors: TDonorMatch[] }>('GET', '/npo_admin/offline_donations/donors', { query: { q }, signal }).then(
          (r) => r.donors,
        ),
      enabled: q.trim().length >= 2,
      staleTime: 10_000,
    }),
};

export const refundDonation = (id: number, input: TRefundInput): Promise<TDonationDetail> =>
  api<TDonationDetailResponse>('POST', `/npo_admin/donations/${id}/refunds`, { body: input }).then((r) => r.donation);

/** Offline demos: the sandbox's pretend bank opens, wins or loses a dispute of a sandbox gift. */
export const simulateSandboxDispute = (id: number, action: TSandboxDisputeInput['action']): Promise<TDonationDetail> =>
  api<TDonationDetailResponse>('POST', `/npo_admin/donations/${id}/sandbox_dispute`, { body: { action } }).then(
    (r) => r.donation,
  );

export const resendReceipt = (id: number): Promise<{ queued: true; email: string }> =>
  api('POST', `/npo_admin/donations/${id}/resend_receipt`);

export const recordOfflineGift = (input: TOfflineGiftInput): Promise<TDonationDetail> =>
  api<TDonationDetailResponse>('POST', '/npo_admin/offline_donations', { body: input }).then((r) => r.donation);

/** The campaigns an offline gift can count for, and a chosen campaign's designations. */
export const offlineFormQueries = {
  campaigns: (npoId: number | null) =>
    queryOptions({
      queryKey: ['donation-admin', npoId, 'campaign-choices'] as const,
      queryFn: ({ signal }) =>
        api<{ campaigns: Array<{ id: number; name: string; currency: string; parent_campaign_id: number | null }> }>(
          'GET',
          '/npo_admin/campaigns',
          { query: { per_page: 100 }, signal },
        ).then((r) => r.campaigns.filter((c) => c.parent_campaign_id === null)),
    }),
  designations: (npoId: number | null, campaignId: number | null) =>
    queryOptions({
      queryKey: ['donation-admin', npoId, 'designations', campaignId] as const,
      queryFn: ({ signal }) =>
        api<{ campaign: { designations?: Array<{ id: number; name: string }> } }>(
          'GET',
          `/npo_admin/campaigns/${campaignId}`,
          { signal },
        ).then((r) => r.campaign.designations ?? []),
      enabled: campaignId !== null,
    }),
};

// wallet15: offline demos: a processing sandbox bank debit settled "days later", now (decision 038).
export const settleSandboxDebit = (id: number): Promise<TDonationDetail> =>
  api<TDonationDetailResponse>('POST', `/npo_admin/donations/${id}/sandbox_debit_settle`, { body: {} }).then(
    (r) => r.donation,
  );
