-- Refunds of single tickets (docs/decisions/052-e-tickets-and-check-in.md): one claim row per ticket,
-- unique, so a second refund of the same ticket (a double click, a second door) finds it taken.
ALTER TABLE "event_orders" ADD COLUMN "refunded_minor" bigint DEFAULT 0 NOT NULL;
--> statement-breakpoint
CREATE TABLE "event_ticket_refunds" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "event_ticket_refunds_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"ticket_id" bigint NOT NULL,
	"order_id" bigint NOT NULL,
	"amount_minor" bigint NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"provider_refund_id" text,
	"created_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "event_ticket_refunds_status_ck" CHECK ("event_ticket_refunds"."status" IN ('pending', 'done'))
);
--> statement-breakpoint
ALTER TABLE "event_ticket_refunds" ADD CONSTRAINT "event_ticket_refunds_ticket_id_event_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."event_tickets"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "event_ticket_refunds" ADD CONSTRAINT "event_ticket_refunds_order_id_event_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."event_orders"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "event_ticket_refunds" ADD CONSTRAINT "event_ticket_refunds_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
CREATE UNIQUE INDEX "event_ticket_refunds_ticket_uq" ON "event_ticket_refunds" USING btree ("ticket_id");
--> statement-breakpoint
CREATE INDEX "event_ticket_refunds_order_idx" ON "event_ticket_refunds" USING btree ("order_id");
