-- Saved and scheduled reports (docs/product/reports.md#saved-reports, decision 100): a report of the
-- reports centre with its filters and columns, a schedule e-mailing it, and each due day's run, unique
-- per schedule and day so a retried job never sends it twice.
CREATE TABLE "saved_reports" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"npo_id" bigint NOT NULL,
	"owner_id" bigint,
	"name" text NOT NULL,
	"report" text NOT NULL,
	"view" text,
	"filters" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"columns" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"shared" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE TABLE "report_schedules" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"npo_id" bigint NOT NULL,
	"saved_report_id" bigint NOT NULL,
	"cadence" text NOT NULL,
	"weekday" smallint,
	"day_of_month" smallint,
	"format" text NOT NULL,
	"recipient_ids" bigint[] NOT NULL,
	"created_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "report_schedules_cadence_ck" CHECK ("report_schedules"."cadence" IN ('weekly', 'monthly', 'after_month_end')),
	CONSTRAINT "report_schedules_format_ck" CHECK ("report_schedules"."format" IN ('csv', 'xlsx', 'pdf'))
);--> statement-breakpoint
CREATE TABLE "report_schedule_runs" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"npo_id" bigint NOT NULL,
	"schedule_id" bigint NOT NULL,
	"period" text NOT NULL,
	"status" text NOT NULL,
	"sent_to" text[] DEFAULT '{}'::text[] NOT NULL,
	"skipped" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "report_schedule_runs_status_ck" CHECK ("report_schedule_runs"."status" IN ('sent', 'skipped'))
);--> statement-breakpoint
ALTER TABLE "saved_reports" ADD CONSTRAINT "saved_reports_npo_id_npos_id_fk" FOREIGN KEY ("npo_id") REFERENCES "public"."npos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_reports" ADD CONSTRAINT "saved_reports_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_schedules" ADD CONSTRAINT "report_schedules_npo_id_npos_id_fk" FOREIGN KEY ("npo_id") REFERENCES "public"."npos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_schedules" ADD CONSTRAINT "report_schedules_saved_report_id_saved_reports_id_fk" FOREIGN KEY ("saved_report_id") REFERENCES "public"."saved_reports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_schedules" ADD CONSTRAINT "report_schedules_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_schedule_runs" ADD CONSTRAINT "report_schedule_runs_npo_id_npos_id_fk" FOREIGN KEY ("npo_id") REFERENCES "public"."npos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_schedule_runs" ADD CONSTRAINT "report_schedule_runs_schedule_id_report_schedules_id_fk" FOREIGN KEY ("schedule_id") REFERENCES "public"."report_schedules"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "saved_reports_npo_idx" ON "saved_reports" USING btree ("npo_id", "name");--> statement-breakpoint
CREATE UNIQUE INDEX "report_schedules_report_uq" ON "report_schedules" USING btree ("saved_report_id");--> statement-breakpoint
CREATE INDEX "report_schedules_npo_idx" ON "report_schedules" USING btree ("npo_id");--> statement-breakpoint
CREATE UNIQUE INDEX "report_schedule_runs_period_uq" ON "report_schedule_runs" USING btree ("schedule_id", "period");
