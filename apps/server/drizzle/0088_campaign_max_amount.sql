-- A campaign's own largest gift, in minor units of its default currency (decision 035); null: only
-- the payment providers' limits apply.
ALTER TABLE "campaigns" ADD COLUMN "max_amount_minor" bigint;--> statement-breakpoint
ALTER TABLE "campaigns" ADD CONSTRAINT "campaigns_max_amount_positive" CHECK ("max_amount_minor" IS NULL OR "max_amount_minor" > 0);
