import type { TPortalPlan } from '@kindling/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type PortalSource, portalApi } from './portal-api.ts';

const keys = {
  all: (s: PortalSource) => ['portal', s.base] as const,
  overview: (s: PortalSource) => ['portal', s.base, 'overview'] as const,
  gifts: (s: PortalSource) => ['portal', s.base, 'gifts'] as const,
  gift: (s: PortalSource, id: number) => ['portal', s.base, 'gift', id] as const,
  plans: (s: PortalSource) => ['portal', s.base, 'plans'] as const,
  memberships: (s: PortalSource) => ['portal', s.base, 'memberships'] as const,
  plan: (s: PortalSource, id: number) => ['portal', s.base, 'plan', id] as const,
};

export const useOverview = (source: PortalSource, enabled = true) =>
  useQuery({ queryKey: keys.overview(source), queryFn: () => portalApi(source).overview(), enabled });

export const useGifts = (source: PortalSource, enabled = true) =>
  useQuery({ queryKey: keys.gifts(source), queryFn: async () => (await portalApi(source).gifts()).gifts, enabled });

export const useGift = (source: PortalSource, id: number) =>
  useQuery({ queryKey: keys.gift(source, id), queryFn: async () => (await portalApi(source).gift(id)).gift });

export const usePlans = (source: PortalSource, enabled = true) =>
  useQuery({ queryKey: keys.plans(source), queryFn: async () => (await portalApi(source).plans()).plans, enabled });

export const useMemberships = (source: PortalSource) =>
  useQuery({
    queryKey: keys.memberships(source),
    queryFn: async () => (await portalApi(source).memberships()).memberships,
  });

export const usePlan = (source: PortalSource, id: number) =>
  useQuery({ queryKey: keys.plan(source, id), queryFn: async () => (await portalApi(source).plan(id)).plan });

/** After any change the plan list and each plan are read again (a new card may change several). */
export function usePlanChanged(source: PortalSource) {
  const client = useQueryClient();
  return (plans: TPortalPlan[]) => {
    for (const plan of plans) client.setQueryData(keys.plan(source, plan.id), plan);
    return client.invalidateQueries({ queryKey: keys.all(source) });
  };
}

export function usePlanMutation<T>(source: PortalSource, run: (input: T) => Promise<TPortalPlan[]>) {
  const changed = usePlanChanged(source);
  return useMutation({ mutationFn: run, onSuccess: changed });
}

export { keys as portalKeys };
