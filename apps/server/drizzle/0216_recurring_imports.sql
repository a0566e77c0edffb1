-- Recurring imports (docs/product/imports.md#recurring-imports, decision 101): a plan moved from
-- another platform has no first gift in Kindling, and carries the key of the row it came from so
-- importing the same file again creates no second plan.
ALTER TABLE "recurring_plans" ALTER COLUMN "first_donation_id" DROP NOT NULL;
--> statement-breakpoint
ALTER TABLE "recurring_plans" ADD COLUMN "import_key" text;
--> statement-breakpoint
CREATE UNIQUE INDEX "recurring_plans_import_key_uq" ON "recurring_plans" USING btree ("npo_id","import_key") WHERE "import_key" IS NOT NULL;
--> statement-breakpoint
CREATE TABLE "recurring_imports" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "recurring_imports_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"npo_id" bigint NOT NULL,
	"created_by_user_id" bigint,
	"file_name" text NOT NULL,
	"status" text DEFAULT 'previewed' NOT NULL,
	"total_rows" integer NOT NULL,
	"rows" jsonb NOT NULL,
	"failures" jsonb NOT NULL,
	"results" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"processed_rows" integer DEFAULT 0 NOT NULL,
	"imported_count" integer DEFAULT 0 NOT NULL,
	"skipped_count" integer DEFAULT 0 NOT NULL,
	"failed_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	"failure_message" text,
	CONSTRAINT "recurring_imports_status_check" CHECK ("recurring_imports"."status" IN ('previewed', 'queued', 'running', 'finished', 'failed'))
);
--> statement-breakpoint
ALTER TABLE "recurring_imports" ADD CONSTRAINT "recurring_imports_npo_id_npos_id_fk" FOREIGN KEY ("npo_id") REFERENCES "public"."npos"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "recurring_imports" ADD CONSTRAINT "recurring_imports_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "recurring_imports_npo_idx" ON "recurring_imports" USING btree ("npo_id","created_at");
