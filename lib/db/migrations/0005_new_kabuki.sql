CREATE TABLE "response_aliases" (
	"alias" text PRIMARY KEY NOT NULL,
	"response_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "response_aliases_response_idx" ON "response_aliases" USING btree ("response_id");