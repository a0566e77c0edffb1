ALTER TABLE "supporter_memberships" ADD COLUMN "next_tier_id" bigint;
--> statement-breakpoint
ALTER TABLE "supporter_memberships" ADD CONSTRAINT "supporter_memberships_next_tier_id_membership_tiers_id_fk" FOREIGN KEY ("next_tier_id") REFERENCES "public"."membership_tiers"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
CREATE TABLE "membership_reminders" (
	"membership_id" bigint NOT NULL,
	"period_end" timestamp with time zone NOT NULL,
	"lead_days" integer NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "membership_reminders_membership_id_period_end_lead_days_pk" PRIMARY KEY("membership_id","period_end","lead_days")
);
--> statement-breakpoint
ALTER TABLE "membership_reminders" ADD CONSTRAINT "membership_reminders_membership_id_supporter_memberships_id_fk" FOREIGN KEY ("membership_id") REFERENCES "public"."supporter_memberships"("id") ON DELETE cascade ON UPDATE no action;
