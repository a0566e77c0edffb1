DROP INDEX "payment_attempts_outcome_uq";--> statement-breakpoint
CREATE INDEX "audit_log_target_idx" ON "audit_log" USING btree ("target_type","target_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_attempts_outcome_uq" ON "payment_attempts" USING btree ("provider","provider_reference","status",coalesce("failure_message", ''));