CREATE TABLE "recordings" (
	"seq" serial PRIMARY KEY NOT NULL,
	"id" text NOT NULL,
	"name" text NOT NULL,
	"pinned" boolean DEFAULT false NOT NULL,
	"source" text NOT NULL,
	"origin" text NOT NULL,
	"response_id" text,
	"model" text,
	"status" text,
	"on_behalf_of" text,
	"owner_id" text,
	"shared" boolean DEFAULT false NOT NULL,
	"event_count" integer NOT NULL,
	"duration_ms" integer NOT NULL,
	"size_bytes" integer NOT NULL,
	"search_text" text DEFAULT '' NOT NULL,
	"recorded_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"content" "bytea" NOT NULL,
	CONSTRAINT "recordings_id_unique" UNIQUE("id")
);
--> statement-breakpoint
CREATE INDEX "recordings_retention_idx" ON "recordings" USING btree ("source","owner_id","pinned","seq");--> statement-breakpoint
CREATE INDEX "recordings_response_idx" ON "recordings" USING btree ("response_id");