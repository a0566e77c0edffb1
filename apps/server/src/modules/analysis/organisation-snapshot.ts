// The organisation's figures for the home page (account_details) and the snapshot the session loads
// when an organisation is selected. Here, not in organisations, because they read campaigns,
// donations and the daily sums that sit above the organisations layer (docs/architecture.md);
// app.ts hands getOrganisationSnapshot to auth.
import type { TOrganisationStats } from '@kindling/contracts';
import type { Db } from '../../platform/db/client.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { listCampaignRefs } from '../campaigns/index.ts';
import { donationStatuses, listUsedCurrencies } from '../donations/index.ts';
import { findNpo, type OrganisationSnapshot } from '../organisations/index.ts';
import { selectTopCampaigns, selectTotals } from './organisation-stats.repository.ts';
import { selectEventFigures } from './upcoming-event.repository.ts';

/** Payment types the donation form offers; configurable per organisation once processors arrive. */
const PAYMENT_TYPES = ['card', 'paypal'];

export async function getOrganisationStats(db: Db, npoId: number): Promise<TOrganisationStats> {
  const npo = await findNpo(db, npoId);
  if (!npo) throw new AppError('NOT_FOUND', 'Organisation not found.');
  const [totals, topCampaigns, eventFigures] = await Promise.all([
    selectTotals(db, npoId),
    selectTopCampaigns(db, npoId),
    selectEventFigures(db, npoId),
  ]);
  return {
    ...totals,
    currency: npo.baseCurrency,
    monthly_goal: npo.monthlyGoalMinor,
    top_campaigns: topCampaigns,
    // events18: the next published event and how many there are.
    ...eventFigures,
  };
}

export async function getOrganisationSnapshot(db: Db, npoId: number): Promise<OrganisationSnapshot> {
  const npo = await findNpo(db, npoId);
  if (!npo) throw new AppError('NOT_FOUND', 'Organisation not found.');
  const [stats, campaigns, used] = await Promise.all([
    getOrganisationStats(db, npoId),
    listCampaignRefs(db, npoId),
    listUsedCurrencies(db, npoId),
  ]);
  const others = used.filter((c) => c !== npo.baseCurrency).sort();
  return {
    npo: {
      id: npo.id,
      name: npo.name,
      logo: npo.logoUrl,
      base_currency: npo.baseCurrency,
      time_zone: npo.timeZone,
      locale: npo.locale,
    },
    stats,
    campaigns,
    paymentTypes: PAYMENT_TYPES,
    statuses: [...donationStatuses],
    currencies: [npo.baseCurrency, ...others],
  };
}
