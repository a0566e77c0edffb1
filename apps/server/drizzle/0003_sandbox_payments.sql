CREATE TABLE "campaign_amounts" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "campaign_amounts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"npo_id" bigint NOT NULL,
	"campaign_id" bigint NOT NULL,
	"amount_minor" bigint NOT NULL,
	"interval" text DEFAULT 'once' NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"image_url" text,
	"position" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "campaign_designations" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "campaign_designations_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"npo_id" bigint NOT NULL,
	"campaign_id" bigint NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"position" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "campaign_questions" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "campaign_questions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"npo_id" bigint NOT NULL,
	"campaign_id" bigint NOT NULL,
	"content" text NOT NULL,
	"answer_type" text DEFAULT 'Text' NOT NULL,
	"options" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"response_required" boolean DEFAULT false NOT NULL,
	"position" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "exchange_rates" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "exchange_rates_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"npo_id" bigint,
	"from_currency" varchar(3) NOT NULL,
	"to_currency" varchar(3) NOT NULL,
	"rate" numeric(18, 8) NOT NULL,
	"as_of" date NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ledger_entries" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "ledger_entries_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"npo_id" bigint NOT NULL,
	"donation_id" bigint NOT NULL,
	"kind" text NOT NULL,
	"amount_minor" bigint NOT NULL,
	"currency" varchar(3) NOT NULL,
	"base_amount_minor" bigint NOT NULL,
	"base_currency" varchar(3) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox_payment_methods" (
	"id" text PRIMARY KEY NOT NULL,
	"npo_id" bigint NOT NULL,
	"type" text NOT NULL,
	"card_last4" varchar(4),
	"card_exp_month" bigint,
	"card_exp_year" bigint,
	"payer_email" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox_payments" (
	"id" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"npo_id" bigint NOT NULL,
	"account_id" text,
	"amount_minor" bigint,
	"currency" varchar(3),
	"interval" text DEFAULT 'once' NOT NULL,
	"status" text NOT NULL,
	"metadata" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"client_secret_digest" text,
	"card_last4" varchar(4),
	"payment_method_id" text,
	"failure_code" text,
	"failure_message" text,
	"return_url" text,
	"cancel_url" text,
	"idempotency_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sandbox_payments_idempotencyKey_unique" UNIQUE("idempotency_key")
);
--> statement-breakpoint
DROP INDEX "donations_campaign_idx";--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "currencies" text[] DEFAULT '{USD}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "campaign_type" text DEFAULT 'donation' NOT NULL;--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "description" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "call_to_action" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "image_url" text;--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "user_amount_enable" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "include_payment_fees" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "gift_aid" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "collect_address" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "designation_label" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "thank_you_message" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "thank_you_url" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "team_fundraising" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "campaign_settings" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "custom_css" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "parent_campaign_id" bigint;--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "owner_user_id" bigint;--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "donations" ADD COLUMN "peer_campaign_id" bigint;--> statement-breakpoint
ALTER TABLE "donations" ADD COLUMN "fee_covered_minor" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "donations" ADD COLUMN "designation_id" bigint;--> statement-breakpoint
ALTER TABLE "donations" ADD COLUMN "designation_name" text;--> statement-breakpoint
ALTER TABLE "donations" ADD COLUMN "answers" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "donations" ADD COLUMN "comment" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "donations" ADD COLUMN "gift_aid" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "donations" ADD COLUMN "gift_aid_name" text;--> statement-breakpoint
ALTER TABLE "donations" ADD COLUMN "gift_aid_address" text;--> statement-breakpoint
ALTER TABLE "donations" ADD COLUMN "gift_aid_postcode" text;--> statement-breakpoint
ALTER TABLE "donations" ADD COLUMN "gift_aid_declared_on" date;--> statement-breakpoint
ALTER TABLE "donations" ADD COLUMN "add_to_donor_wall" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "donations" ADD COLUMN "first_name_only_to_donor_wall" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "donations" ADD COLUMN "show_amount_on_donor_wall" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "donations" ADD COLUMN "show_comment_on_donor_wall" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "donations" ADD COLUMN "create_donor_account" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "donations" ADD COLUMN "payment_method" text;--> statement-breakpoint
ALTER TABLE "donations" ADD COLUMN "provider" text;--> statement-breakpoint
ALTER TABLE "donations" ADD COLUMN "provider_reference" text;--> statement-breakpoint
ALTER TABLE "donations" ADD COLUMN "receipt_number" text;--> statement-breakpoint
ALTER TABLE "donations" ADD COLUMN "created_by_user_id" bigint;--> statement-breakpoint
ALTER TABLE "donations" ADD COLUMN "refunded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "donations" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "donors" ADD COLUMN "address" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "donors" ADD COLUMN "address2" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "donors" ADD COLUMN "city" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "donors" ADD COLUMN "state" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "donors" ADD COLUMN "postal_code" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "donors" ADD COLUMN "country" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "donors" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "campaign_amounts" ADD CONSTRAINT "campaign_amounts_npo_id_npos_id_fk" FOREIGN KEY ("npo_id") REFERENCES "public"."npos"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_amounts" ADD CONSTRAINT "campaign_amounts_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_designations" ADD CONSTRAINT "campaign_designations_npo_id_npos_id_fk" FOREIGN KEY ("npo_id") REFERENCES "public"."npos"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_designations" ADD CONSTRAINT "campaign_designations_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_questions" ADD CONSTRAINT "campaign_questions_npo_id_npos_id_fk" FOREIGN KEY ("npo_id") REFERENCES "public"."npos"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_questions" ADD CONSTRAINT "campaign_questions_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exchange_rates" ADD CONSTRAINT "exchange_rates_npo_id_npos_id_fk" FOREIGN KEY ("npo_id") REFERENCES "public"."npos"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_npo_id_npos_id_fk" FOREIGN KEY ("npo_id") REFERENCES "public"."npos"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_donation_id_donations_id_fk" FOREIGN KEY ("donation_id") REFERENCES "public"."donations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sandbox_payment_methods" ADD CONSTRAINT "sandbox_payment_methods_npo_id_npos_id_fk" FOREIGN KEY ("npo_id") REFERENCES "public"."npos"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sandbox_payments" ADD CONSTRAINT "sandbox_payments_npo_id_npos_id_fk" FOREIGN KEY ("npo_id") REFERENCES "public"."npos"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "campaign_amounts_campaign_idx" ON "campaign_amounts" USING btree ("campaign_id","position");--> statement-breakpoint
CREATE INDEX "campaign_designations_campaign_idx" ON "campaign_designations" USING btree ("campaign_id","position");--> statement-breakpoint
CREATE INDEX "campaign_questions_campaign_idx" ON "campaign_questions" USING btree ("campaign_id","position");--> statement-breakpoint
CREATE INDEX "exchange_rates_pair_idx" ON "exchange_rates" USING btree ("from_currency","to_currency","as_of");--> statement-breakpoint
CREATE INDEX "ledger_entries_npo_idx" ON "ledger_entries" USING btree ("npo_id","created_at");--> statement-breakpoint
CREATE INDEX "ledger_entries_donation_idx" ON "ledger_entries" USING btree ("donation_id");--> statement-breakpoint
CREATE INDEX "sandbox_payments_npo_idx" ON "sandbox_payments" USING btree ("npo_id","created_at");--> statement-breakpoint
ALTER TABLE "campaigns" ADD CONSTRAINT "campaigns_parent_campaign_id_campaigns_id_fk" FOREIGN KEY ("parent_campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaigns" ADD CONSTRAINT "campaigns_owner_user_id_users_id_fk" FOREIGN KEY ("owner_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "donations" ADD CONSTRAINT "donations_peer_campaign_id_campaigns_id_fk" FOREIGN KEY ("peer_campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "donations" ADD CONSTRAINT "donations_designation_id_campaign_designations_id_fk" FOREIGN KEY ("designation_id") REFERENCES "public"."campaign_designations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "donations" ADD CONSTRAINT "donations_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "campaigns_parent_idx" ON "campaigns" USING btree ("parent_campaign_id");--> statement-breakpoint
CREATE INDEX "donations_peer_campaign_idx" ON "donations" USING btree ("peer_campaign_id");--> statement-breakpoint
CREATE UNIQUE INDEX "donations_provider_reference_uq" ON "donations" USING btree ("provider","provider_reference");--> statement-breakpoint
CREATE UNIQUE INDEX "donations_npo_receipt_uq" ON "donations" USING btree ("npo_id","receipt_number");--> statement-breakpoint
CREATE INDEX "donations_campaign_idx" ON "donations" USING btree ("campaign_id","created_at");