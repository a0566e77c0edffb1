-- Fundraising teams' captains and approval (docs/decisions/051-peer-teams-and-milestones.md): an
-- invitation may name the team the invited page joins, and a team waits for staff approval when its
-- campaign asks for it (pending teams are not public).
ALTER TABLE "fundraisers" ADD COLUMN "team_id" bigint;--> statement-breakpoint
ALTER TABLE "fundraisers" ADD CONSTRAINT "fundraisers_team_id_peer_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."peer_teams"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "fundraisers_team_idx" ON "fundraisers" USING btree ("team_id") WHERE "team_id" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "peer_teams" ADD COLUMN "state" text DEFAULT 'live' NOT NULL;--> statement-breakpoint
ALTER TABLE "peer_teams" ADD CONSTRAINT "peer_teams_state_check" CHECK ("peer_teams"."state" IN ('pending', 'live'));
