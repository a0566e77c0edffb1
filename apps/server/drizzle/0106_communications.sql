-- The communications record (docs/decisions/047-communications-read-model.md): contacts logged by
-- staff, and the organisation's guide for staff. Product e-mails are read where they are stamped.
CREATE TABLE "logged_communications" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "logged_communications_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"npo_id" bigint NOT NULL,
	"donor_id" bigint NOT NULL,
	"kind" text NOT NULL,
	"direction" text DEFAULT 'outbound' NOT NULL,
	"subject" text NOT NULL,
	"body" text DEFAULT '' NOT NULL,
	"occurred_at" timestamp with time zone NOT NULL,
	"user_id" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "logged_communications_kind_check" CHECK ("logged_communications"."kind" IN ('call', 'meeting', 'letter', 'email', 'sms', 'other')),
	CONSTRAINT "logged_communications_direction_check" CHECK ("logged_communications"."direction" IN ('outbound', 'inbound'))
);--> statement-breakpoint
CREATE TABLE "communication_guide_pages" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "communication_guide_pages_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"npo_id" bigint NOT NULL,
	"slug" text NOT NULL,
	"title" text NOT NULL,
	"body_html" text NOT NULL,
	"position" integer NOT NULL,
	"updated_by" bigint,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
ALTER TABLE "logged_communications" ADD CONSTRAINT "logged_communications_npo_id_npos_id_fk" FOREIGN KEY ("npo_id") REFERENCES "public"."npos"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "logged_communications" ADD CONSTRAINT "logged_communications_donor_id_donors_id_fk" FOREIGN KEY ("donor_id") REFERENCES "public"."donors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "logged_communications" ADD CONSTRAINT "logged_communications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "communication_guide_pages" ADD CONSTRAINT "communication_guide_pages_npo_id_npos_id_fk" FOREIGN KEY ("npo_id") REFERENCES "public"."npos"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "communication_guide_pages" ADD CONSTRAINT "communication_guide_pages_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "logged_communications_npo_idx" ON "logged_communications" USING btree ("npo_id","occurred_at");--> statement-breakpoint
CREATE INDEX "logged_communications_donor_idx" ON "logged_communications" USING btree ("donor_id","occurred_at");--> statement-breakpoint
CREATE UNIQUE INDEX "communication_guide_pages_slug_uq" ON "communication_guide_pages" USING btree ("npo_id","slug");
