// The campaign's team fundraising switch (spec 02 `team_fundraising`, docs/decisions/070-team-fundraising-switch.md):
// while it is off nobody starts, joins or is invited into a team of the campaign. Teams made
// before it was turned off keep their pages and totals; they take no new members.
import { sql } from 'drizzle-orm';
import type { Tx } from '../../platform/db/tx.ts';
import { AppError } from '../../platform/http/app-error.ts';

export const TEAMS_OFF = 'This campaign does not take teams: its team fundraising is turned off.';

/** Whether the campaign takes teams now. */
export async function teamFundraisingOn(db: Tx, campaignId: number): Promise<boolean> {
  const { rows } = await db.execute<{ on: boolean }>(
    sql`SELECT team_fundraising AS on FROM campaigns WHERE id = ${campaignId}`,
  );
  return rows[0]?.on === true;
}

/** Refuses (409, naming the field) a team step on a campaign whose team fundraising is off. */
export async function requireTeamFundraising(db: Tx, campaignId: number, field = 'team_id'): Promise<void> {
  if (!(await teamFundraisingOn(db, campaignId))) {
    throw new AppError('CONFLICT', TEAMS_OFF, { [field]: TEAMS_OFF });
  }
}
