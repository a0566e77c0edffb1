-- The console's daily roll-up (docs/decisions/054-console-transactions-and-roll-up.md): each
-- organisation's money per closed UTC day and base currency, filled by an idempotent scheduled job;
-- platform_settings.figures_through is the last day it closed. The index and figures add today's
-- (and any not yet closed day's) live ledger rows to it.
CREATE TABLE "console_daily_figures" (
	"npo_id" bigint NOT NULL,
	"day" date NOT NULL,
	"currency" varchar(3) NOT NULL,
	"donations" integer DEFAULT 0 NOT NULL,
	"gross_minor" bigint DEFAULT 0 NOT NULL,
	"refunds_minor" bigint DEFAULT 0 NOT NULL,
	"fees_minor" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "console_daily_figures_pk" PRIMARY KEY ("npo_id", "day", "currency")
);--> statement-breakpoint
ALTER TABLE "console_daily_figures" ADD CONSTRAINT "console_daily_figures_npo_id_npos_id_fk" FOREIGN KEY ("npo_id") REFERENCES "public"."npos"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "console_daily_figures_day_idx" ON "console_daily_figures" USING btree ("day");--> statement-breakpoint
ALTER TABLE "platform_settings" ADD COLUMN "figures_through" date;
