-- Events, ticket types, discount codes and ticket orders (docs/decisions/045-events-and-ticket-orders.md).
-- Seats are counted on events.taken and event_ticket_types.taken, raised by a conditional UPDATE.
CREATE TABLE "event_discount_codes" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "event_discount_codes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"event_id" bigint NOT NULL,
	"code" text NOT NULL,
	"kind" text NOT NULL,
	"amount" bigint NOT NULL,
	"usage_limit" integer,
	"used" integer DEFAULT 0 NOT NULL,
	"expires_at" timestamp with time zone,
	"archived" boolean DEFAULT false NOT NULL,
	CONSTRAINT "event_discount_codes_kind_ck" CHECK ("event_discount_codes"."kind" IN ('percent', 'fixed')),
	CONSTRAINT "event_discount_codes_used_ck" CHECK ("event_discount_codes"."used" >= 0 AND ("event_discount_codes"."usage_limit" IS NULL OR "event_discount_codes"."used" <= "event_discount_codes"."usage_limit"))
);
--> statement-breakpoint
CREATE TABLE "event_orders" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "event_orders_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"npo_id" bigint NOT NULL,
	"event_id" bigint NOT NULL,
	"reference" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"buyer_first_name" text NOT NULL,
	"buyer_last_name" text NOT NULL,
	"buyer_email" text NOT NULL,
	"discount_code_id" bigint,
	"currency" text NOT NULL,
	"subtotal_minor" bigint NOT NULL,
	"discount_minor" bigint DEFAULT 0 NOT NULL,
	"gift_minor" bigint DEFAULT 0 NOT NULL,
	"total_minor" bigint NOT NULL,
	"fair_market_minor" bigint DEFAULT 0 NOT NULL,
	"deductible_minor" bigint DEFAULT 0 NOT NULL,
	"lines" jsonb NOT NULL,
	"provider" text,
	"provider_reference" text,
	"hold_until" timestamp with time zone NOT NULL,
	"paid_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "event_orders_status_ck" CHECK ("event_orders"."status" IN ('pending', 'paid', 'expired', 'cancelled'))
);
--> statement-breakpoint
CREATE TABLE "event_ticket_types" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "event_ticket_types_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"event_id" bigint NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"pricing" text DEFAULT 'fixed' NOT NULL,
	"price_minor" bigint DEFAULT 0 NOT NULL,
	"fair_market_value_minor" bigint DEFAULT 0 NOT NULL,
	"quantity" integer,
	"taken" integer DEFAULT 0 NOT NULL,
	"per_order_limit" integer DEFAULT 10 NOT NULL,
	"attendees_per_ticket" integer DEFAULT 1 NOT NULL,
	"sales_start_at" timestamp with time zone,
	"sales_end_at" timestamp with time zone,
	"position" integer DEFAULT 0 NOT NULL,
	"archived" boolean DEFAULT false NOT NULL,
	CONSTRAINT "event_ticket_types_pricing_ck" CHECK ("event_ticket_types"."pricing" IN ('fixed', 'free', 'pay_what_you_want')),
	CONSTRAINT "event_ticket_types_taken_ck" CHECK ("event_ticket_types"."taken" >= 0 AND ("event_ticket_types"."quantity" IS NULL OR "event_ticket_types"."taken" <= "event_ticket_types"."quantity"))
);
--> statement-breakpoint
CREATE TABLE "event_tickets" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "event_tickets_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"order_id" bigint NOT NULL,
	"event_id" bigint NOT NULL,
	"ticket_type_id" bigint NOT NULL,
	"attendee_name" text NOT NULL,
	"attendee_email" text NOT NULL,
	"code" text NOT NULL,
	"status" text DEFAULT 'reserved' NOT NULL,
	"answers" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"checked_in_at" timestamp with time zone,
	"checked_in_by" bigint,
	CONSTRAINT "event_tickets_status_ck" CHECK ("event_tickets"."status" IN ('reserved', 'valid', 'released', 'refunded'))
);
--> statement-breakpoint
CREATE TABLE "events" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"npo_id" bigint NOT NULL,
	"campaign_id" bigint,
	"name" text NOT NULL,
	"slug" text NOT NULL,
	"description_html" text DEFAULT '' NOT NULL,
	"image_url" text DEFAULT '' NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"time_zone" text NOT NULL,
	"venue_name" text DEFAULT '' NOT NULL,
	"venue_address" text DEFAULT '' NOT NULL,
	"map_url" text DEFAULT '' NOT NULL,
	"online_url" text DEFAULT '' NOT NULL,
	"capacity" integer,
	"taken" integer DEFAULT 0 NOT NULL,
	"registration_opens_at" timestamp with time zone,
	"registration_closes_at" timestamp with time zone,
	"status" text DEFAULT 'draft' NOT NULL,
	"organiser_name" text DEFAULT '' NOT NULL,
	"organiser_email" text DEFAULT '' NOT NULL,
	"currency" text NOT NULL,
	"gift_ask" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "events_status_ck" CHECK ("events"."status" IN ('draft', 'published', 'cancelled', 'ended')),
	CONSTRAINT "events_taken_ck" CHECK ("events"."taken" >= 0 AND ("events"."capacity" IS NULL OR "events"."taken" <= "events"."capacity"))
);
--> statement-breakpoint
ALTER TABLE "event_discount_codes" ADD CONSTRAINT "event_discount_codes_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "event_orders" ADD CONSTRAINT "event_orders_npo_id_npos_id_fk" FOREIGN KEY ("npo_id") REFERENCES "public"."npos"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "event_orders" ADD CONSTRAINT "event_orders_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "event_orders" ADD CONSTRAINT "event_orders_discount_code_id_event_discount_codes_id_fk" FOREIGN KEY ("discount_code_id") REFERENCES "public"."event_discount_codes"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "event_ticket_types" ADD CONSTRAINT "event_ticket_types_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "event_tickets" ADD CONSTRAINT "event_tickets_order_id_event_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."event_orders"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "event_tickets" ADD CONSTRAINT "event_tickets_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "event_tickets" ADD CONSTRAINT "event_tickets_ticket_type_id_event_ticket_types_id_fk" FOREIGN KEY ("ticket_type_id") REFERENCES "public"."event_ticket_types"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "event_tickets" ADD CONSTRAINT "event_tickets_checked_in_by_users_id_fk" FOREIGN KEY ("checked_in_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_npo_id_npos_id_fk" FOREIGN KEY ("npo_id") REFERENCES "public"."npos"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
CREATE UNIQUE INDEX "event_discount_codes_code_uq" ON "event_discount_codes" USING btree ("event_id","code");
--> statement-breakpoint
CREATE UNIQUE INDEX "event_orders_reference_uq" ON "event_orders" USING btree ("reference");
--> statement-breakpoint
CREATE UNIQUE INDEX "event_orders_provider_uq" ON "event_orders" USING btree ("provider","provider_reference");
--> statement-breakpoint
CREATE INDEX "event_orders_npo_event_idx" ON "event_orders" USING btree ("npo_id","event_id","created_at");
--> statement-breakpoint
CREATE INDEX "event_orders_pending_idx" ON "event_orders" USING btree ("event_id","hold_until") WHERE "event_orders"."status" = 'pending';
--> statement-breakpoint
CREATE INDEX "event_ticket_types_event_idx" ON "event_ticket_types" USING btree ("event_id","position");
--> statement-breakpoint
CREATE UNIQUE INDEX "event_tickets_code_uq" ON "event_tickets" USING btree ("code");
--> statement-breakpoint
CREATE INDEX "event_tickets_order_idx" ON "event_tickets" USING btree ("order_id");
--> statement-breakpoint
CREATE INDEX "event_tickets_event_idx" ON "event_tickets" USING btree ("event_id");
--> statement-breakpoint
CREATE UNIQUE INDEX "events_slug_uq" ON "events" USING btree ("slug");
--> statement-breakpoint
CREATE INDEX "events_npo_starts_idx" ON "events" USING btree ("npo_id","starts_at");
