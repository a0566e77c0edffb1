-- Year-end statements in bulk (docs/product/reports.md#year-end-statements): a run per request, and one
-- row per donor and statement period written in the same transaction as the donor's e-mail in the mail
-- outbox; its unique index is what makes a second run (or a retried job) send nobody twice.
CREATE TABLE "statement_runs" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"npo_id" bigint NOT NULL,
	"year" integer NOT NULL,
	"start_month" smallint NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"to_send" integer DEFAULT 0 NOT NULL,
	"sent" integer DEFAULT 0 NOT NULL,
	"already_sent" integer DEFAULT 0 NOT NULL,
	"without_email" integer DEFAULT 0 NOT NULL,
	"started_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "statement_runs_status_ck" CHECK ("status" IN ('queued', 'sending', 'done'))
);--> statement-breakpoint
ALTER TABLE "statement_runs" ADD CONSTRAINT "statement_runs_npo_id_npos_id_fk" FOREIGN KEY ("npo_id") REFERENCES "public"."npos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "statement_runs" ADD CONSTRAINT "statement_runs_started_by_users_id_fk" FOREIGN KEY ("started_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "statement_runs_npo_idx" ON "statement_runs" USING btree ("npo_id", "created_at");--> statement-breakpoint
CREATE TABLE "statement_sends" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"npo_id" bigint NOT NULL,
	"donor_id" bigint NOT NULL,
	"year" integer NOT NULL,
	"start_month" smallint NOT NULL,
	"run_id" bigint NOT NULL,
	"email" text NOT NULL,
	"gift_count" integer NOT NULL,
	"total_base_minor" bigint NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
ALTER TABLE "statement_sends" ADD CONSTRAINT "statement_sends_npo_id_npos_id_fk" FOREIGN KEY ("npo_id") REFERENCES "public"."npos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "statement_sends" ADD CONSTRAINT "statement_sends_donor_id_donors_id_fk" FOREIGN KEY ("donor_id") REFERENCES "public"."donors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "statement_sends" ADD CONSTRAINT "statement_sends_run_id_statement_runs_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."statement_runs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "statement_sends_donor_period_uq" ON "statement_sends" USING btree ("npo_id", "year", "start_month", "donor_id");--> statement-breakpoint
CREATE INDEX "statement_sends_run_idx" ON "statement_sends" USING btree ("run_id", "id");
--> statement-breakpoint
CREATE UNIQUE INDEX "statement_runs_one_open_uq" ON "statement_runs" USING btree ("npo_id", "year", "start_month") WHERE "status" <> 'done';
