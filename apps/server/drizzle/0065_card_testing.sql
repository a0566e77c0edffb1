CREATE TABLE "card_testing_bursts" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "card_testing_bursts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"npo_id" bigint NOT NULL,
	"campaign_id" bigint,
	"scope" text NOT NULL,
	"subject_digest" varchar(64) NOT NULL,
	"gate_digest" varchar(64),
	"source" text NOT NULL,
	"declines" integer NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_decline_at" timestamp with time zone DEFAULT now() NOT NULL,
	"challenge_until" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "card_testing_solutions" (
	"digest" varchar(64) PRIMARY KEY NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "card_testing_bursts" ADD CONSTRAINT "card_testing_bursts_npo_id_npos_id_fk" FOREIGN KEY ("npo_id") REFERENCES "public"."npos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_testing_bursts" ADD CONSTRAINT "card_testing_bursts_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "card_testing_bursts_gate_idx" ON "card_testing_bursts" USING btree ("gate_digest","challenge_until");--> statement-breakpoint
CREATE INDEX "card_testing_bursts_subject_idx" ON "card_testing_bursts" USING btree ("subject_digest","challenge_until");--> statement-breakpoint
CREATE INDEX "card_testing_bursts_npo_idx" ON "card_testing_bursts" USING btree ("npo_id","last_decline_at");