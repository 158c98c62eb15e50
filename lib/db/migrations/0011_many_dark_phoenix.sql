DROP INDEX "webhook_deliveries_capture_idx";--> statement-breakpoint
CREATE INDEX "webhook_deliveries_capture_webhook_idx" ON "webhook_deliveries" USING btree ("capture_id","webhook_id");