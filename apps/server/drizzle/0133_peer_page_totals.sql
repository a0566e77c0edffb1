-- A maintained per-page total for the fundraisers' and teams' leaderboards (docs/decisions/059-maintained-peer-page-totals.md):
-- each fundraiser page's succeeded gifts (base amounts) per parent campaign, kept by a trigger on
-- donations (modules/fundraisers/sql/donations_refresh_peer_page_totals.sql), read in board order
-- through one index instead of grouping every peer gift on each request.
CREATE TABLE "peer_page_totals" (
	"campaign_id" bigint NOT NULL,
	"peer_campaign_id" bigint NOT NULL,
	"npo_id" bigint NOT NULL,
	"raised_minor" bigint DEFAULT 0 NOT NULL,
	"gifts" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "peer_page_totals_pk" PRIMARY KEY ("campaign_id", "peer_campaign_id")
);--> statement-breakpoint
ALTER TABLE "peer_page_totals" ADD CONSTRAINT "peer_page_totals_peer_campaign_id_campaigns_id_fk" FOREIGN KEY ("peer_campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "peer_page_totals" ADD CONSTRAINT "peer_page_totals_npo_id_npos_id_fk" FOREIGN KEY ("npo_id") REFERENCES "public"."npos"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "peer_page_totals_board_idx" ON "peer_page_totals" USING btree ("campaign_id", "raised_minor" DESC, "peer_campaign_id") WHERE "gifts" > 0;--> statement-breakpoint
INSERT INTO "peer_page_totals" ("campaign_id", "peer_campaign_id", "npo_id", "raised_minor", "gifts")
SELECT d.campaign_id, d.peer_campaign_id, min(d.npo_id), sum(d.base_amount_minor), count(*)
FROM "donations" d
WHERE d.peer_campaign_id IS NOT NULL AND d.status = 'succeeded'
GROUP BY d.campaign_id, d.peer_campaign_id;
