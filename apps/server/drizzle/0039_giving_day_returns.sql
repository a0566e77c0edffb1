CREATE TABLE "giving_day_returns" (
	"npo_id" bigint NOT NULL,
	"day" date NOT NULL,
	"firsts" integer DEFAULT 0 NOT NULL,
	"prev_gaps" smallint[] NOT NULL,
	"first_gaps" smallint[] NOT NULL,
	CONSTRAINT "giving_day_returns_npo_id_day_pk" PRIMARY KEY("npo_id","day")
);
--> statement-breakpoint
ALTER TABLE "giving_day_returns" ADD CONSTRAINT "giving_day_returns_npo_id_npos_id_fk" FOREIGN KEY ("npo_id") REFERENCES "public"."npos"("id") ON DELETE no action ON UPDATE no action;