-- A team's own page (docs/decisions/067-team-pages-and-joining-at-sign-up.md): a child campaign like a
-- fundraiser's page but owned by the team, so a gift made on the team page credits the team alone
-- through the ordinary peer credit (donations.peer_campaign_id) and the maintained per-page totals.
-- peer_pages.kind tells it from the fundraisers' pages, which the fundraisers' board and lists show.
ALTER TABLE "peer_pages" ADD COLUMN "kind" text DEFAULT 'fundraiser' NOT NULL;--> statement-breakpoint
ALTER TABLE "peer_pages" ADD CONSTRAINT "peer_pages_kind_check" CHECK ("kind" IN ('fundraiser', 'team'));--> statement-breakpoint
CREATE UNIQUE INDEX "peer_pages_team_page_idx" ON "peer_pages" USING btree ("team_id") WHERE "kind" = 'team';--> statement-breakpoint
WITH made AS (
  INSERT INTO "campaigns" ("npo_id", "name", "description", "campaign_url", "status", "currency", "currencies", "parent_campaign_id", "goal_minor")
  SELECT t.npo_id, t.name, t.story, 'team-' || t.team_url, CASE WHEN t.state = 'live' THEN 'active' ELSE 'draft' END,
    p.currency, p.currencies, t.campaign_id, t.goal_minor
  FROM "peer_teams" t JOIN "campaigns" p ON p.id = t.campaign_id
  ON CONFLICT ("campaign_url") DO NOTHING
  RETURNING id, npo_id, campaign_url
)
INSERT INTO "peer_pages" ("campaign_id", "npo_id", "team_id", "kind", "state")
SELECT m.id, m.npo_id, t.id, 'team', t.state
FROM made m JOIN "peer_teams" t ON 'team-' || t.team_url = m.campaign_url;
