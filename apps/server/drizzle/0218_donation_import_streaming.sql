-- Donations import at migration size (docs/decisions/102-streaming-donation-import.md): the upload
-- is kept in chunks while it is checked, every checked row is a row of its own (no longer one
-- jsonb array on the import), and the job's progress is a cursor committed with each batch.
ALTER TABLE "donation_imports" ADD COLUMN "valid_rows" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "donation_imports" ADD COLUMN "checked_rows" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "donation_imports" ADD COLUMN "file_bytes" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "donation_imports" ADD COLUMN "checked_bytes" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "donation_imports" ADD COLUMN "recorded_through" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE TABLE "donation_import_chunks" (
	"import_id" bigint NOT NULL REFERENCES "donation_imports"("id") ON DELETE CASCADE,
	"seq" integer NOT NULL,
	"npo_id" bigint NOT NULL REFERENCES "npos"("id"),
	"content" bytea NOT NULL,
	PRIMARY KEY ("import_id", "seq")
);--> statement-breakpoint
CREATE TABLE "donation_import_rows" (
	"import_id" bigint NOT NULL REFERENCES "donation_imports"("id") ON DELETE CASCADE,
	"file_row" integer NOT NULL,
	"npo_id" bigint NOT NULL REFERENCES "npos"("id"),
	"date" text,
	"first_name" text,
	"last_name" text,
	"email" text,
	"amount_minor" bigint,
	"currency" varchar(3),
	"campaign_id" bigint,
	"payment_method" text,
	"reference" text,
	"reason" text,
	PRIMARY KEY ("import_id", "file_row")
);--> statement-breakpoint
INSERT INTO "donation_import_rows" ("import_id", "file_row", "npo_id", "date", "first_name", "last_name", "email",
	"amount_minor", "currency", "campaign_id", "payment_method", "reference")
SELECT i.id, (g->>'row')::int, i.npo_id, g->>'date', g->>'first_name', g->>'last_name', g->>'email',
	(g->>'amount_minor')::bigint, g->>'currency', (g->>'campaign_id')::bigint, g->>'payment_method', g->>'reference'
FROM "donation_imports" i, jsonb_array_elements(i.gifts) g;--> statement-breakpoint
INSERT INTO "donation_import_rows" ("import_id", "file_row", "npo_id", "reason")
SELECT i.id, (f->>'row')::int, i.npo_id, f->>'reason'
FROM "donation_imports" i, jsonb_array_elements(i.failures) f
ON CONFLICT ("import_id", "file_row") DO UPDATE SET "reason" = EXCLUDED."reason";--> statement-breakpoint
UPDATE "donation_imports" SET "valid_rows" = jsonb_array_length("gifts"), "checked_rows" = "total_rows",
	"recorded_through" = CASE WHEN "status" = 'finished' THEN "total_rows" + 1 ELSE 0 END;--> statement-breakpoint
ALTER TABLE "donation_imports" DROP COLUMN "gifts";--> statement-breakpoint
ALTER TABLE "donation_imports" DROP COLUMN "failures";
