-- What a gift brought back (a crowdfunding reward): its description and fair-market value, for the
-- receipt's deductible part and the US quid-pro-quo disclosure (docs/product/receipts.md#goods-and-services).
CREATE TABLE "donation_goods" (
	"donation_id" bigint PRIMARY KEY NOT NULL,
	"npo_id" bigint NOT NULL,
	"description" text NOT NULL,
	"fair_market_value_minor" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "donation_goods_fmv_ck" CHECK ("fair_market_value_minor" >= 0)
);--> statement-breakpoint
ALTER TABLE "donation_goods" ADD CONSTRAINT "donation_goods_donation_id_donations_id_fk" FOREIGN KEY ("donation_id") REFERENCES "public"."donations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "donation_goods" ADD CONSTRAINT "donation_goods_npo_id_npos_id_fk" FOREIGN KEY ("npo_id") REFERENCES "public"."npos"("id") ON DELETE no action ON UPDATE no action;
