-- Payment requests (docs/decisions/050-payment-requests.md): a known payer asked for a known amount at
-- /pay/{public_id}, and the donations counted against each request.
CREATE TABLE "payment_requests" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "payment_requests_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"npo_id" bigint NOT NULL,
	"public_id" text NOT NULL,
	"donor_id" bigint,
	"payer_first_name" text DEFAULT '' NOT NULL,
	"payer_last_name" text DEFAULT '' NOT NULL,
	"payer_email" text NOT NULL,
	"amount_kind" text DEFAULT 'fixed' NOT NULL,
	"amount_minor" bigint NOT NULL,
	"currency" text NOT NULL,
	"purpose" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"campaign_id" bigint NOT NULL,
	"designation_id" bigint,
	"due_on" date,
	"expires_at" timestamp with time zone,
	"reference" text DEFAULT '' NOT NULL,
	"allow_fee_cover" boolean DEFAULT false NOT NULL,
	"paid_minor" bigint DEFAULT 0 NOT NULL,
	"paid_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	"last_sent_at" timestamp with time zone,
	"created_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_requests_kind_ck" CHECK ("payment_requests"."amount_kind" IN ('fixed', 'minimum')),
	CONSTRAINT "payment_requests_amount_ck" CHECK ("payment_requests"."amount_minor" > 0 AND "payment_requests"."paid_minor" >= 0)
);--> statement-breakpoint
CREATE TABLE "payment_request_payments" (
	"donation_id" bigint PRIMARY KEY NOT NULL,
	"request_id" bigint NOT NULL,
	"amount_minor" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
ALTER TABLE "payment_requests" ADD CONSTRAINT "payment_requests_npo_id_npos_id_fk" FOREIGN KEY ("npo_id") REFERENCES "public"."npos"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_requests" ADD CONSTRAINT "payment_requests_donor_id_donors_id_fk" FOREIGN KEY ("donor_id") REFERENCES "public"."donors"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_requests" ADD CONSTRAINT "payment_requests_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_requests" ADD CONSTRAINT "payment_requests_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_request_payments" ADD CONSTRAINT "payment_request_payments_donation_id_donations_id_fk" FOREIGN KEY ("donation_id") REFERENCES "public"."donations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_request_payments" ADD CONSTRAINT "payment_request_payments_request_id_payment_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."payment_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payment_requests_public_id_uq" ON "payment_requests" USING btree ("public_id");--> statement-breakpoint
CREATE INDEX "payment_requests_npo_idx" ON "payment_requests" USING btree ("npo_id","created_at");--> statement-breakpoint
CREATE INDEX "payment_request_payments_request_idx" ON "payment_request_payments" USING btree ("request_id");
