import type {
  TMarketingEmail,
  TMarketingEmailInput,
  TMarketingOverview,
  TMarketingSettings,
  TSegmentList,
} from '@kindling/contracts';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../app/api-client.ts';

/** Query keys of the e-mail marketing screens; the organisation id is in every key. */
export const marketingKeys = {
  all: ['marketing'] as const,
  list: (npoId: number | null) => [...marketingKeys.all, 'list', npoId] as const,
  overview: (npoId: number | null) => [...marketingKeys.all, 'overview', npoId] as const,
  segments: (npoId: number | null) => [...marketingKeys.all, 'segments', npoId] as const,
};

export const marketingQueries = {
  list: (npoId: number | null) =>
    queryOptions({
      queryKey: marketingKeys.list(npoId),
      queryFn: ({ signal }) => api<{ emails: TMarketingEmail[] }>('GET', '/npo_admin/marketing/emails', { signal }),
      enabled: npoId !== null,
      // While an e-mail is sending its results move: read them again every few seconds.
      refetchInterval: (q) => (q.state.data?.emails.some((e) => e.status === 'sending') ? 3000 : false),
    }),
  overview: (npoId: number | null) =>
    queryOptions({
      queryKey: marketingKeys.overview(npoId),
      queryFn: ({ signal }) => api<TMarketingOverview>('GET', '/npo_admin/marketing/overview', { signal }),
      enabled: npoId !== null,
    }),
  segments: (npoId: number | null) =>
    queryOptions({
      queryKey: marketingKeys.segments(npoId),
      queryFn: ({ signal }) => api<TSegmentList>('GET', '/npo_admin/segments', { signal }),
      enabled: npoId !== null,
    }),
};

export const createEmail = (body: TMarketingEmailInput) =>
  api<TMarketingEmail>('POST', '/npo_admin/marketing/emails', { body });
export const saveEmail = (id: number, body: TMarketingEmailInput) =>
  api<TMarketingEmail>('PUT', `/npo_admin/marketing/emails/${id}`, { body });
export const deleteEmail = (id: number) => api<void>('DELETE', `/npo_admin/marketing/emails/${id}`);
export const sendEmail = (id: number, scheduledAt: string | null) =>
  api<TMarketingEmail>('POST', `/npo_admin/marketing/emails/${id}/send`, { body: { scheduled_at: scheduledAt } });
export const cancelEmail = (id: number) => api<TMarketingEmail>('POST', `/npo_admin/marketing/emails/${id}/cancel`);
export const testEmail = (id: number, email: string) =>
  api<void>('POST', `/npo_admin/marketing/emails/${id}/test`, { body: { email } });
export const saveSettings = (body: TMarketingSettings) =>
  api<TMarketingSettings>('PUT', '/npo_admin/marketing/settings', { body });
