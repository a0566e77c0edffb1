-- Payment request e-mails and reminder settings (docs/decisions/055-payment-request-e-mails.md): every
-- e-mail sent for a request, reminders at most once per request and kind.
CREATE TABLE "payment_request_emails" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "payment_request_emails_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"request_id" bigint NOT NULL,
	"kind" text NOT NULL,
	"recipient" text NOT NULL,
	"sent_by" bigint,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_request_emails_kind_ck" CHECK ("payment_request_emails"."kind" IN ('request', 'reminder_before', 'reminder_after'))
);--> statement-breakpoint
CREATE TABLE "payment_request_settings" (
	"npo_id" bigint PRIMARY KEY NOT NULL,
	"reminders_enabled" boolean DEFAULT true NOT NULL,
	"days_before" integer DEFAULT 3 NOT NULL,
	"days_after" integer DEFAULT 7 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_request_settings_days_ck" CHECK ("payment_request_settings"."days_before" BETWEEN 0 AND 90 AND "payment_request_settings"."days_after" BETWEEN 0 AND 90)
);--> statement-breakpoint
ALTER TABLE "payment_request_emails" ADD CONSTRAINT "payment_request_emails_request_id_payment_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."payment_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_request_emails" ADD CONSTRAINT "payment_request_emails_sent_by_users_id_fk" FOREIGN KEY ("sent_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_request_settings" ADD CONSTRAINT "payment_request_settings_npo_id_npos_id_fk" FOREIGN KEY ("npo_id") REFERENCES "public"."npos"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payment_request_emails_request_idx" ON "payment_request_emails" USING btree ("request_id","sent_at");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_request_emails_reminder_uq" ON "payment_request_emails" USING btree ("request_id","kind") WHERE "payment_request_emails"."kind" <> 'request';
