CREATE TABLE "gateway_conversations" (
	"id" text PRIMARY KEY NOT NULL,
	"owner_key" text NOT NULL,
	"items" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "gateway_response_events" (
	"response_id" text NOT NULL,
	"sequence_number" integer NOT NULL,
	"event" jsonb NOT NULL,
	CONSTRAINT "gateway_response_events_response_id_sequence_number_pk" PRIMARY KEY("response_id","sequence_number")
);
--> statement-breakpoint
CREATE TABLE "gateway_responses" (
	"id" text PRIMARY KEY NOT NULL,
	"owner_key" text NOT NULL,
	"status" text NOT NULL,
	"background" boolean DEFAULT false NOT NULL,
	"stream" boolean DEFAULT false NOT NULL,
	"stored" boolean DEFAULT true NOT NULL,
	"previous_response_id" text,
	"conversation_id" text,
	"request" jsonb NOT NULL,
	"response" jsonb NOT NULL,
	"input_items" jsonb NOT NULL,
	"deleted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "job_status_history" (
	"id" serial PRIMARY KEY NOT NULL,
	"response_id" text NOT NULL,
	"status" text NOT NULL,
	"source" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "jobs" (
	"response_id" text PRIMARY KEY NOT NULL,
	"model" text,
	"on_behalf_of" text,
	"status" text NOT NULL,
	"origin" text DEFAULT 'playground' NOT NULL,
	"webhook_capture_id" text,
	"poll_attempts" integer DEFAULT 0 NOT NULL,
	"next_poll_at" timestamp with time zone,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "webhook_captures" (
	"id" text PRIMARY KEY NOT NULL,
	"secret" text NOT NULL,
	"answer_status" integer,
	"answer_delay_ms" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "webhook_deliveries" (
	"id" serial PRIMARY KEY NOT NULL,
	"capture_id" text NOT NULL,
	"webhook_id" text,
	"body" "bytea" NOT NULL,
	"headers" jsonb NOT NULL,
	"source_address" text,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"signature_valid" boolean NOT NULL,
	"signature_scheme" text,
	"signature_detail" jsonb,
	"duplicate" boolean DEFAULT false NOT NULL,
	"response_id" text,
	"event_type" text,
	"answered_status" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "presets" (
	"name" text PRIMARY KEY NOT NULL,
	"body" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "request_history" (
	"id" serial PRIMARY KEY NOT NULL,
	"model" text,
	"body" jsonb NOT NULL,
	"on_behalf_of" text,
	"search_text" text DEFAULT '' NOT NULL,
	"response_id" text,
	"status" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "seen_responses" (
	"id" text PRIMARY KEY NOT NULL,
	"previous_response_id" text,
	"conversation_id" text,
	"model" text,
	"status" text,
	"on_behalf_of" text,
	"deleted" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "gateway_responses_owner_idx" ON "gateway_responses" USING btree ("owner_key");--> statement-breakpoint
CREATE INDEX "job_status_history_response_idx" ON "job_status_history" USING btree ("response_id");--> statement-breakpoint
CREATE INDEX "webhook_deliveries_capture_idx" ON "webhook_deliveries" USING btree ("capture_id");--> statement-breakpoint
CREATE INDEX "webhook_deliveries_response_idx" ON "webhook_deliveries" USING btree ("response_id");--> statement-breakpoint
CREATE INDEX "request_history_created_idx" ON "request_history" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "seen_responses_previous_idx" ON "seen_responses" USING btree ("previous_response_id");