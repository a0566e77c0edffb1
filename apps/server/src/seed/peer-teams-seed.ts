import { sql } from 'drizzle-orm';
import type { Db } from '../platform/db/client.ts';

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
    }
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
