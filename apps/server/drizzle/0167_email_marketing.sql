-- E-mail marketing (docs/decisions/075-email-marketing-sends.md): campaign e-mails, one row per
-- recipient (unique per e-mail and contact), the organisation's suppressed addresses and settings.
CREATE TABLE "marketing_settings" (
	"npo_id" bigint PRIMARY KEY NOT NULL,
	"track_opens" boolean DEFAULT true NOT NULL,
	"track_clicks" boolean DEFAULT true NOT NULL,
	"throttle_per_minute" integer DEFAULT 600 NOT NULL,
	"attribution_days" integer DEFAULT 30 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
ALTER TABLE "marketing_settings" ADD CONSTRAINT "marketing_settings_npo_id_npos_id_fk" FOREIGN KEY ("npo_id") REFERENCES "public"."npos"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE TABLE "marketing_emails" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "marketing_emails_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"npo_id" bigint NOT NULL,
	"name" text NOT NULL,
	"subject" text NOT NULL,
	"preheader" text DEFAULT '' NOT NULL,
	"from_name" text NOT NULL,
	"reply_to" text DEFAULT '' NOT NULL,
	"html" text NOT NULL,
	"text" text NOT NULL,
	"segment_id" bigint,
	"segment_name" text,
	"links" text[] DEFAULT '{}' NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"scheduled_at" timestamp with time zone,
	"sent_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"sender_token" uuid,
	"lease_until" timestamp with time zone,
	"created_by_user_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "marketing_emails_status_check" CHECK ("marketing_emails"."status" IN ('draft', 'scheduled', 'sending', 'sent', 'cancelled'))
);--> statement-breakpoint
ALTER TABLE "marketing_emails" ADD CONSTRAINT "marketing_emails_npo_id_npos_id_fk" FOREIGN KEY ("npo_id") REFERENCES "public"."npos"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "marketing_emails" ADD CONSTRAINT "marketing_emails_segment_id_segments_id_fk" FOREIGN KEY ("segment_id") REFERENCES "public"."segments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "marketing_emails" ADD CONSTRAINT "marketing_emails_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "marketing_emails_npo_idx" ON "marketing_emails" USING btree ("npo_id","created_at" DESC);--> statement-breakpoint
CREATE INDEX "marketing_emails_due_idx" ON "marketing_emails" USING btree ("scheduled_at") WHERE "marketing_emails"."status" = 'scheduled';--> statement-breakpoint
CREATE INDEX "marketing_emails_sending_idx" ON "marketing_emails" USING btree ("lease_until") WHERE "marketing_emails"."status" = 'sending';--> statement-breakpoint
CREATE TABLE "marketing_recipients" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "marketing_recipients_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"email_id" bigint NOT NULL,
	"npo_id" bigint NOT NULL,
	"donor_id" bigint NOT NULL,
	"email" text NOT NULL,
	"token" uuid DEFAULT gen_random_uuid() NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"claimed_by" uuid,
	"claimed_at" timestamp with time zone,
	"sent_at" timestamp with time zone,
	"delivered_at" timestamp with time zone,
	"bounced_at" timestamp with time zone,
	"opened_at" timestamp with time zone,
	"clicked_at" timestamp with time zone,
	"unsubscribed_at" timestamp with time zone,
	"error" text,
	CONSTRAINT "marketing_recipients_status_check" CHECK ("marketing_recipients"."status" IN ('queued', 'sending', 'sent', 'bounced', 'failed', 'skipped', 'interrupted'))
);--> statement-breakpoint
ALTER TABLE "marketing_recipients" ADD CONSTRAINT "marketing_recipients_email_id_marketing_emails_id_fk" FOREIGN KEY ("email_id") REFERENCES "public"."marketing_emails"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "marketing_recipients" ADD CONSTRAINT "marketing_recipients_donor_id_donors_id_fk" FOREIGN KEY ("donor_id") REFERENCES "public"."donors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "marketing_recipients_email_donor_uq" ON "marketing_recipients" USING btree ("email_id","donor_id");--> statement-breakpoint
CREATE UNIQUE INDEX "marketing_recipients_token_uq" ON "marketing_recipients" USING btree ("token");--> statement-breakpoint
CREATE INDEX "marketing_recipients_queued_idx" ON "marketing_recipients" USING btree ("email_id","id") WHERE "marketing_recipients"."status" = 'queued';--> statement-breakpoint
CREATE INDEX "marketing_recipients_throttle_idx" ON "marketing_recipients" USING btree ("npo_id","sent_at") WHERE "marketing_recipients"."sent_at" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "marketing_recipients_donor_idx" ON "marketing_recipients" USING btree ("donor_id");--> statement-breakpoint
CREATE TABLE "email_suppressions" (
	"npo_id" bigint NOT NULL,
	"email" text NOT NULL,
	"reason" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "email_suppressions_npo_id_email_pk" PRIMARY KEY("npo_id","email")
);--> statement-breakpoint
ALTER TABLE "email_suppressions" ADD CONSTRAINT "email_suppressions_npo_id_npos_id_fk" FOREIGN KEY ("npo_id") REFERENCES "public"."npos"("id") ON DELETE no action ON UPDATE no action;
