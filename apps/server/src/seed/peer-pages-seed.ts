import { sql } from 'drizzle-orm';
import { creditPeerFundraiser } from '../modules/fundraisers/index.ts';
import type { Db } from '../platform/db/client.ts';

// Peer-to-peer demo (docs/decisions/044-peer-to-peer-pages.md): the Spring Appeal has five fundraiser
// pages with gifts. The demo fundraiser (fundraiser@kindling.test) owns /raise/spring-appeal-team-sam;
// four supporters (accounts without a password or membership: they cannot sign in) own the others.
// Their gifts are Spring Appeal gifts the campaign seed already made, credited to a page here, so the
// demo's gift counts and totals stay what the other seeds and their tests know. A second run changes nothing.
// Each page gets two weeks of views (always more than its gifts, so its conversion reads like a real
// page's) and each gift its fundraiser's soft credit, as the gift's follow-up job writes it.

const PAGES = [
  {
    url: 'spring-appeal-team-priya',
    first: 'Priya',
    last: 'Shah',
    title: 'Priya bakes for the Spring Appeal',
    story: '<p>Every cake I sell this spring fills a shelf at the food bank. Help me reach my goal!</p>',
    goal: 150_000,
    gifts: ['seed_spring_002', 'seed_spring_003', 'seed_spring_004', 'seed_spring_005'],
    featured: true,
  },
  {
    url: 'spring-appeal-team-marcus',
    first: 'Marcus',
    last: 'Lee',
    title: 'Marcus cycles 100 miles',
    story: '<p>One hundred miles along the river, one family fed for every mile.</p>',
    goal: 100_000,
    gifts: ['seed_spring_008', 'seed_spring_009', 'seed_spring_010'],
    featured: false,
  },
  {
    url: 'spring-appeal-team-ana',
    first: 'Ana',
    last: 'Costa',
    title: 'Ana’s birthday fundraiser',
    story: '<p>Instead of presents this year, I am asking for groceries for my neighbours.</p>',
    goal: 50_000,
    gifts: ['seed_spring_014', 'seed_spring_015'],
    featured: false,
  },
  {
    url: 'spring-appeal-team-tom',
    first: 'Tom',
    last: 'Okafor',
    title: 'Tom’s office bake-off',
    story: '',
    goal: 40_000,
    gifts: ['seed_spring_020'],
    featured: false,
  },
] as const;

const SAM_STORY =
  '<p>I am running the river 10k to fill the food bank’s shelves this spring. Every gift counts, thank you!</p>';

