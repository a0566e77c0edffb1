-- Crowdfunding (docs/decisions/071-crowdfunding-pledge-rewards-and-image-variants.md): a reward chosen with an
-- all-or-nothing pledge is held and claimed by that pledge; uploaded gallery images keep the widths of their
-- resized WebP variants.
ALTER TABLE "crowdfunding_reward_claims" ADD COLUMN "pledge_id" bigint;--> statement-breakpoint
ALTER TABLE "crowdfunding_reward_claims" ADD CONSTRAINT "crowdfunding_reward_claims_pledge_id_crowdfunding_pledges_id_fk" FOREIGN KEY ("pledge_id") REFERENCES "public"."crowdfunding_pledges"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "crowdfunding_reward_claims_pledge_uq" ON "crowdfunding_reward_claims" USING btree ("pledge_id");--> statement-breakpoint
CREATE TABLE "crowdfunding_image_variants" (
	"url" text PRIMARY KEY NOT NULL,
	"npo_id" bigint NOT NULL,
	"widths" integer[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
ALTER TABLE "crowdfunding_image_variants" ADD CONSTRAINT "crowdfunding_image_variants_npo_id_npos_id_fk" FOREIGN KEY ("npo_id") REFERENCES "public"."npos"("id") ON DELETE no action ON UPDATE no action;
