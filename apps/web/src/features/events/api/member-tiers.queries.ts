// m19: the organisation's membership tiers, for choosing which members a member ticket is for
// (docs/product/events.md#member-tickets). Read through the memberships API the membership screens use.
import type { TMembershipCampaigns, TTier } from '@kindling/contracts';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../app/api-client.ts';

export type TierChoice = { value: string; label: string };

export const memberTierChoices = (npoId: number | null) =>
  queryOptions({
    queryKey: ['events', 'member-tiers', npoId] as const,
    queryFn: async ({ signal }): Promise<TierChoice[]> => {
      const { campaigns } = await api<TMembershipCampaigns>('GET', '/npo_admin/membership/campaigns', { signal });
      const lists = await Promise.all(
        campaigns.map(async (c) => {
          const path = `/npo_admin/membership/campaigns/${c.id}/tiers`;
          const { tiers } = await api<{ tiers: TTier[] }>('GET', path, { signal });
          const label = (t: TTier) =>
            `${t.name}${campaigns.length > 1 ? ` (${c.name})` : ''}${t.archived ? ' (archived)' : ''}`;
          return tiers.map((t) => ({ value: String(t.id), label: label(t) }));
        }),
      );
      return lists.flat();
    },
    enabled: npoId !== null,
    staleTime: 60_000,
  });
