CREATE TABLE "insight_results" (
	"npo_id" bigint NOT NULL,
	"time_range" text NOT NULL,
	"currency" text NOT NULL,
	"insights" jsonb NOT NULL,
	"churn_model" jsonb,
	"computed_at" timestamp with time zone,
	"requested_at" timestamp with time zone,
	CONSTRAINT "insight_results_npo_id_time_range_pk" PRIMARY KEY("npo_id","time_range")
);
--> statement-breakpoint
ALTER TABLE "insight_results" ADD CONSTRAINT "insight_results_npo_id_npos_id_fk" FOREIGN KEY ("npo_id") REFERENCES "public"."npos"("id") ON DELETE cascade ON UPDATE no action;
