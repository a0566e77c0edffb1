-- Soft credits (docs/product/crm.md#soft-credits-and-tributes): a gift credited to contacts besides its
-- donor (a spouse, a company's match). One row per gift and contact; never added into donor_giving.
CREATE TABLE "donation_soft_credits" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "donation_soft_credits_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"npo_id" bigint NOT NULL,
	"donation_id" bigint NOT NULL,
	"donor_id" bigint NOT NULL,
	"kind" text DEFAULT 'soft_credit' NOT NULL,
	"created_by_user_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "donation_soft_credits_kind_ck" CHECK ("donation_soft_credits"."kind" IN ('soft_credit', 'matching_gift'))
);--> statement-breakpoint
ALTER TABLE "donation_soft_credits" ADD CONSTRAINT "donation_soft_credits_npo_id_npos_id_fk" FOREIGN KEY ("npo_id") REFERENCES "public"."npos"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "donation_soft_credits" ADD CONSTRAINT "donation_soft_credits_donation_id_donations_id_fk" FOREIGN KEY ("donation_id") REFERENCES "public"."donations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "donation_soft_credits" ADD CONSTRAINT "donation_soft_credits_donor_id_donors_id_fk" FOREIGN KEY ("donor_id") REFERENCES "public"."donors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "donation_soft_credits" ADD CONSTRAINT "donation_soft_credits_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "donation_soft_credits_gift_contact_uq" ON "donation_soft_credits" USING btree ("donation_id","donor_id");--> statement-breakpoint
CREATE INDEX "donation_soft_credits_donor_idx" ON "donation_soft_credits" USING btree ("donor_id");
