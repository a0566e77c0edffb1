-- Refunds of whole ticket orders (docs/decisions/060-whole-order-refunds.md): one claim row per order,
-- unique, so a second refund of the same order (a double click, two staff) finds it taken.
ALTER TABLE "event_orders" DROP CONSTRAINT "event_orders_status_ck";
--> statement-breakpoint
ALTER TABLE "event_orders" ADD CONSTRAINT "event_orders_status_ck" CHECK ("event_orders"."status" IN ('pending', 'paid', 'expired', 'cancelled', 'refunded'));
--> statement-breakpoint
CREATE TABLE "event_order_refunds" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "event_order_refunds_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"order_id" bigint NOT NULL,
	"amount_minor" bigint NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"provider_refund_id" text,
	"created_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "event_order_refunds_status_ck" CHECK ("event_order_refunds"."status" IN ('pending', 'done'))
);
--> statement-breakpoint
ALTER TABLE "event_order_refunds" ADD CONSTRAINT "event_order_refunds_order_id_event_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."event_orders"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "event_order_refunds" ADD CONSTRAINT "event_order_refunds_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
CREATE UNIQUE INDEX "event_order_refunds_order_uq" ON "event_order_refunds" USING btree ("order_id");
