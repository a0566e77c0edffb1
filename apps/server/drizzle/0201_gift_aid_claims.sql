CREATE TABLE "gift_aid_claims" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"npo_id" bigint NOT NULL,
	"reference" text NOT NULL,
	"period_from" date NOT NULL,
	"period_to" date NOT NULL,
	"gift_count" integer NOT NULL,
	"amount_minor" bigint NOT NULL,
	"claim_minor" bigint NOT NULL,
	"created_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"undone_at" timestamp with time zone,
	"undone_by" bigint,
	"undo_reason" text
);
--> statement-breakpoint
CREATE TABLE "gift_aid_claim_gifts" (
	"claim_id" bigint NOT NULL,
	"npo_id" bigint NOT NULL,
	"donation_id" bigint NOT NULL,
	"amount_minor" bigint NOT NULL,
	"claim_minor" bigint NOT NULL,
	"undone_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "gift_aid_claims" ADD CONSTRAINT "gift_aid_claims_npo_id_npos_id_fk" FOREIGN KEY ("npo_id") REFERENCES "public"."npos"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "gift_aid_claims" ADD CONSTRAINT "gift_aid_claims_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "gift_aid_claims" ADD CONSTRAINT "gift_aid_claims_undone_by_users_id_fk" FOREIGN KEY ("undone_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "gift_aid_claim_gifts" ADD CONSTRAINT "gift_aid_claim_gifts_claim_id_gift_aid_claims_id_fk" FOREIGN KEY ("claim_id") REFERENCES "public"."gift_aid_claims"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "gift_aid_claim_gifts" ADD CONSTRAINT "gift_aid_claim_gifts_npo_id_npos_id_fk" FOREIGN KEY ("npo_id") REFERENCES "public"."npos"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "gift_aid_claim_gifts" ADD CONSTRAINT "gift_aid_claim_gifts_donation_id_donations_id_fk" FOREIGN KEY ("donation_id") REFERENCES "public"."donations"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
CREATE UNIQUE INDEX "gift_aid_claims_reference_uq" ON "gift_aid_claims" USING btree ("npo_id","reference");
--> statement-breakpoint
CREATE INDEX "gift_aid_claims_npo_idx" ON "gift_aid_claims" USING btree ("npo_id","created_at");
--> statement-breakpoint
CREATE UNIQUE INDEX "gift_aid_claim_gifts_claim_donation_uq" ON "gift_aid_claim_gifts" USING btree ("claim_id","donation_id");
--> statement-breakpoint
CREATE UNIQUE INDEX "gift_aid_claim_gifts_active_uq" ON "gift_aid_claim_gifts" USING btree ("donation_id") WHERE "gift_aid_claim_gifts"."undone_at" IS NULL;
