-- Events (docs/decisions/089-event-images.md): several images per event, in the editor's order with their
-- alt text, and the widths of each uploaded image's resized WebP variants, kept by the original's URL.
CREATE TABLE "event_images" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "event_images_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"event_id" bigint NOT NULL,
	"position" integer NOT NULL,
	"url" text NOT NULL,
	"alt" text DEFAULT '' NOT NULL
);--> statement-breakpoint
CREATE TABLE "event_image_variants" (
	"url" text PRIMARY KEY NOT NULL,
	"npo_id" bigint NOT NULL,
	"widths" integer[] NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
ALTER TABLE "event_images" ADD CONSTRAINT "event_images_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_image_variants" ADD CONSTRAINT "event_image_variants_npo_id_npos_id_fk" FOREIGN KEY ("npo_id") REFERENCES "public"."npos"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "event_images_event_position_uq" ON "event_images" USING btree ("event_id","position");--> statement-breakpoint
-- An event's one image so far becomes its first.
INSERT INTO "event_images" ("event_id", "position", "url", "alt")
SELECT "id", 0, "image_url", '' FROM "events" WHERE "image_url" <> '';
