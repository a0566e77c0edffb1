-- The reconciliation report (docs/product/reports.md#reconciliation, decision 104): payouts a
-- provider reports (Stripe's payouts of the connected account; the sandbox's demo payouts) and the
-- balance transactions each one paid out, fetched by a job and upserted by the provider's ids, so a
-- second fetch never stores a payout or a line twice. `reconciliation_fetches` says when each
-- provider was last asked, and whether a fetch is waiting or failed.
CREATE TABLE "provider_payouts" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"npo_id" bigint NOT NULL,
	"provider" text NOT NULL,
	"payout_id" text NOT NULL,
	"arrival_date" date NOT NULL,
	"status" text NOT NULL,
	"amount_minor" bigint NOT NULL,
	"currency" varchar(3) NOT NULL,
	"fetched_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "provider_payout_lines" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"npo_id" bigint NOT NULL,
	"payout_row_id" bigint NOT NULL,
	"provider" text NOT NULL,
	"transaction_id" text NOT NULL,
	"kind" text NOT NULL,
	"provider_type" text NOT NULL,
	"source_id" text,
	"payment_reference" text,
	"description" text,
	"occurred_at" timestamp with time zone NOT NULL,
	"gross_minor" bigint NOT NULL,
	"fee_minor" bigint NOT NULL,
	"net_minor" bigint NOT NULL,
	"currency" varchar(3) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reconciliation_fetches" (
	"npo_id" bigint NOT NULL,
	"provider" text NOT NULL,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL,
	"fetched_at" timestamp with time zone,
	"error" text,
	CONSTRAINT "reconciliation_fetches_npo_id_provider_pk" PRIMARY KEY("npo_id","provider")
);
--> statement-breakpoint
ALTER TABLE "provider_payouts" ADD CONSTRAINT "provider_payouts_npo_id_npos_id_fk" FOREIGN KEY ("npo_id") REFERENCES "public"."npos"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "provider_payout_lines" ADD CONSTRAINT "provider_payout_lines_npo_id_npos_id_fk" FOREIGN KEY ("npo_id") REFERENCES "public"."npos"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "provider_payout_lines" ADD CONSTRAINT "provider_payout_lines_payout_row_id_provider_payouts_id_fk" FOREIGN KEY ("payout_row_id") REFERENCES "public"."provider_payouts"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "reconciliation_fetches" ADD CONSTRAINT "reconciliation_fetches_npo_id_npos_id_fk" FOREIGN KEY ("npo_id") REFERENCES "public"."npos"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE UNIQUE INDEX "provider_payouts_key_uq" ON "provider_payouts" USING btree ("npo_id","provider","payout_id");
--> statement-breakpoint
CREATE INDEX "provider_payouts_arrival_idx" ON "provider_payouts" USING btree ("npo_id","arrival_date");
--> statement-breakpoint
CREATE UNIQUE INDEX "provider_payout_lines_key_uq" ON "provider_payout_lines" USING btree ("npo_id","provider","transaction_id");
--> statement-breakpoint
CREATE INDEX "provider_payout_lines_payout_idx" ON "provider_payout_lines" USING btree ("payout_row_id");
