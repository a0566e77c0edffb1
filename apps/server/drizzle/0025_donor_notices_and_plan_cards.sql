CREATE TABLE "email_notices" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "email_notices_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"npo_id" bigint NOT NULL,
	"kind" text NOT NULL,
	"notice_key" text NOT NULL,
	"donor_id" bigint NOT NULL,
	"sent_at" timestamp with time zone,
	"skipped_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "recurring_plans" ADD COLUMN "card_brand" text;--> statement-breakpoint
ALTER TABLE "recurring_plans" ADD COLUMN "card_last4" varchar(4);--> statement-breakpoint
ALTER TABLE "recurring_plans" ADD COLUMN "card_exp_month" integer;--> statement-breakpoint
ALTER TABLE "recurring_plans" ADD COLUMN "card_exp_year" integer;--> statement-breakpoint
ALTER TABLE "email_notices" ADD CONSTRAINT "email_notices_npo_id_npos_id_fk" FOREIGN KEY ("npo_id") REFERENCES "public"."npos"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_notices" ADD CONSTRAINT "email_notices_donor_id_donors_id_fk" FOREIGN KEY ("donor_id") REFERENCES "public"."donors"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "email_notices_key_uq" ON "email_notices" USING btree ("npo_id","kind","notice_key");--> statement-breakpoint
CREATE INDEX "email_notices_donor_idx" ON "email_notices" USING btree ("npo_id","donor_id");--> statement-breakpoint
CREATE INDEX "email_notices_unsent_idx" ON "email_notices" USING btree ("created_at") WHERE "email_notices"."sent_at" IS NULL AND "email_notices"."skipped_reason" IS NULL;