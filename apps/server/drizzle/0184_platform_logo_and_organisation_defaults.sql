-- The platform's logo and what a new organisation starts with (docs/product/console.md#consolesettings,
-- decision 083). The logo is an upload (/uploads/platform/…) like organisation logos.
ALTER TABLE "platform_settings" ADD COLUMN "logo_url" text;--> statement-breakpoint
ALTER TABLE "platform_settings" ADD COLUMN "default_base_currency" varchar(3) DEFAULT 'USD' NOT NULL;--> statement-breakpoint
ALTER TABLE "platform_settings" ADD COLUMN "default_time_zone" text DEFAULT 'UTC' NOT NULL;--> statement-breakpoint
ALTER TABLE "platform_settings" ADD COLUMN "default_locale" text DEFAULT 'en-US' NOT NULL;--> statement-breakpoint
ALTER TABLE "platform_settings" ADD COLUMN "default_fiscal_year_start_month" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "platform_settings" ADD COLUMN "default_receipt_footer" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "platform_settings" ADD CONSTRAINT "platform_settings_default_month" CHECK ("platform_settings"."default_fiscal_year_start_month" BETWEEN 1 AND 12);
