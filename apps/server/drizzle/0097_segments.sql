-- CRM segments (docs/decisions/042-segments-compile-to-one-query.md): saved rule sets and static
-- lists of contacts. Rules are evaluated when read; only a static list's members are stored.
CREATE TABLE "segments" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "segments_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"npo_id" bigint NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"kind" text DEFAULT 'dynamic' NOT NULL,
	"rules" jsonb,
	"created_by_user_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "segments_kind_check" CHECK ("segments"."kind" IN ('dynamic', 'static'))
);--> statement-breakpoint
CREATE TABLE "segment_members" (
	"segment_id" bigint NOT NULL,
	"donor_id" bigint NOT NULL,
	"added_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "segment_members_segment_id_donor_id_pk" PRIMARY KEY("segment_id","donor_id")
);--> statement-breakpoint
ALTER TABLE "segments" ADD CONSTRAINT "segments_npo_id_npos_id_fk" FOREIGN KEY ("npo_id") REFERENCES "public"."npos"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "segments" ADD CONSTRAINT "segments_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "segment_members" ADD CONSTRAINT "segment_members_segment_id_segments_id_fk" FOREIGN KEY ("segment_id") REFERENCES "public"."segments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "segment_members" ADD CONSTRAINT "segment_members_donor_id_donors_id_fk" FOREIGN KEY ("donor_id") REFERENCES "public"."donors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "segments_npo_name_uq" ON "segments" USING btree ("npo_id",lower("name"));--> statement-breakpoint
CREATE INDEX "segment_members_donor_idx" ON "segment_members" USING btree ("donor_id");
