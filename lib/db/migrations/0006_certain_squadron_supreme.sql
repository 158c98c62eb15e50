CREATE TABLE "grid_cells" (
	"run_id" text NOT NULL,
	"variant_index" integer NOT NULL,
	"row_index" integer NOT NULL,
	"status" text NOT NULL,
	"passed" boolean,
	"output_text" text DEFAULT '' NOT NULL,
	"response_id" text,
	"model" text,
	"on_behalf_of" text,
	"error" jsonb,
	"checks" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"ttft_ms" double precision,
	"total_ms" double precision,
	"input_tokens" integer,
	"output_tokens" integer,
	"total_tokens" integer,
	"attempts" integer DEFAULT 0 NOT NULL,
	"rate_limit_retries" integer DEFAULT 0 NOT NULL,
	"turn" jsonb,
	"started_at" timestamp with time zone,
	"ended_at" timestamp with time zone,
	CONSTRAINT "grid_cells_run_id_variant_index_row_index_pk" PRIMARY KEY("run_id","variant_index","row_index")
);
--> statement-breakpoint
CREATE TABLE "grid_runs" (
	"id" text PRIMARY KEY NOT NULL,
	"grid_id" text NOT NULL,
	"status" text NOT NULL,
	"definition" jsonb NOT NULL,
	"concurrency" integer NOT NULL,
	"cell_timeout_ms" integer NOT NULL,
	"runner_id" text,
	"heartbeat_at" timestamp with time zone,
	"cancel_requested" boolean DEFAULT false NOT NULL,
	"cells_done_at_start" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"ended_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "grids" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"definition" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "grid_cells" ADD CONSTRAINT "grid_cells_run_id_grid_runs_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."grid_runs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "grid_runs" ADD CONSTRAINT "grid_runs_grid_id_grids_id_fk" FOREIGN KEY ("grid_id") REFERENCES "public"."grids"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "grid_runs_grid_idx" ON "grid_runs" USING btree ("grid_id","created_at");--> statement-breakpoint
CREATE INDEX "grid_runs_status_idx" ON "grid_runs" USING btree ("status");--> statement-breakpoint
CREATE INDEX "grids_updated_idx" ON "grids" USING btree ("updated_at");