// The set-up checklist of /dashboard/launchpad, computed from the organisation's real state every
// time it is read: nothing is ticked by hand (docs/product/overview.md#launchpad).
import { LAUNCHPAD_STEPS, type TLaunchpad, type TLaunchpadStep, type TProcessorsResponse } from '@kindling/contracts';
import { sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';
import { hasOwnTemplate } from '../email-templates/index.ts';
import { profileStatus } from '../organisations/index.ts';
import { listTeam } from '../team/index.ts';

export type OverviewDeps = { db: Db; processors: (npoId: number) => Promise<TProcessorsResponse> };

type Facts = { campaign_published: boolean; test_donation: boolean; second_factor: boolean };

/**
 * A published campaign is one that went live (active or since ended); a test donation is a gift
 * the built-in sandbox took and that succeeded (refunded later included); the second factor is the
 * viewer's own (docs/decisions/033-overview-launchpad-and-dashboard-settings.md).
 */
async function factsOf(db: Db, npoId: number, userId: number): Promise<Facts> {
  const { rows } = await db.execute<Facts>(sql`
    SELECT
      EXISTS (SELECT 1 FROM campaigns WHERE npo_id = ${npoId} AND status IN ('active', 'ended')) AS campaign_published,
      EXISTS (SELECT 1 FROM donations WHERE npo_id = ${npoId} AND provider = 'sandbox'
                AND status IN ('succeeded', 'refunded')) AS test_donation,
      COALESCE((SELECT otp_enabled FROM users WHERE id = ${userId}), false) AS second_factor`);
  const row = rows[0];
  return {
    campaign_published: row?.campaign_published === true,
    test_donation: row?.test_donation === true,
    second_factor: row?.second_factor === true,
  };
}

/** The eight steps for the organisation as `userId` sees it, in LAUNCHPAD_STEPS order. */
export async function getLaunchpad(deps: OverviewDeps, npoId: number, userId: number): Promise<TLaunchpad> {
  const [profile, processors, receipt, team, facts] = await Promise.all([
    profileStatus(deps.db, npoId),
    deps.processors(npoId),
    hasOwnTemplate(deps.db, npoId, 'receipt'),
    listTeam(deps.db, npoId),
    factsOf(deps.db, npoId, userId),
  ]);
  const now = Date.now();
  const liveInvitations = team.invitations.filter((i) => i.expiresAt.getTime() > now).length;
  const state: Record<TLaunchpadStep, { done: boolean; missing?: string[] }> = {
    profile: { done: profile.complete, missing: profile.missing },
    logo: { done: profile.hasLogo },
    payment_provider: {
      done: processors.card.connected_account_id !== null || processors.wallet.merchant_id !== null,
    },
    campaign_published: { done: facts.campaign_published },
    receipt_template: { done: receipt },
    team_invited: { done: team.members.length > 1 || liveInvitations > 0 },
    second_factor: { done: facts.second_factor },
    test_donation: { done: facts.test_donation },
  };
  const steps = LAUNCHPAD_STEPS.map((key) => ({
    key,
    done: state[key].done,
    missing: state[key].done ? [] : (state[key].missing ?? []),
  }));
  return { steps, done: steps.filter((s) => s.done).length, total: steps.length };
}
