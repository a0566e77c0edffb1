-- Memberships: tiers on a membership campaign, supporters' memberships with their named members,
-- payments and history, and the organisation's grace period (docs/decisions/049-memberships.md).
-- A tier's places are counted on membership_tiers.taken, raised by a conditional UPDATE.
CREATE TABLE "membership_tiers" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "membership_tiers_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"npo_id" bigint NOT NULL,
	"campaign_id" bigint NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"benefits" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"billing" text NOT NULL,
	"price_minor" bigint NOT NULL,
	"term_months" integer,
	"fair_market_value_minor" bigint DEFAULT 0 NOT NULL,
	"capacity" integer,
	"taken" integer DEFAULT 0 NOT NULL,
	"household_size" integer DEFAULT 1 NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"archived" boolean DEFAULT false NOT NULL,
	CONSTRAINT "membership_tiers_billing_ck" CHECK ("membership_tiers"."billing" IN ('monthly', 'yearly', 'fixed_term')),
	CONSTRAINT "membership_tiers_taken_ck" CHECK ("membership_tiers"."taken" >= 0 AND ("membership_tiers"."capacity" IS NULL OR "membership_tiers"."taken" <= "membership_tiers"."capacity"))
);
--> statement-breakpoint
CREATE TABLE "supporter_memberships" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "supporter_memberships_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"npo_id" bigint NOT NULL,
	"tier_id" bigint NOT NULL,
	"reference" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"renewal" text DEFAULT 'manual' NOT NULL,
	"donor_id" bigint,
	"plan_id" bigint,
	"currency" text NOT NULL,
	"price_minor" bigint NOT NULL,
	"fair_market_value_minor" bigint DEFAULT 0 NOT NULL,
	"joined_at" timestamp with time zone,
	"period_start" timestamp with time zone,
	"period_end" timestamp with time zone,
	"hold_until" timestamp with time zone,
	"search_text" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "supporter_memberships_status_ck" CHECK ("supporter_memberships"."status" IN ('pending', 'active', 'in_grace', 'lapsed', 'cancelled')),
	CONSTRAINT "supporter_memberships_renewal_ck" CHECK ("supporter_memberships"."renewal" IN ('automatic', 'manual'))
);
--> statement-breakpoint
CREATE TABLE "membership_members" (
	"membership_id" bigint NOT NULL,
	"position" integer NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	CONSTRAINT "membership_members_membership_id_position_pk" PRIMARY KEY("membership_id","position")
);
--> statement-breakpoint
CREATE TABLE "membership_payments" (
	"membership_id" bigint NOT NULL,
	"donation_id" bigint NOT NULL,
	CONSTRAINT "membership_payments_membership_id_donation_id_pk" PRIMARY KEY("membership_id","donation_id")
);
--> statement-breakpoint
CREATE TABLE "membership_history" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "membership_history_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"membership_id" bigint NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"kind" text NOT NULL,
	"detail" text DEFAULT '' NOT NULL,
	"actor_user_id" bigint
);
--> statement-breakpoint
CREATE TABLE "membership_settings" (
	"npo_id" bigint PRIMARY KEY NOT NULL,
	"grace_days" integer DEFAULT 30 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "membership_tiers" ADD CONSTRAINT "membership_tiers_npo_id_npos_id_fk" FOREIGN KEY ("npo_id") REFERENCES "public"."npos"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "membership_tiers" ADD CONSTRAINT "membership_tiers_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "supporter_memberships" ADD CONSTRAINT "supporter_memberships_npo_id_npos_id_fk" FOREIGN KEY ("npo_id") REFERENCES "public"."npos"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "supporter_memberships" ADD CONSTRAINT "supporter_memberships_tier_id_membership_tiers_id_fk" FOREIGN KEY ("tier_id") REFERENCES "public"."membership_tiers"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "supporter_memberships" ADD CONSTRAINT "supporter_memberships_donor_id_donors_id_fk" FOREIGN KEY ("donor_id") REFERENCES "public"."donors"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "supporter_memberships" ADD CONSTRAINT "supporter_memberships_plan_id_recurring_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."recurring_plans"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "membership_members" ADD CONSTRAINT "membership_members_membership_id_supporter_memberships_id_fk" FOREIGN KEY ("membership_id") REFERENCES "public"."supporter_memberships"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "membership_payments" ADD CONSTRAINT "membership_payments_membership_id_supporter_memberships_id_fk" FOREIGN KEY ("membership_id") REFERENCES "public"."supporter_memberships"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "membership_payments" ADD CONSTRAINT "membership_payments_donation_id_donations_id_fk" FOREIGN KEY ("donation_id") REFERENCES "public"."donations"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "membership_history" ADD CONSTRAINT "membership_history_membership_id_supporter_memberships_id_fk" FOREIGN KEY ("membership_id") REFERENCES "public"."supporter_memberships"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "membership_history" ADD CONSTRAINT "membership_history_actor_user_id_users_id_fk" FOREIGN KEY ("actor_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "membership_settings" ADD CONSTRAINT "membership_settings_npo_id_npos_id_fk" FOREIGN KEY ("npo_id") REFERENCES "public"."npos"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "membership_tiers_campaign_idx" ON "membership_tiers" USING btree ("campaign_id","position");
--> statement-breakpoint
CREATE UNIQUE INDEX "supporter_memberships_reference_uq" ON "supporter_memberships" USING btree ("reference");
--> statement-breakpoint
CREATE INDEX "supporter_memberships_npo_status_idx" ON "supporter_memberships" USING btree ("npo_id","status","period_end");
--> statement-breakpoint
CREATE INDEX "supporter_memberships_tier_idx" ON "supporter_memberships" USING btree ("tier_id");
--> statement-breakpoint
CREATE INDEX "supporter_memberships_donor_idx" ON "supporter_memberships" USING btree ("donor_id");
--> statement-breakpoint
CREATE UNIQUE INDEX "membership_payments_donation_uq" ON "membership_payments" USING btree ("donation_id");
--> statement-breakpoint
CREATE INDEX "membership_history_membership_idx" ON "membership_history" USING btree ("membership_id","at");
