CREATE TABLE "stripe_connect_states" (
	"state_digest" text PRIMARY KEY NOT NULL,
	"session_id" text NOT NULL,
	"npo_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "npos" ADD COLUMN "stripe_connected_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "npos" ADD COLUMN "stripe_livemode" boolean;--> statement-breakpoint
ALTER TABLE "npos" ADD COLUMN "paypal_merchant_id" text;--> statement-breakpoint
ALTER TABLE "npos" ADD COLUMN "paypal_email" text;--> statement-breakpoint
ALTER TABLE "npos" ADD COLUMN "paypal_connected_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "stripe_connect_states" ADD CONSTRAINT "stripe_connect_states_npo_id_npos_id_fk" FOREIGN KEY ("npo_id") REFERENCES "public"."npos"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "stripe_connect_states_expires_idx" ON "stripe_connect_states" USING btree ("expires_at");