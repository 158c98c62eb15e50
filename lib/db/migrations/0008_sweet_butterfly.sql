ALTER TABLE "presets" DROP CONSTRAINT "presets_pkey";--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "owner_id" text;--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "shared" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "webhook_captures" ADD COLUMN "owner_id" text;--> statement-breakpoint
ALTER TABLE "webhook_captures" ADD COLUMN "shared" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "presets" ADD COLUMN "id" serial PRIMARY KEY NOT NULL;--> statement-breakpoint
ALTER TABLE "presets" ADD COLUMN "owner_id" text;--> statement-breakpoint
ALTER TABLE "presets" ADD COLUMN "shared" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "request_history" ADD COLUMN "owner_id" text;--> statement-breakpoint
ALTER TABLE "request_history" ADD COLUMN "shared" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "seen_responses" ADD COLUMN "owner_id" text;--> statement-breakpoint
ALTER TABLE "seen_responses" ADD COLUMN "shared" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "grids" ADD COLUMN "owner_id" text;--> statement-breakpoint
ALTER TABLE "grids" ADD COLUMN "shared" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX "request_history_owner_idx" ON "request_history" USING btree ("owner_id");--> statement-breakpoint
ALTER TABLE "presets" ADD CONSTRAINT "presets_owner_name_unique" UNIQUE NULLS NOT DISTINCT("owner_id","name");