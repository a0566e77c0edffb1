-- A supporter asking to fundraise may name a team of the campaign to join, or a new team to start
-- (docs/decisions/067-team-pages-and-joining-at-sign-up.md); the choice waits with the request until
-- its e-mailed link is followed.
ALTER TABLE "fundraiser_requests" ADD COLUMN "team_id" bigint;--> statement-breakpoint
ALTER TABLE "fundraiser_requests" ADD COLUMN "new_team_name" text;--> statement-breakpoint
ALTER TABLE "fundraiser_requests" ADD CONSTRAINT "fundraiser_requests_team_id_peer_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."peer_teams"("id") ON DELETE no action ON UPDATE no action;
