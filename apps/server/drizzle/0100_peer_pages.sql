-- Peer-to-peer pages (docs/decisions/044-peer-to-peer-pages.md): a fundraiser's page stays a child
-- campaign; what staff decide about it (approval, featured, hidden, removed), the thank-you status of
-- its gifts and the campaign's P2P settings live beside it. Teams attach later through team_id.
ALTER TABLE "campaigns" ADD COLUMN "video_url" text;--> statement-breakpoint
CREATE TABLE "peer_pages" (
	"campaign_id" bigint PRIMARY KEY NOT NULL,
	"npo_id" bigint NOT NULL,
	"state" text DEFAULT 'live' NOT NULL,
	"featured" boolean DEFAULT false NOT NULL,
	"team_id" bigint,
	"first_shared_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE TABLE "peer_settings" (
	"campaign_id" bigint PRIMARY KEY NOT NULL,
	"npo_id" bigint NOT NULL,
	"self_registration" boolean DEFAULT true NOT NULL,
	"approval_required" boolean DEFAULT false NOT NULL,
	"default_goal_minor" bigint,
	"default_story" text DEFAULT '' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE TABLE "peer_thanks" (
	"donation_id" bigint PRIMARY KEY NOT NULL,
	"npo_id" bigint NOT NULL,
	"peer_campaign_id" bigint NOT NULL,
	"thanked_by_user_id" bigint NOT NULL,
	"emailed" boolean DEFAULT false NOT NULL,
	"thanked_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
ALTER TABLE "peer_pages" ADD CONSTRAINT "peer_pages_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "peer_pages" ADD CONSTRAINT "peer_pages_npo_id_npos_id_fk" FOREIGN KEY ("npo_id") REFERENCES "public"."npos"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "peer_settings" ADD CONSTRAINT "peer_settings_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "peer_settings" ADD CONSTRAINT "peer_settings_npo_id_npos_id_fk" FOREIGN KEY ("npo_id") REFERENCES "public"."npos"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "peer_thanks" ADD CONSTRAINT "peer_thanks_donation_id_donations_id_fk" FOREIGN KEY ("donation_id") REFERENCES "public"."donations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "peer_thanks" ADD CONSTRAINT "peer_thanks_npo_id_npos_id_fk" FOREIGN KEY ("npo_id") REFERENCES "public"."npos"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "peer_thanks" ADD CONSTRAINT "peer_thanks_thanked_by_user_id_users_id_fk" FOREIGN KEY ("thanked_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "peer_pages_npo_idx" ON "peer_pages" USING btree ("npo_id");--> statement-breakpoint
CREATE INDEX "peer_thanks_peer_idx" ON "peer_thanks" USING btree ("peer_campaign_id");--> statement-breakpoint
CREATE INDEX "donations_peer_board_idx" ON "donations" USING btree ("campaign_id","peer_campaign_id") INCLUDE ("base_amount_minor","status","npo_id") WHERE "donations"."peer_campaign_id" is not null;
