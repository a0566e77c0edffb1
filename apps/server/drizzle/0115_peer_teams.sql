-- Fundraising teams and milestone e-mails (docs/decisions/051-peer-teams-and-milestones.md): a team
-- groups fundraiser pages of one campaign under a captain; a page's milestones are recorded once.
CREATE TABLE "peer_teams" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "peer_teams_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"npo_id" bigint NOT NULL,
	"campaign_id" bigint NOT NULL,
	"name" text NOT NULL,
	"team_url" text NOT NULL,
	"captain_user_id" bigint NOT NULL,
	"story" text DEFAULT '' NOT NULL,
	"image_url" text,
	"goal_minor" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "peer_teams_team_url_unique" UNIQUE("team_url")
);--> statement-breakpoint
CREATE TABLE "peer_milestones" (
	"peer_campaign_id" bigint NOT NULL,
	"milestone" text NOT NULL,
	"npo_id" bigint NOT NULL,
	"reached_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "peer_milestones_pk" PRIMARY KEY("peer_campaign_id","milestone"),
	CONSTRAINT "peer_milestones_milestone_check" CHECK ("peer_milestones"."milestone" IN ('first_gift', '25', '50', '75', '100'))
);--> statement-breakpoint
ALTER TABLE "peer_teams" ADD CONSTRAINT "peer_teams_npo_id_npos_id_fk" FOREIGN KEY ("npo_id") REFERENCES "public"."npos"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "peer_teams" ADD CONSTRAINT "peer_teams_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "peer_teams" ADD CONSTRAINT "peer_teams_captain_user_id_users_id_fk" FOREIGN KEY ("captain_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "peer_milestones" ADD CONSTRAINT "peer_milestones_peer_campaign_id_campaigns_id_fk" FOREIGN KEY ("peer_campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "peer_milestones" ADD CONSTRAINT "peer_milestones_npo_id_npos_id_fk" FOREIGN KEY ("npo_id") REFERENCES "public"."npos"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "peer_pages" ADD CONSTRAINT "peer_pages_team_id_peer_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."peer_teams"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "peer_teams_campaign_idx" ON "peer_teams" USING btree ("campaign_id");--> statement-breakpoint
CREATE INDEX "peer_pages_team_idx" ON "peer_pages" USING btree ("team_id");
