import {
  DEFAULT_DASHBOARD_SETTINGS,
  type TDashboardSettings,
  type TDashboardSettingsResponse,
  type THomeCard,
  type THomeChart,
  type THomePeriod,
} from '@kindling/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../app/api-client.ts';
import { useSession } from '../../../session';

/** Per user and organisation: the organisation id is in the key, so switching never shows the other's. */
export const dashboardSettingsKeys = { of: (npoId: number | null) => ['dashboard-settings', npoId] as const };

export const dashboardSettingsQuery = (npoId: number | null) =>
  queryOptions({
    queryKey: dashboardSettingsKeys.of(npoId),
    queryFn: ({ signal }) => api<TDashboardSettingsResponse>('GET', '/npo_admin/dashboard_settings', { signal }),
    enabled: npoId !== null,
    retry: false,
  });

export const saveDashboardSettings = (body: TDashboardSettings) =>
  api<TDashboardSettingsResponse>('PUT', '/npo_admin/dashboard_settings', { body });

/**
 * What the home page shows. Until the settings arrive `settled` is false; when they cannot be read
 * the home page falls back to the defaults rather than hiding the figures.
 */
export function useHomeSettings(): { settings: TDashboardSettings; settled: boolean } {
  const npoId = useSession().selectedNpo?.id ?? null;
  const query = useQuery(dashboardSettingsQuery(npoId));
  return {
    settings: query.data?.settings ?? DEFAULT_DASHBOARD_SETTINGS,
    settled: npoId === null || query.isSuccess || query.isError,
  };
}

export const CARD_LABELS: Record<THomeCard, string> = {
  total_raised: 'Total raised',
  raised_this_month: 'Raised this month',
  donors: 'Donors',
  average_gift: 'Average gift',
  recurring_donors: 'Recurring donors',
  recurring_raised: 'Recurring raised',
  active_campaigns: 'Active campaigns',
  events: 'Events',
  monthly_goal: 'Monthly goal',
  upcoming_event: 'Upcoming event',
  recent_donations: 'Recent donations',
  top_campaigns: 'Top campaigns',
};

export const CHART_LABELS: Record<THomeChart, string> = {
  raised_over_time: 'Raised over time',
  by_campaign: 'By campaign',
  by_method: 'By payment method',
};

const PERIOD_WORDS: Record<THomePeriod, string> = { 3: 'three', 6: 'six', 12: 'twelve', 24: 'twenty-four' };
export const periodWords = (months: THomePeriod) => PERIOD_WORDS[months];
