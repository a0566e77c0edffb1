-- All-or-nothing pledges (docs/decisions/065-all-or-nothing-settlement.md): a backer's saved card and the
-- amount they pledged, charged only when the deadline passes with the goal met. The campaign keeps the
-- settlement's outcome, decided once.
ALTER TABLE "crowdfunding_campaigns" ADD COLUMN "settlement" text;--> statement-breakpoint
ALTER TABLE "crowdfunding_campaigns" ADD COLUMN "settled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "crowdfunding_campaigns" ADD CONSTRAINT "crowdfunding_campaigns_settlement_ck" CHECK ("crowdfunding_campaigns"."settlement" IS NULL OR "crowdfunding_campaigns"."settlement" IN ('met', 'missed'));--> statement-breakpoint
CREATE TABLE "crowdfunding_pledges" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "crowdfunding_pledges_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"campaign_id" bigint NOT NULL,
	"npo_id" bigint NOT NULL,
	"reference" text NOT NULL,
	"provider" text NOT NULL,
	"account_id" text,
	"setup_id" text NOT NULL,
	"payment_method_id" text,
	"customer_id" text,
	"amount_minor" bigint NOT NULL,
	"currency" text NOT NULL,
	"email" text NOT NULL,
	"first_name" text DEFAULT '' NOT NULL,
	"last_name" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'saving' NOT NULL,
	"charging_since" timestamp with time zone,
	"donation_id" bigint,
	"failure_message" text,
	"notified_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "crowdfunding_pledges_amount_ck" CHECK ("crowdfunding_pledges"."amount_minor" > 0),
	CONSTRAINT "crowdfunding_pledges_status_ck" CHECK ("crowdfunding_pledges"."status" IN ('saving', 'pledged', 'charging', 'charged', 'failed', 'released'))
);--> statement-breakpoint
ALTER TABLE "crowdfunding_pledges" ADD CONSTRAINT "crowdfunding_pledges_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crowdfunding_pledges" ADD CONSTRAINT "crowdfunding_pledges_npo_id_npos_id_fk" FOREIGN KEY ("npo_id") REFERENCES "public"."npos"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crowdfunding_pledges" ADD CONSTRAINT "crowdfunding_pledges_donation_id_donations_id_fk" FOREIGN KEY ("donation_id") REFERENCES "public"."donations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "crowdfunding_pledges_reference_uq" ON "crowdfunding_pledges" USING btree ("reference");--> statement-breakpoint
CREATE UNIQUE INDEX "crowdfunding_pledges_setup_uq" ON "crowdfunding_pledges" USING btree ("provider","setup_id");--> statement-breakpoint
CREATE INDEX "crowdfunding_pledges_campaign_idx" ON "crowdfunding_pledges" USING btree ("campaign_id","status");
