ALTER TABLE "npos" ADD COLUMN "legal_name" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "npos" ADD COLUMN "address_line1" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "npos" ADD COLUMN "address_line2" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "npos" ADD COLUMN "city" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "npos" ADD COLUMN "region" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "npos" ADD COLUMN "postcode" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "npos" ADD COLUMN "country" varchar(2) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "npos" ADD COLUMN "ein" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "npos" ADD COLUMN "uk_charity_number" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "npos" ADD COLUMN "hmrc_reference" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "npos" ADD COLUMN "other_tax_ids" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "npos" ADD COLUMN "website" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "npos" ADD COLUMN "contact_email" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "npos" ADD COLUMN "receipt_signatory_name" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "npos" ADD COLUMN "receipt_signatory_title" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "npos" ADD COLUMN "receipt_signature_url" text;--> statement-breakpoint
ALTER TABLE "npos" ADD COLUMN "receipt_footer" text DEFAULT '' NOT NULL;
