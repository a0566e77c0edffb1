DROP INDEX "donor_giving_npo_last_idx";--> statement-breakpoint
DROP INDEX "donor_giving_npo_total_idx";--> statement-breakpoint
CREATE INDEX "donor_giving_npo_first_idx" ON "donor_giving" USING btree ("npo_id","first_gift_at" DESC NULLS LAST,"donor_id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "donor_giving_npo_count_idx" ON "donor_giving" USING btree ("npo_id","gift_count" DESC NULLS LAST,"donor_id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "donor_giving_npo_last_idx" ON "donor_giving" USING btree ("npo_id","last_gift_at" DESC NULLS LAST,"donor_id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "donor_giving_npo_total_idx" ON "donor_giving" USING btree ("npo_id","lifetime_base_minor" DESC NULLS LAST,"donor_id" DESC NULLS LAST);