CREATE TABLE "fundraiser_requests" (
	"id" text PRIMARY KEY NOT NULL,
	"npo_id" bigint NOT NULL,
	"campaign_id" bigint NOT NULL,
	"email" text NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "fundraiser_requests" ADD CONSTRAINT "fundraiser_requests_npo_id_npos_id_fk" FOREIGN KEY ("npo_id") REFERENCES "public"."npos"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fundraiser_requests" ADD CONSTRAINT "fundraiser_requests_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "fundraiser_requests_campaign_idx" ON "fundraiser_requests" USING btree ("campaign_id");