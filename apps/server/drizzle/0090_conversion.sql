CREATE TABLE "campaign_funnel_days" (
	"campaign_id" bigint NOT NULL,
	"day" date NOT NULL,
	"npo_id" bigint NOT NULL,
	"views" integer DEFAULT 0 NOT NULL,
	"step1" integer DEFAULT 0 NOT NULL,
	"payment" integer DEFAULT 0 NOT NULL,
	"upsell_offered" integer DEFAULT 0 NOT NULL,
	"upsell_accepted" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "campaign_funnel_days_campaign_id_day_pk" PRIMARY KEY("campaign_id","day")
);
--> statement-breakpoint
CREATE TABLE "donation_reminders" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "donation_reminders_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"npo_id" bigint NOT NULL,
	"campaign_id" bigint NOT NULL,
	"email" text NOT NULL,
	"first_name" text DEFAULT '' NOT NULL,
	"token" text NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"sent_at" timestamp with time zone,
	"unsubscribed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "donation_reminders_token_unique" UNIQUE("token")
);
--> statement-breakpoint
CREATE TABLE "checkout_starts" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "checkout_starts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"npo_id" bigint NOT NULL,
	"campaign_id" bigint NOT NULL,
	"email" text NOT NULL,
	"first_name" text DEFAULT '' NOT NULL,
	"last_name" text DEFAULT '' NOT NULL,
	"amount_minor" bigint NOT NULL,
	"currency" varchar(3) NOT NULL,
	"interval" text DEFAULT 'once' NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "campaign_funnel_days" ADD CONSTRAINT "campaign_funnel_days_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_funnel_days" ADD CONSTRAINT "campaign_funnel_days_npo_id_npos_id_fk" FOREIGN KEY ("npo_id") REFERENCES "public"."npos"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "donation_reminders" ADD CONSTRAINT "donation_reminders_npo_id_npos_id_fk" FOREIGN KEY ("npo_id") REFERENCES "public"."npos"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "donation_reminders" ADD CONSTRAINT "donation_reminders_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checkout_starts" ADD CONSTRAINT "checkout_starts_npo_id_npos_id_fk" FOREIGN KEY ("npo_id") REFERENCES "public"."npos"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checkout_starts" ADD CONSTRAINT "checkout_starts_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "donation_reminders_due_idx" ON "donation_reminders" USING btree ("due_at") WHERE "donation_reminders"."sent_at" IS NULL AND "donation_reminders"."unsubscribed_at" IS NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "donation_reminders_pending_uq" ON "donation_reminders" USING btree ("campaign_id","email") WHERE "donation_reminders"."sent_at" IS NULL AND "donation_reminders"."unsubscribed_at" IS NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "checkout_starts_campaign_email_uq" ON "checkout_starts" USING btree ("campaign_id","email");--> statement-breakpoint
CREATE INDEX "checkout_starts_campaign_started_idx" ON "checkout_starts" USING btree ("campaign_id","started_at");
