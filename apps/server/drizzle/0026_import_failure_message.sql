CREATE TABLE "giving_days" (
	"npo_id" bigint NOT NULL,
	"day" date NOT NULL,
	"kind" text NOT NULL,
	"recurring" boolean DEFAULT false NOT NULL,
	"campaign_id" bigint,
	"method" text DEFAULT '' NOT NULL,
	"amount" bigint DEFAULT 0 NOT NULL,
	"status" text DEFAULT '' NOT NULL,
	"currency" text DEFAULT '' NOT NULL,
	"donations" integer DEFAULT 0 NOT NULL,
	"gifts" integer DEFAULT 0 NOT NULL,
	"gross" bigint DEFAULT 0 NOT NULL,
	"net" bigint DEFAULT 0 NOT NULL,
	"gift_net" bigint DEFAULT 0 NOT NULL,
	"amount_minor" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "giving_days_key_uq" UNIQUE NULLS NOT DISTINCT("npo_id","kind","day","recurring","campaign_id","method","amount","status","currency")
);
--> statement-breakpoint
CREATE TABLE "giving_days_closed" (
	"npo_id" bigint PRIMARY KEY NOT NULL,
	"through" date NOT NULL
);
--> statement-breakpoint
ALTER TABLE "donor_giving" ADD COLUMN "recurring_gift_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "donation_imports" ADD COLUMN "failure_message" text;--> statement-breakpoint
ALTER TABLE "giving_days" ADD CONSTRAINT "giving_days_npo_id_npos_id_fk" FOREIGN KEY ("npo_id") REFERENCES "public"."npos"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "giving_days_closed" ADD CONSTRAINT "giving_days_closed_npo_id_npos_id_fk" FOREIGN KEY ("npo_id") REFERENCES "public"."npos"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "donor_giving_npo_recurring_idx" ON "donor_giving" USING btree ("npo_id") WHERE "donor_giving"."recurring_gift_count" > 0;