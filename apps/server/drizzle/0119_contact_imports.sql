-- Contacts import (docs/decisions/053-contacts-import-soft-credits.md): an uploaded CSV of contacts,
-- its column mapping, its checked rows and the job's counts.
CREATE TABLE "contact_imports" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "contact_imports_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"npo_id" bigint NOT NULL,
	"created_by_user_id" bigint,
	"file_name" text NOT NULL,
	"status" text DEFAULT 'uploaded' NOT NULL,
	"columns" text[] NOT NULL,
	"cells" jsonb NOT NULL,
	"mapping" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"on_match" text DEFAULT 'update' NOT NULL,
	"contacts" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"failures" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"processed_rows" integer DEFAULT 0 NOT NULL,
	"created_count" integer DEFAULT 0 NOT NULL,
	"updated_count" integer DEFAULT 0 NOT NULL,
	"skipped_count" integer DEFAULT 0 NOT NULL,
	"failed_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	"failure_message" text
);--> statement-breakpoint
ALTER TABLE "contact_imports" ADD CONSTRAINT "contact_imports_npo_id_npos_id_fk" FOREIGN KEY ("npo_id") REFERENCES "public"."npos"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_imports" ADD CONSTRAINT "contact_imports_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "contact_imports_npo_idx" ON "contact_imports" USING btree ("npo_id","created_at");
