-- The platform console (docs/decisions/046-platform-console.md): an organisation's status, verified
-- badge and own platform fee; a locked account; the installation's settings in one row.
ALTER TABLE "npos" ADD COLUMN "status" text DEFAULT 'active' NOT NULL;--> statement-breakpoint
ALTER TABLE "npos" ADD COLUMN "status_reason" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "npos" ADD COLUMN "verified_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "npos" ADD COLUMN "platform_fee_bps" integer;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "locked_at" timestamp with time zone;--> statement-breakpoint
CREATE TABLE "platform_settings" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"name" text DEFAULT 'Kindling' NOT NULL,
	"default_platform_fee_bps" integer DEFAULT 0 NOT NULL,
	"self_service_sign_up" boolean DEFAULT true NOT NULL,
	"maintenance_banner" text DEFAULT '' NOT NULL,
	"reporting_currency" varchar(3) DEFAULT 'USD' NOT NULL,
	"updated_by" bigint,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "platform_settings_one_row" CHECK ("platform_settings"."id" = 1)
);--> statement-breakpoint
ALTER TABLE "platform_settings" ADD CONSTRAINT "platform_settings_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
INSERT INTO "platform_settings" ("id") VALUES (1);
