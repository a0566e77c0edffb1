-- The CRM's major-gift pipeline (docs/decisions/043-deals-and-tasks.md): an organisation's stages,
-- its deals with a contact (a donors row, so a donor merge moves them) and the gifts that fulfil them.
CREATE TABLE "deal_stages" (
	"npo_id" bigint NOT NULL,
	"key" text NOT NULL,
	"label" text NOT NULL,
	"probability" integer NOT NULL,
	"position" integer NOT NULL,
	CONSTRAINT "deal_stages_npo_id_key_pk" PRIMARY KEY("npo_id","key"),
	CONSTRAINT "deal_stages_probability_check" CHECK ("probability" BETWEEN 0 AND 100)
);--> statement-breakpoint
CREATE TABLE "deals" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "deals_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"npo_id" bigint NOT NULL,
	"contact_id" bigint NOT NULL,
	"title" text NOT NULL,
	"amount_minor" bigint NOT NULL,
	"currency" varchar(3) NOT NULL,
	"expected_on" date,
	"stage" text NOT NULL,
	"probability" integer,
	"owner_user_id" bigint,
	"next_step" text DEFAULT '' NOT NULL,
	"position" double precision DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "deals_amount_check" CHECK ("amount_minor" > 0),
	CONSTRAINT "deals_probability_check" CHECK ("probability" BETWEEN 0 AND 100)
);--> statement-breakpoint
CREATE TABLE "deal_gifts" (
	"deal_id" bigint NOT NULL,
	"donation_id" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "deal_gifts_deal_id_donation_id_pk" PRIMARY KEY("deal_id","donation_id")
);--> statement-breakpoint
ALTER TABLE "deal_stages" ADD CONSTRAINT "deal_stages_npo_id_npos_id_fk" FOREIGN KEY ("npo_id") REFERENCES "public"."npos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deals" ADD CONSTRAINT "deals_npo_id_npos_id_fk" FOREIGN KEY ("npo_id") REFERENCES "public"."npos"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deals" ADD CONSTRAINT "deals_contact_id_donors_id_fk" FOREIGN KEY ("contact_id") REFERENCES "public"."donors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deals" ADD CONSTRAINT "deals_owner_user_id_users_id_fk" FOREIGN KEY ("owner_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deal_gifts" ADD CONSTRAINT "deal_gifts_deal_id_deals_id_fk" FOREIGN KEY ("deal_id") REFERENCES "public"."deals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deal_gifts" ADD CONSTRAINT "deal_gifts_donation_id_donations_id_fk" FOREIGN KEY ("donation_id") REFERENCES "public"."donations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "deals_npo_stage_position_idx" ON "deals" USING btree ("npo_id","stage","position");--> statement-breakpoint
CREATE INDEX "deals_contact_idx" ON "deals" USING btree ("contact_id");--> statement-breakpoint
CREATE INDEX "deals_npo_owner_idx" ON "deals" USING btree ("npo_id","owner_user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "deal_gifts_donation_uq" ON "deal_gifts" USING btree ("donation_id");
