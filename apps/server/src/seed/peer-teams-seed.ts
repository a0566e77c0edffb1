import { sql } from 'drizzle-orm';
import { insertTeamPage } from '../modules/fundraisers/index.ts';
import type { Db } from '../platform/db/client.ts';
import type { Tx } from '../platform/db/tx.ts';

// Fundraising teams demo (docs/decisions/051-peer-teams-and-milestones.md): the Spring Appeal has two
// teams. The demo fundraiser's page (/raise/spring-appeal-team-sam) captains the Spring Appeal Runners
// (/team-page/spring-appeal-runners) with Marcus; Priya captains the Bakers with Tom; Ana raises alone.
// The milestones the seeded gifts already reached are recorded, so the next gift does not e-mail
// a "first gift" long after it. Runs after the peer pages' seed; a second run changes nothing.

const TEAMS = [
  {
    url: 'spring-appeal-runners',
    name: 'Spring Appeal Runners',
    story: '<p>We run the river 10k together, and every mile fills the food bank’s shelves.</p>',
    goal: 250_000,
    captain: 'spring-appeal-team-sam',
    members: ['spring-appeal-team-sam', 'spring-appeal-team-marcus'],
  },
  {
    url: 'spring-appeal-bakers',
    name: 'Bakers for the Bank',
    story: '<p>Cakes, bakes and bake-offs: our kitchens against empty shelves.</p>',
    goal: 200_000,
    captain: 'spring-appeal-team-priya',
    members: ['spring-appeal-team-priya', 'spring-appeal-team-tom'],
  },
] as const;

/**
 * p2p16c: each team's own page (docs/decisions/067-team-pages-and-joining-at-sign-up.md); the
 * Runners' page holds one of the Spring Appeal's gifts, so the team page shows a gift to the team itself.
 */
async function seedTeamPage(tx: Tx, npoId: number, teamUrl: string): Promise<void> {
  const { rows } = await tx.execute<{ id: number; campaign_id: number; name: string; story: string; goal: number }>(sql`
    SELECT t.id, t.campaign_id, t.name, t.story, t.goal_minor AS goal FROM peer_teams t
    WHERE t.team_url = ${teamUrl} AND t.npo_id = ${npoId}
      AND NOT EXISTS (SELECT 1 FROM peer_pages pp WHERE pp.team_id = t.id AND pp.kind = 'team')`);
  const team = rows[0];
  if (!team) return;
  const pageId = await insertTeamPage(tx, {
    teamId: Number(team.id),
    npoId,
    campaignId: Number(team.campaign_id),
    name: team.name,
    story: team.story,
    teamUrl,
    goalMinor: Number(team.goal),
    live: true,
  });
  if (teamUrl !== 'spring-appeal-runners') return;
  await tx.execute(sql`
    UPDATE donations SET peer_campaign_id = ${pageId}
    WHERE id = (SELECT min(d.id) FROM donations d WHERE d.npo_id = ${npoId} AND d.campaign_id = ${team.campaign_id}
      AND d.peer_campaign_id IS NULL AND d.status = 'succeeded')`);
}

export async function seedPeerTeams(db: Db, npoIds: Map<string, number>): Promise<void> {
  const npoId = npoIds.get('riverside-food-bank');
  if (!npoId) return;
  await db.transaction(async (tx) => {
    for (const team of TEAMS) {
      const { rows } = await tx.execute<{ spring: number; owner: number | null }>(sql`
        SELECT p.parent_campaign_id AS spring, p.owner_user_id AS owner FROM campaigns p
        WHERE p.campaign_url = ${team.captain} AND p.npo_id = ${npoId}`);
      const captain = rows[0];
      if (!captain?.owner) continue;
      await tx.execute(sql`
        INSERT INTO peer_teams (npo_id, campaign_id, name, team_url, captain_user_id, story, goal_minor)
        VALUES (${npoId}, ${captain.spring}, ${team.name}, ${team.url}, ${captain.owner}, ${team.story}, ${team.goal})
        ON CONFLICT (team_url) DO NOTHING`);
      await tx.execute(sql`
        INSERT INTO peer_pages (campaign_id, npo_id, team_id)
        SELECT c.id, c.npo_id, t.id FROM campaigns c JOIN peer_teams t ON t.team_url = ${team.url}
        WHERE c.npo_id = ${npoId} AND c.campaign_url = ANY(${sql.param([...team.members])}::text[])
        ON CONFLICT (campaign_id) DO UPDATE SET team_id = coalesce(peer_pages.team_id, excluded.team_id)`);
      await seedTeamPage(tx, npoId, team.url);
      // fin16: the Spring Appeal takes teams (docs/decisions/070-team-fundraising-switch.md).
      await tx.execute(sql`UPDATE campaigns SET team_fundraising = true WHERE id = ${captain.spring}`);
    }
    // fin16: the Community Garden's "become a fundraiser" form offers teams too.
    await tx.execute(sql`
      UPDATE campaigns SET team_fundraising = true WHERE npo_id = ${npoId} AND campaign_url = 'community-garden'`);
    await tx.execute(sql`
      INSERT INTO peer_milestones (peer_campaign_id, milestone, npo_id)
      SELECT c.id, m.milestone, c.npo_id
      FROM campaigns c
      CROSS JOIN LATERAL (SELECT count(*) AS gifts, coalesce(sum(d.base_amount_minor), 0) AS raised FROM donations d
        WHERE d.peer_campaign_id = c.id AND d.npo_id = c.npo_id AND d.status = 'succeeded') g
      CROSS JOIN (VALUES ('first_gift', 0), ('25', 25), ('50', 50), ('75', 75), ('100', 100)) AS m(milestone, percent)
      WHERE c.npo_id = ${npoId} AND c.parent_campaign_id IS NOT NULL AND g.gifts > 0
        AND (m.percent = 0 OR (c.goal_minor > 0 AND g.raised * 100 >= c.goal_minor * m.percent))
      ON CONFLICT DO NOTHING`);
  });
}
