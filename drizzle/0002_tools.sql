CREATE TABLE "tool_logs" (
	"id" text PRIMARY KEY NOT NULL,
	"project_id" text NOT NULL,
	"kind" text NOT NULL,
	"tool_slug" text,
	"toolkit_slug" text,
	"toolkit_version" text,
	"connected_account_id" text,
	"user_id" text,
	"status" text NOT NULL,
	"http_status" integer,
	"method" text,
	"endpoint" text,
	"duration_ms" integer NOT NULL,
	"request_bytes" integer DEFAULT 0 NOT NULL,
	"response_bytes" integer DEFAULT 0 NOT NULL,
	"error" text,
	"source" text DEFAULT 'api' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "custom_toolkits" (
	"id" text PRIMARY KEY NOT NULL,
	"project_id" text NOT NULL,
	"slug" text NOT NULL,
	"name" text NOT NULL,
	"toolkit" jsonb NOT NULL,
	"tools" jsonb NOT NULL,
	"tools_count" integer NOT NULL,
	"source_url" text,
	"document" text NOT NULL,
	"warnings" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "tool_logs" ADD CONSTRAINT "tool_logs_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "custom_toolkits" ADD CONSTRAINT "custom_toolkits_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "tool_logs_project_idx" ON "tool_logs" USING btree ("project_id","created_at");--> statement-breakpoint
CREATE INDEX "tool_logs_account_idx" ON "tool_logs" USING btree ("project_id","connected_account_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "custom_toolkits_project_slug_idx" ON "custom_toolkits" USING btree ("project_id","slug");