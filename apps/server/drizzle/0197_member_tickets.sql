-- Members-only tickets and member prices (docs/decisions/090-member-tickets.md): a ticket type may be
-- sold to members only and/or at a member price below its price, optionally for some membership tiers
-- of the organisation; an order and its member tickets record the membership that bought them.
ALTER TABLE "event_ticket_types" ADD COLUMN "members_only" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "event_ticket_types" ADD COLUMN "member_price_minor" bigint;--> statement-breakpoint
ALTER TABLE "event_ticket_types" ADD COLUMN "member_tier_ids" bigint[] DEFAULT '{}'::bigint[] NOT NULL;--> statement-breakpoint
ALTER TABLE "event_ticket_types" ADD CONSTRAINT "event_ticket_types_member_price_ck" CHECK ("event_ticket_types"."member_price_minor" IS NULL OR ("event_ticket_types"."member_price_minor" >= 0 AND "event_ticket_types"."member_price_minor" < "event_ticket_types"."price_minor"));--> statement-breakpoint
ALTER TABLE "event_orders" ADD COLUMN "membership_id" bigint;--> statement-breakpoint
ALTER TABLE "event_tickets" ADD COLUMN "membership_id" bigint;--> statement-breakpoint
ALTER TABLE "event_orders" ADD CONSTRAINT "event_orders_membership_id_supporter_memberships_id_fk" FOREIGN KEY ("membership_id") REFERENCES "public"."supporter_memberships"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_tickets" ADD CONSTRAINT "event_tickets_membership_id_supporter_memberships_id_fk" FOREIGN KEY ("membership_id") REFERENCES "public"."supporter_memberships"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "event_orders_membership_idx" ON "event_orders" USING btree ("membership_id") WHERE "event_orders"."membership_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "event_tickets_membership_idx" ON "event_tickets" USING btree ("membership_id") WHERE "event_tickets"."membership_id" IS NOT NULL;
