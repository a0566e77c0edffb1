import type {
  TMembershipCampaigns as Campaigns,
  TMembershipList as List,
  TMemberCard,
  TMemberCardSent,
  TMembershipDetail,
  TMembershipFigures,
  TTier,
  TTierChangeRequest,
  TTierChangeResult,
  TTierInput,
} from '@kindling/contracts';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../app/api-client.ts';

export type MembershipFilters = {
  q: string;
  tier_id?: number | undefined;
  status?: string | undefined;
  expiring_within_days?: number | undefined;
  page: number;
};

/** Query keys of the membership screens; the organisation id is in every key. */
export const membershipKeys = {
  all: ['memberships'] as const,
  list: (npoId: number | null, f: MembershipFilters) => [...membershipKeys.all, 'list', npoId, f] as const,
  one: (npoId: number | null, id: number) => [...membershipKeys.all, 'one', npoId, id] as const,
  figures: (npoId: number | null) => [...membershipKeys.all, 'figures', npoId] as const,
  campaigns: (npoId: number | null) => [...membershipKeys.all, 'campaigns', npoId] as const,
  tiers: (npoId: number | null, campaignId: number) => [...membershipKeys.all, 'tiers', npoId, campaignId] as const,
};

export const membershipQueries = {
  list: (npoId: number | null, f: MembershipFilters) =>
    queryOptions({
      queryKey: membershipKeys.list(npoId, f),
      queryFn: ({ signal }) => api<List>('GET', '/npo_admin/memberships', { query: f, signal }),
      enabled: npoId !== null,
      placeholderData: (previous) => previous,
    }),
  one: (npoId: number | null, id: number) =>
    queryOptions({
      queryKey: membershipKeys.one(npoId, id),
      queryFn: ({ signal }) => api<TMembershipDetail>('GET', `/npo_admin/memberships/${id}`, { signal }),
      enabled: npoId !== null && id > 0,
    }),
  figures: (npoId: number | null) =>
    queryOptions({
      queryKey: membershipKeys.figures(npoId),
      queryFn: ({ signal }) => api<TMembershipFigures>('GET', '/npo_admin/membership/figures', { signal }),
      enabled: npoId !== null,
    }),
  campaigns: (npoId: number | null) =>
    queryOptions({
      queryKey: membershipKeys.campaigns(npoId),
      queryFn: ({ signal }) => api<Campaigns>('GET', '/npo_admin/membership/campaigns', { signal }),
      enabled: npoId !== null,
    }),
  tiers: (npoId: number | null, campaignId: number) =>
    queryOptions({
      queryKey: membershipKeys.tiers(npoId, campaignId),
      queryFn: ({ signal }) =>
        api<{ tiers: TTier[] }>('GET', `/npo_admin/membership/campaigns/${campaignId}/tiers`, { signal }),
      enabled: npoId !== null && campaignId > 0,
    }),
};

export const extendMembership = (id: number, months: number) =>
  api<TMembershipDetail>('POST', `/npo_admin/memberships/${id}/extend`, { body: { months } });
export const cancelMembership = (id: number) => api<TMembershipDetail>('POST', `/npo_admin/memberships/${id}/cancel`);
export const saveTiers = (campaignId: number, tiers: TTierInput[]) =>
  api<{ tiers: TTier[] }>('PUT', `/npo_admin/membership/campaigns/${campaignId}/tiers`, { body: { tiers } });

// mem19c: the member card (docs/decisions/064-member-cards.md) and the tier change of a member's page.
export const memberCardQuery = (token: string) =>
  queryOptions({
    queryKey: [...membershipKeys.all, 'card', token] as const,
    queryFn: ({ signal }) => api<TMemberCard>('GET', `/member_cards/${encodeURIComponent(token)}`, { signal }),
    retry: false,
  });
export const sendMemberCard = (id: number) => api<TMemberCardSent>('POST', `/npo_admin/memberships/${id}/send_card`);
export const changeTier = (id: number, body: TTierChangeRequest) =>
  api<TTierChangeResult>('POST', `/npo_admin/memberships/${id}/change_tier`, { body });
