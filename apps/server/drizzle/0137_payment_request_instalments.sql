-- Payment requests split into monthly instalments, charged through the recurring plan the first payment starts
-- (docs/decisions/062-payment-request-instalments.md).
ALTER TABLE "payment_requests" ADD COLUMN "instalments" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_requests" ADD CONSTRAINT "payment_requests_instalments_ck" CHECK ("payment_requests"."instalments" BETWEEN 1 AND 24);
