-- Member cards (docs/decisions/064-member-cards.md): the code a card's QR carries, which the events'
-- check-in reads as a member. "member:" cannot occur in a ticket code (base64url), so the door tells
-- the two apart without a lookup; 122 random bits make it unguessable.
ALTER TABLE "supporter_memberships" ADD COLUMN "card_code" text DEFAULT ('member:' || replace(gen_random_uuid()::text, '-', '')) NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "supporter_memberships_card_code_uq" ON "supporter_memberships" USING btree ("card_code");
