CREATE TABLE "email_unsubscribe_links" (
	"token" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"npo_id" bigint NOT NULL,
	"donor_id" bigint NOT NULL,
	"subject" text NOT NULL,
	"source" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"unsubscribed_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "email_unsubscribe_links" ADD CONSTRAINT "email_unsubscribe_links_npo_id_npos_id_fk" FOREIGN KEY ("npo_id") REFERENCES "public"."npos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_unsubscribe_links" ADD CONSTRAINT "email_unsubscribe_links_donor_id_donors_id_fk" FOREIGN KEY ("donor_id") REFERENCES "public"."donors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "email_unsubscribe_links_donor_idx" ON "email_unsubscribe_links" USING btree ("donor_id");