export async function seedPeerPages(db: Db, npoIds: Map<string, number>): Promise<void> {
  const npoId = npoIds.get('riverside-food-bank');
  if (!npoId) return;
  const { rows } = await db.execute<{ spring: number; sam: number; owner: number | null }>(sql`
    SELECT s.id AS spring, p.id AS sam, p.owner_user_id AS owner FROM campaigns s
    JOIN campaigns p ON p.parent_campaign_id = s.id AND p.campaign_url = 'spring-appeal-team-sam'
    WHERE s.campaign_url = 'spring-appeal' AND s.npo_id = ${npoId}`);
  const ids = rows[0];
  if (!ids) return;
  await db.transaction(async (tx) => {
    await tx.execute(sql`UPDATE campaigns SET description = ${SAM_STORY} WHERE id = ${ids.sam} AND description = ''`);
    if (ids.owner !== null) {
      await tx.execute(sql`
        INSERT INTO fundraisers (npo_id, campaign_id, user_id, role, status, peer_campaign_id, joined_at)
        VALUES (${npoId}, ${ids.spring}, ${ids.owner}, 'fundraiser', 'joined', ${ids.sam}, now())
        ON CONFLICT (campaign_id, user_id) DO NOTHING`);
    }
    await tx.execute(sql`
      INSERT INTO peer_settings (campaign_id, npo_id, default_goal_minor, default_story)
      VALUES (${ids.spring}, ${npoId}, 100000, '<p>I am raising money for the Spring Appeal. Will you help?</p>')
      ON CONFLICT (campaign_id) DO NOTHING`);
    for (const page of PAGES) {
      const email = `${page.first}.${page.last}.fundraiser@example.org`.toLowerCase();
      const { rows: user } = await tx.execute<{ id: number }>(sql`
        WITH found AS (SELECT id FROM users WHERE lower(email) = ${email}),
        made AS (INSERT INTO users (email, first_name, last_name)
          SELECT ${email}, ${page.first}, ${page.last} WHERE NOT EXISTS (SELECT 1 FROM found) RETURNING id)
        SELECT id FROM found UNION ALL SELECT id FROM made`);
      const userId = Number(user[0]?.id);
      const { rows: made } = await tx.execute<{ id: number }>(sql`
        INSERT INTO campaigns (npo_id, name, campaign_url, status, goal_minor, currency, currencies, description,
          parent_campaign_id, owner_user_id)
        VALUES (${npoId}, ${page.title}, ${page.url}, 'active', ${page.goal}, 'USD', '{USD,EUR,GBP}', ${page.story},
          ${ids.spring}, ${userId})
        ON CONFLICT (campaign_url) DO NOTHING
        RETURNING id`);
      const pageId = made[0]?.id;
      if (pageId === undefined) continue;
      await tx.execute(sql`
        INSERT INTO fundraisers (npo_id, campaign_id, user_id, role, status, peer_campaign_id, joined_at)
        VALUES (${npoId}, ${ids.spring}, ${userId}, 'fundraiser', 'joined', ${pageId}, now())
        ON CONFLICT (campaign_id, user_id) DO NOTHING`);
      await tx.execute(sql`
        INSERT INTO peer_pages (campaign_id, npo_id, featured, first_shared_at)
        VALUES (${pageId}, ${npoId}, ${page.featured}, now()) ON CONFLICT (campaign_id) DO NOTHING`);
      await tx.execute(sql`
        UPDATE donations SET peer_campaign_id = ${pageId}
        WHERE npo_id = ${npoId} AND campaign_id = ${ids.spring} AND peer_campaign_id IS NULL
          AND provider_reference = ANY(${sql.param([...page.gifts])}::text[])`);
    }
  });
  await seedPeerPageViews(db, npoId, ids.spring);
  await seedPeerSoftCredits(db, npoId, ids.spring);
}

/** Views on each page's last fourteen days, a little noise from the day and the page. */
async function seedPeerPageViews(db: Db, npoId: number, spring: number) {
  await db.execute(sql`
    INSERT INTO campaign_funnel_days (campaign_id, day, npo_id, views)
    SELECT p.id, d::date, ${npoId}, 4 + (extract(doy FROM d)::int + p.id::int) % 6 * 2
    FROM campaigns p
    CROSS JOIN generate_series((now() AT TIME ZONE (SELECT time_zone FROM npos WHERE id = ${npoId}))::date - 14,
                               (now() AT TIME ZONE (SELECT time_zone FROM npos WHERE id = ${npoId}))::date - 1,
                               interval '1 day') d
    WHERE p.npo_id = ${npoId} AND p.parent_campaign_id = ${spring}
    ON CONFLICT (campaign_id, day) DO NOTHING`);
}

/** The fundraisers' soft credits of the pages' gifts (docs/product/crm.md#soft-credits-and-tributes). */
async function seedPeerSoftCredits(db: Db, npoId: number, spring: number) {
  const { rows } = await db.execute<{ id: number; page: number }>(sql`
    SELECT d.id, d.peer_campaign_id AS page FROM donations d
    WHERE d.npo_id = ${npoId} AND d.campaign_id = ${spring} AND d.peer_campaign_id IS NOT NULL AND d.status = 'succeeded'
    ORDER BY d.id`);
  for (const gift of rows) {
    await creditPeerFundraiser(db, { npoId, pageId: Number(gift.page), donationId: Number(gift.id) });
  }
}
