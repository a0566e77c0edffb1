-- Crowdfunding update e-mails (docs/product/crowdfunding.md#updates): one row per backer and update,
-- written with the e-mail in one transaction, so a publish job that runs again sends nobody twice; and
-- the backers who opted out of a campaign's update e-mails through the link in one.
CREATE TABLE "crowdfunding_update_emails" (
	"update_id" bigint NOT NULL,
	"email" text NOT NULL,
	"npo_id" bigint NOT NULL,
	"token" text NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "crowdfunding_update_emails_pk" PRIMARY KEY ("update_id", "email")
);--> statement-breakpoint
ALTER TABLE "crowdfunding_update_emails" ADD CONSTRAINT "crowdfunding_update_emails_update_id_crowdfunding_updates_id_fk" FOREIGN KEY ("update_id") REFERENCES "public"."crowdfunding_updates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crowdfunding_update_emails" ADD CONSTRAINT "crowdfunding_update_emails_npo_id_npos_id_fk" FOREIGN KEY ("npo_id") REFERENCES "public"."npos"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "crowdfunding_update_emails_token_uq" ON "crowdfunding_update_emails" USING btree ("token");--> statement-breakpoint
CREATE TABLE "crowdfunding_update_optouts" (
	"campaign_id" bigint NOT NULL,
	"email" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "crowdfunding_update_optouts_pk" PRIMARY KEY ("campaign_id", "email")
);--> statement-breakpoint
ALTER TABLE "crowdfunding_update_optouts" ADD CONSTRAINT "crowdfunding_update_optouts_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action;
