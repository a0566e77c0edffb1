-- "Added to a segment" for rule-based segments (docs/product/crm-workflow-automation.md#triggers,
-- decision 098): the hourly sweep keeps the members of each rule-based segment a workflow watches,
-- so a newcomer is seen once, with the time it was first seen. NULL `added_at`: a member already
-- there when watching began (the baseline), which starts nothing.
CREATE TABLE "workflow_segment_watches" (
	"segment_id" bigint PRIMARY KEY NOT NULL,
	"npo_id" bigint NOT NULL,
	"baseline_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "workflow_segment_members" (
	"segment_id" bigint NOT NULL,
	"donor_id" bigint NOT NULL,
	"added_at" timestamp with time zone,
	CONSTRAINT "workflow_segment_members_segment_id_donor_id_pk" PRIMARY KEY("segment_id","donor_id")
);
--> statement-breakpoint
ALTER TABLE "workflow_segment_watches" ADD CONSTRAINT "workflow_segment_watches_segment_id_segments_id_fk" FOREIGN KEY ("segment_id") REFERENCES "public"."segments"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "workflow_segment_members" ADD CONSTRAINT "workflow_segment_members_segment_id_segments_id_fk" FOREIGN KEY ("segment_id") REFERENCES "public"."segments"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "workflow_segment_members" ADD CONSTRAINT "workflow_segment_members_donor_id_donors_id_fk" FOREIGN KEY ("donor_id") REFERENCES "public"."donors"("id") ON DELETE cascade ON UPDATE no action;
