-- The console's announcements (docs/product/console.md#consolenotifications) and every refusal of a
-- failure limiter, for the console's security screen; both kept by the console and the platform.
CREATE TABLE "console_announcements" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "console_announcements_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"title" text NOT NULL,
	"message" text NOT NULL,
	"audience" text NOT NULL,
	"npo_ids" bigint[] DEFAULT '{}' NOT NULL,
	"organisations" integer DEFAULT 0 NOT NULL,
	"recipients" integer DEFAULT 0 NOT NULL,
	"emails_sent" integer DEFAULT 0 NOT NULL,
	"sent_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
ALTER TABLE "console_announcements" ADD CONSTRAINT "console_announcements_sent_by_users_id_fk" FOREIGN KEY ("sent_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "console_announcements_created_idx" ON "console_announcements" USING btree ("created_at");--> statement-breakpoint
CREATE TABLE "rate_limit_hits" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "rate_limit_hits_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"limiter" text NOT NULL,
	"key_digest" varchar(64) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE INDEX "rate_limit_hits_created_idx" ON "rate_limit_hits" USING btree ("created_at");
