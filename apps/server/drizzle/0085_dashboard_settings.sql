CREATE TABLE "dashboard_settings" (
	"user_id" bigint NOT NULL,
	"npo_id" bigint NOT NULL,
	"cards" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"charts" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"period_months" integer DEFAULT 12 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "dashboard_settings_user_id_npo_id_pk" PRIMARY KEY("user_id","npo_id")
);
--> statement-breakpoint
ALTER TABLE "dashboard_settings" ADD CONSTRAINT "dashboard_settings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dashboard_settings" ADD CONSTRAINT "dashboard_settings_npo_id_npos_id_fk" FOREIGN KEY ("npo_id") REFERENCES "public"."npos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "dashboard_settings_npo_idx" ON "dashboard_settings" USING btree ("npo_id");
