CREATE TABLE "recurring_plans" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "recurring_plans_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"npo_id" bigint NOT NULL,
	"donor_id" bigint NOT NULL,
	"campaign_id" bigint,
	"peer_campaign_id" bigint,
	"amount_minor" bigint NOT NULL,
	"fee_covered_minor" bigint DEFAULT 0 NOT NULL,
	"currency" varchar(3) NOT NULL,
	"interval" text NOT NULL,
	"provider" text NOT NULL,
	"payment_method_id" text,
	"customer_id" text,
	"designation_id" bigint,
	"status" text DEFAULT 'active' NOT NULL,
	"failure_reason" text,
	"anchor_at" timestamp with time zone NOT NULL,
	"next_period" integer DEFAULT 1 NOT NULL,
	"next_charge_at" timestamp with time zone,
	"failed_attempts" integer DEFAULT 0 NOT NULL,
	"last_charged_at" timestamp with time zone,
	"started_at" timestamp with time zone NOT NULL,
	"paused_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	"first_donation_id" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "vault_setups" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "vault_setups_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"npo_id" bigint NOT NULL,
	"campaign_id" bigint NOT NULL,
	"peer_campaign_id" bigint,
	"provider" text NOT NULL,
	"account_id" text,
	"setup_token_id" text NOT NULL,
	"payment_token_id" text,
	"customer_id" text,
	"payer_email" text,
	"amount_minor" bigint NOT NULL,
	"fee_covered_minor" bigint DEFAULT 0 NOT NULL,
	"currency" varchar(3) NOT NULL,
	"interval" text NOT NULL,
	"choice" jsonb NOT NULL,
	"status" text DEFAULT 'created' NOT NULL,
	"charge_id" text,
	"donation_id" bigint,
	"failure_message" text,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "donations" ADD COLUMN "recurring_plan_id" bigint;--> statement-breakpoint
ALTER TABLE "recurring_plans" ADD CONSTRAINT "recurring_plans_npo_id_npos_id_fk" FOREIGN KEY ("npo_id") REFERENCES "public"."npos"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recurring_plans" ADD CONSTRAINT "recurring_plans_donor_id_donors_id_fk" FOREIGN KEY ("donor_id") REFERENCES "public"."donors"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recurring_plans" ADD CONSTRAINT "recurring_plans_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recurring_plans" ADD CONSTRAINT "recurring_plans_peer_campaign_id_campaigns_id_fk" FOREIGN KEY ("peer_campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recurring_plans" ADD CONSTRAINT "recurring_plans_designation_id_campaign_designations_id_fk" FOREIGN KEY ("designation_id") REFERENCES "public"."campaign_designations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recurring_plans" ADD CONSTRAINT "recurring_plans_first_donation_id_donations_id_fk" FOREIGN KEY ("first_donation_id") REFERENCES "public"."donations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vault_setups" ADD CONSTRAINT "vault_setups_npo_id_npos_id_fk" FOREIGN KEY ("npo_id") REFERENCES "public"."npos"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vault_setups" ADD CONSTRAINT "vault_setups_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vault_setups" ADD CONSTRAINT "vault_setups_peer_campaign_id_campaigns_id_fk" FOREIGN KEY ("peer_campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vault_setups" ADD CONSTRAINT "vault_setups_donation_id_donations_id_fk" FOREIGN KEY ("donation_id") REFERENCES "public"."donations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "recurring_plans_first_donation_uq" ON "recurring_plans" USING btree ("first_donation_id");--> statement-breakpoint
CREATE INDEX "recurring_plans_npo_status_idx" ON "recurring_plans" USING btree ("npo_id","status","created_at");--> statement-breakpoint
CREATE INDEX "recurring_plans_donor_idx" ON "recurring_plans" USING btree ("npo_id","donor_id");--> statement-breakpoint
CREATE INDEX "recurring_plans_due_idx" ON "recurring_plans" USING btree ("next_charge_at") WHERE status IN ('active', 'past_due');--> statement-breakpoint
CREATE UNIQUE INDEX "vault_setups_setup_token_uq" ON "vault_setups" USING btree ("provider","setup_token_id");--> statement-breakpoint
CREATE UNIQUE INDEX "vault_setups_payment_token_uq" ON "vault_setups" USING btree ("provider","payment_token_id");--> statement-breakpoint
CREATE INDEX "vault_setups_npo_idx" ON "vault_setups" USING btree ("npo_id","created_at");--> statement-breakpoint
ALTER TABLE "donations" ADD CONSTRAINT "donations_recurring_plan_id_recurring_plans_id_fk" FOREIGN KEY ("recurring_plan_id") REFERENCES "public"."recurring_plans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "donations_recurring_plan_idx" ON "donations" USING btree ("recurring_plan_id");