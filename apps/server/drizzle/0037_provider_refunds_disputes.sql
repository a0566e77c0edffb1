CREATE TABLE "donation_disputes" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "donation_disputes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"npo_id" bigint NOT NULL,
	"donation_id" bigint NOT NULL,
	"provider" text NOT NULL,
	"provider_dispute_id" text NOT NULL,
	"amount_minor" bigint NOT NULL,
	"currency" varchar(3) NOT NULL,
	"reason" text,
	"status" text DEFAULT 'open' NOT NULL,
	"opened_at" timestamp with time zone DEFAULT now() NOT NULL,
	"closed_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "donation_disputes" ADD CONSTRAINT "donation_disputes_npo_id_npos_id_fk" FOREIGN KEY ("npo_id") REFERENCES "public"."npos"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "donation_disputes" ADD CONSTRAINT "donation_disputes_donation_id_donations_id_fk" FOREIGN KEY ("donation_id") REFERENCES "public"."donations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "donation_disputes_provider_uq" ON "donation_disputes" USING btree ("donation_id","provider_dispute_id");--> statement-breakpoint
CREATE INDEX "donation_disputes_npo_idx" ON "donation_disputes" USING btree ("npo_id","opened_at");--> statement-breakpoint
CREATE UNIQUE INDEX "donation_refunds_provider_refund_uq" ON "donation_refunds" USING btree ("donation_id","provider_refund_id");