CREATE TABLE "donor_merges" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "donor_merges_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"npo_id" bigint NOT NULL,
	"merged_donor_id" bigint NOT NULL,
	"merged_email" text NOT NULL,
	"kept_donor_id" bigint NOT NULL,
	"merged_by_user_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "donor_merges" ADD CONSTRAINT "donor_merges_npo_id_npos_id_fk" FOREIGN KEY ("npo_id") REFERENCES "public"."npos"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "donor_merges" ADD CONSTRAINT "donor_merges_kept_donor_id_donors_id_fk" FOREIGN KEY ("kept_donor_id") REFERENCES "public"."donors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "donor_merges" ADD CONSTRAINT "donor_merges_merged_by_user_id_users_id_fk" FOREIGN KEY ("merged_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "donor_merges_merged_uq" ON "donor_merges" USING btree ("merged_donor_id");--> statement-breakpoint
CREATE INDEX "donor_merges_email_idx" ON "donor_merges" USING btree ("npo_id",lower("merged_email"));--> statement-breakpoint
CREATE INDEX "donor_merges_kept_idx" ON "donor_merges" USING btree ("kept_donor_id");