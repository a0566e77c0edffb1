-- Payment methods per organisation and per campaign (null: every method / follow the organisation),
-- and exchange rates with their source, a manual period's end and the daily fetch's log.
ALTER TABLE "npos" ADD COLUMN "donation_methods" text[];--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "donation_methods" text[];--> statement-breakpoint
ALTER TABLE "exchange_rates" ADD COLUMN "source" text DEFAULT 'manual' NOT NULL;--> statement-breakpoint
UPDATE "exchange_rates" SET "source" = 'default' WHERE "npo_id" IS NULL;--> statement-breakpoint
ALTER TABLE "exchange_rates" ADD COLUMN "valid_to" date;--> statement-breakpoint
ALTER TABLE "exchange_rates" ADD COLUMN "created_by" bigint;--> statement-breakpoint
ALTER TABLE "exchange_rates" ADD CONSTRAINT "exchange_rates_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "exchange_rates_npo_idx" ON "exchange_rates" USING btree ("npo_id","from_currency","as_of");--> statement-breakpoint
CREATE TABLE "exchange_rate_fetches" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "exchange_rate_fetches_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"source_url" text NOT NULL,
	"status" text NOT NULL,
	"rates_date" date,
	"rates_count" integer DEFAULT 0 NOT NULL,
	"error" text,
	"fetched_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE INDEX "exchange_rate_fetches_fetched_idx" ON "exchange_rate_fetches" USING btree ("fetched_at");
