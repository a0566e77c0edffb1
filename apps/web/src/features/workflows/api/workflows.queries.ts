import type {
  TCampaignListResponse,
  TDealOptions,
  TMarketingEmail,
  TSegmentList,
  TWorkflow,
  TWorkflowDryRun,
  TWorkflowInput,
  TWorkflowRecipe,
  TWorkflowRun,
} from '@kindling/contracts';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../app/api-client.ts';

/** Query keys of the workflow screens; the organisation id is in every key. */
export const workflowKeys = {
  all: ['workflows'] as const,
  list: (npoId: number | null) => [...workflowKeys.all, 'list', npoId] as const,
  runs: (npoId: number | null, id: number) => [...workflowKeys.all, 'runs', npoId, id] as const,
  lists: (npoId: number | null) => [...workflowKeys.all, 'segments', npoId] as const,
};

export const workflowQueries = {
  list: (npoId: number | null) =>
    queryOptions({
      queryKey: workflowKeys.list(npoId),
      queryFn: ({ signal }) => api<{ workflows: TWorkflow[] }>('GET', '/npo_admin/workflows', { signal }),
      enabled: npoId !== null,
    }),
  runs: (npoId: number | null, id: number) =>
    queryOptions({
      queryKey: workflowKeys.runs(npoId, id),
      queryFn: ({ signal }) => api<{ runs: TWorkflowRun[] }>('GET', `/npo_admin/workflows/${id}/runs`, { signal }),
      enabled: npoId !== null && id > 0,
      refetchInterval: 5000,
    }),
  /** The campaigns whose donation form can start a workflow (peer pages give to their parent's). */
  campaigns: (npoId: number | null) =>
    queryOptions({
      queryKey: [...workflowKeys.all, 'campaigns', npoId] as const,
      queryFn: ({ signal }) =>
        api<TCampaignListResponse>('GET', '/npo_admin/campaigns', { query: { per_page: 100 }, signal }).then((r) =>
          r.campaigns.filter((c) => c.parent_campaign_id === null),
        ),
      enabled: npoId !== null,
    }),
  /** Who a task step may go to: the organisation's staff, as the tasks page offers them. */
  team: (npoId: number | null) =>
    queryOptions({
      queryKey: [...workflowKeys.all, 'team', npoId] as const,
      queryFn: ({ signal }) => api<TDealOptions>('GET', '/npo_admin/deal_options', { signal }).then((r) => r.team),
      enabled: npoId !== null,
    }),
  /** The organisation's campaign e-mails, which an e-mail step may start from (decision 098). */
  campaignEmails: (npoId: number | null) =>
    queryOptions({
      queryKey: [...workflowKeys.all, 'campaign-emails', npoId] as const,
      queryFn: ({ signal }) =>
        api<{ emails: TMarketingEmail[] }>('GET', '/npo_admin/marketing/emails', { signal }).then((r) => r.emails),
      enabled: npoId !== null,
    }),
  lists: (npoId: number | null) =>
    queryOptions({
      queryKey: workflowKeys.lists(npoId),
      queryFn: ({ signal }) => api<TSegmentList>('GET', '/npo_admin/segments', { signal }),
      enabled: npoId !== null,
    }),
};

export const createWorkflow = (body: TWorkflowInput) => api<TWorkflow>('POST', '/npo_admin/workflows', { body });
export const saveWorkflow = (id: number, body: TWorkflowInput) =>
  api<TWorkflow>('PUT', `/npo_admin/workflows/${id}`, { body });
export const setWorkflowStatus = (id: number, status: 'active' | 'paused') =>
  api<TWorkflow>('PUT', `/npo_admin/workflows/${id}/status`, { body: { status } });
export const fromRecipe = (recipe: TWorkflowRecipe) =>
  api<TWorkflow>('POST', '/npo_admin/workflows/from-recipe', { body: { recipe } });
export const dryRunWorkflow = (body: TWorkflowInput) =>
  api<TWorkflowDryRun>('POST', '/npo_admin/workflows/dry-run', { body });
