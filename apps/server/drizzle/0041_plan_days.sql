CREATE TABLE "plan_days" (
	"npo_id" bigint NOT NULL,
	"day" date NOT NULL,
	"kind" text NOT NULL,
	"status" text NOT NULL,
	"runs" boolean NOT NULL,
	"exhausted" boolean NOT NULL,
	"plans" integer NOT NULL,
	"monthly_base" numeric NOT NULL,
	CONSTRAINT "plan_days_key_uq" UNIQUE("npo_id","kind","day","status","runs","exhausted")
);
--> statement-breakpoint
ALTER TABLE "plan_days" ADD CONSTRAINT "plan_days_npo_id_npos_id_fk" FOREIGN KEY ("npo_id") REFERENCES "public"."npos"("id") ON DELETE no action ON UPDATE no action;