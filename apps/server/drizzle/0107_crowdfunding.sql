-- Crowdfunding (docs/decisions/048-crowdfunding.md): a campaign of type crowdfunding with its page's
-- gallery, funding model and deadline; rewards claimed on a counter row like event seats; claims tied
-- to the donation that paid them; updates for backers.
CREATE TABLE "crowdfunding_campaigns" (
	"campaign_id" bigint PRIMARY KEY NOT NULL,
	"npo_id" bigint NOT NULL,
	"funding_model" text DEFAULT 'keep_what_you_raise' NOT NULL,
	"deadline" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "crowdfunding_campaigns_funding_model_ck" CHECK ("crowdfunding_campaigns"."funding_model" IN ('keep_what_you_raise', 'all_or_nothing'))
);--> statement-breakpoint
CREATE TABLE "crowdfunding_images" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "crowdfunding_images_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"campaign_id" bigint NOT NULL,
	"position" integer NOT NULL,
	"url" text NOT NULL,
	"alt" text DEFAULT '' NOT NULL,
	"width" integer,
	"height" integer
);--> statement-breakpoint
CREATE TABLE "crowdfunding_rewards" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "crowdfunding_rewards_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"campaign_id" bigint NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"amount_minor" bigint NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"image_url" text DEFAULT '' NOT NULL,
	"delivery_date" date,
	"quantity" integer,
	"taken" integer DEFAULT 0 NOT NULL,
	"shipping_required" boolean DEFAULT false NOT NULL,
	"fair_market_value_minor" bigint DEFAULT 0 NOT NULL,
	"archived" boolean DEFAULT false NOT NULL,
	CONSTRAINT "crowdfunding_rewards_amount_ck" CHECK ("crowdfunding_rewards"."amount_minor" > 0 AND "crowdfunding_rewards"."fair_market_value_minor" >= 0),
	CONSTRAINT "crowdfunding_rewards_taken_ck" CHECK ("crowdfunding_rewards"."taken" >= 0 AND ("crowdfunding_rewards"."quantity" IS NULL OR "crowdfunding_rewards"."taken" <= "crowdfunding_rewards"."quantity"))
);--> statement-breakpoint
CREATE TABLE "crowdfunding_reward_claims" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "crowdfunding_reward_claims_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"reward_id" bigint NOT NULL,
	"campaign_id" bigint NOT NULL,
	"npo_id" bigint NOT NULL,
	"reference" text NOT NULL,
	"amount_minor" bigint NOT NULL,
	"status" text DEFAULT 'held' NOT NULL,
	"hold_until" timestamp with time zone NOT NULL,
	"donation_id" bigint,
	"fulfilled" boolean DEFAULT false NOT NULL,
	"fulfilled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"claimed_at" timestamp with time zone,
	CONSTRAINT "crowdfunding_reward_claims_status_ck" CHECK ("crowdfunding_reward_claims"."status" IN ('held', 'claimed', 'expired'))
);--> statement-breakpoint
CREATE TABLE "crowdfunding_updates" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "crowdfunding_updates_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"campaign_id" bigint NOT NULL,
	"title" text NOT NULL,
	"body_html" text DEFAULT '' NOT NULL,
	"published_at" timestamp with time zone,
	"emailed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
ALTER TABLE "crowdfunding_campaigns" ADD CONSTRAINT "crowdfunding_campaigns_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crowdfunding_campaigns" ADD CONSTRAINT "crowdfunding_campaigns_npo_id_npos_id_fk" FOREIGN KEY ("npo_id") REFERENCES "public"."npos"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crowdfunding_images" ADD CONSTRAINT "crowdfunding_images_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crowdfunding_rewards" ADD CONSTRAINT "crowdfunding_rewards_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crowdfunding_reward_claims" ADD CONSTRAINT "crowdfunding_reward_claims_reward_id_crowdfunding_rewards_id_fk" FOREIGN KEY ("reward_id") REFERENCES "public"."crowdfunding_rewards"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crowdfunding_reward_claims" ADD CONSTRAINT "crowdfunding_reward_claims_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crowdfunding_reward_claims" ADD CONSTRAINT "crowdfunding_reward_claims_npo_id_npos_id_fk" FOREIGN KEY ("npo_id") REFERENCES "public"."npos"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crowdfunding_reward_claims" ADD CONSTRAINT "crowdfunding_reward_claims_donation_id_donations_id_fk" FOREIGN KEY ("donation_id") REFERENCES "public"."donations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crowdfunding_updates" ADD CONSTRAINT "crowdfunding_updates_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "crowdfunding_campaigns_npo_idx" ON "crowdfunding_campaigns" USING btree ("npo_id");--> statement-breakpoint
CREATE INDEX "crowdfunding_images_campaign_idx" ON "crowdfunding_images" USING btree ("campaign_id","position");--> statement-breakpoint
CREATE INDEX "crowdfunding_rewards_campaign_idx" ON "crowdfunding_rewards" USING btree ("campaign_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "crowdfunding_reward_claims_reference_uq" ON "crowdfunding_reward_claims" USING btree ("reference");--> statement-breakpoint
CREATE UNIQUE INDEX "crowdfunding_reward_claims_donation_uq" ON "crowdfunding_reward_claims" USING btree ("donation_id");--> statement-breakpoint
CREATE INDEX "crowdfunding_reward_claims_reward_idx" ON "crowdfunding_reward_claims" USING btree ("reward_id","status");--> statement-breakpoint
CREATE INDEX "crowdfunding_updates_campaign_idx" ON "crowdfunding_updates" USING btree ("campaign_id","published_at");
