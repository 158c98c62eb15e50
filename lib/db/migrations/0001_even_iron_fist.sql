ALTER TABLE "seen_responses" ADD COLUMN "stored" boolean;--> statement-breakpoint
ALTER TABLE "seen_responses" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
CREATE INDEX "seen_responses_conversation_idx" ON "seen_responses" USING btree ("conversation_id");