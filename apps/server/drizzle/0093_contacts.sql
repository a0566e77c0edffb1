-- Contacts (docs/decisions/039-contacts-are-donors.md): a contact is a donors row; what the CRM adds
-- lives beside it, keyed by the donor's id. A contact may have no e-mail (a prospect, a company), so
-- the e-mail is unique only where there is one.
DROP INDEX "donors_npo_email_uq";--> statement-breakpoint
CREATE UNIQUE INDEX "donors_npo_email_uq" ON "donors" USING btree ("npo_id",lower("email")) WHERE "email" <> '';--> statement-breakpoint
CREATE TABLE "households" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "households_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"npo_id" bigint NOT NULL,
	"name" text NOT NULL,
	"salutation" text DEFAULT '' NOT NULL,
	"address" text DEFAULT '' NOT NULL,
	"address2" text DEFAULT '' NOT NULL,
	"city" text DEFAULT '' NOT NULL,
	"state" text DEFAULT '' NOT NULL,
	"postal_code" text DEFAULT '' NOT NULL,
	"country" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE TABLE "contact_details" (
	"donor_id" bigint PRIMARY KEY NOT NULL,
	"npo_id" bigint NOT NULL,
	"contact_type" text DEFAULT 'individual' NOT NULL,
	"date_of_birth" date,
	"employer" text DEFAULT '' NOT NULL,
	"source" text DEFAULT '' NOT NULL,
	"owner_user_id" bigint,
	"household_id" bigint,
	"tags" text[] DEFAULT '{}' NOT NULL,
	"emails" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"phones" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"addresses" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"communication" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"custom_fields" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "contact_details_type_check" CHECK ("contact_type" IN ('individual', 'prospect', 'volunteer', 'board_member', 'company', 'foundation'))
);--> statement-breakpoint
CREATE TABLE "contact_relationships" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "contact_relationships_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"npo_id" bigint NOT NULL,
	"from_donor_id" bigint NOT NULL,
	"to_donor_id" bigint NOT NULL,
	"kind" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "contact_relationships_not_self" CHECK ("from_donor_id" <> "to_donor_id")
);--> statement-breakpoint
CREATE TABLE "contact_fields" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "contact_fields_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"npo_id" bigint NOT NULL,
	"label" text NOT NULL,
	"field_type" text NOT NULL,
	"options" text[] DEFAULT '{}' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "contact_fields_type_check" CHECK ("field_type" IN ('text', 'number', 'date', 'choice', 'yes_no'))
);--> statement-breakpoint
CREATE TABLE "contact_views" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "contact_views_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"npo_id" bigint NOT NULL,
	"owner_user_id" bigint,
	"name" text NOT NULL,
	"config" jsonb NOT NULL,
	"created_by_user_id" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
ALTER TABLE "households" ADD CONSTRAINT "households_npo_id_npos_id_fk" FOREIGN KEY ("npo_id") REFERENCES "public"."npos"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_details" ADD CONSTRAINT "contact_details_donor_id_donors_id_fk" FOREIGN KEY ("donor_id") REFERENCES "public"."donors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_details" ADD CONSTRAINT "contact_details_npo_id_npos_id_fk" FOREIGN KEY ("npo_id") REFERENCES "public"."npos"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_details" ADD CONSTRAINT "contact_details_owner_user_id_users_id_fk" FOREIGN KEY ("owner_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_details" ADD CONSTRAINT "contact_details_household_id_households_id_fk" FOREIGN KEY ("household_id") REFERENCES "public"."households"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_relationships" ADD CONSTRAINT "contact_relationships_npo_id_npos_id_fk" FOREIGN KEY ("npo_id") REFERENCES "public"."npos"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_relationships" ADD CONSTRAINT "contact_relationships_from_donor_id_donors_id_fk" FOREIGN KEY ("from_donor_id") REFERENCES "public"."donors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_relationships" ADD CONSTRAINT "contact_relationships_to_donor_id_donors_id_fk" FOREIGN KEY ("to_donor_id") REFERENCES "public"."donors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_fields" ADD CONSTRAINT "contact_fields_npo_id_npos_id_fk" FOREIGN KEY ("npo_id") REFERENCES "public"."npos"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_views" ADD CONSTRAINT "contact_views_npo_id_npos_id_fk" FOREIGN KEY ("npo_id") REFERENCES "public"."npos"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_views" ADD CONSTRAINT "contact_views_owner_user_id_users_id_fk" FOREIGN KEY ("owner_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_views" ADD CONSTRAINT "contact_views_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "households_npo_idx" ON "households" USING btree ("npo_id","id");--> statement-breakpoint
CREATE INDEX "contact_details_npo_type_idx" ON "contact_details" USING btree ("npo_id","contact_type");--> statement-breakpoint
CREATE INDEX "contact_details_npo_owner_idx" ON "contact_details" USING btree ("npo_id","owner_user_id");--> statement-breakpoint
CREATE INDEX "contact_details_household_idx" ON "contact_details" USING btree ("household_id");--> statement-breakpoint
CREATE INDEX "contact_details_tags_idx" ON "contact_details" USING gin ("tags");--> statement-breakpoint
CREATE INDEX "contact_details_custom_idx" ON "contact_details" USING gin ("custom_fields" jsonb_path_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "contact_relationships_pair_uq" ON "contact_relationships" USING btree ("from_donor_id","to_donor_id","kind");--> statement-breakpoint
CREATE INDEX "contact_relationships_to_idx" ON "contact_relationships" USING btree ("to_donor_id");--> statement-breakpoint
CREATE UNIQUE INDEX "contact_fields_label_uq" ON "contact_fields" USING btree ("npo_id",lower("label"));--> statement-breakpoint
CREATE INDEX "contact_views_npo_idx" ON "contact_views" USING btree ("npo_id","owner_user_id");
