CREATE TABLE "donor_giving" (
	"donor_id" bigint PRIMARY KEY NOT NULL,
	"npo_id" bigint NOT NULL,
	"gift_count" integer DEFAULT 0 NOT NULL,
	"lifetime_base_minor" bigint DEFAULT 0 NOT NULL,
	"first_gift_at" timestamp with time zone,
	"last_gift_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "donor_giving" ADD CONSTRAINT "donor_giving_donor_id_donors_id_fk" FOREIGN KEY ("donor_id") REFERENCES "public"."donors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "donor_giving" ADD CONSTRAINT "donor_giving_npo_id_npos_id_fk" FOREIGN KEY ("npo_id") REFERENCES "public"."npos"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "donor_giving_npo_last_idx" ON "donor_giving" USING btree ("npo_id","last_gift_at");--> statement-breakpoint
CREATE INDEX "donor_giving_npo_total_idx" ON "donor_giving" USING btree ("npo_id","lifetime_base_minor");