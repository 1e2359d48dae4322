CREATE TABLE "tool_router_session_configs" (
	"session_id" text NOT NULL,
	"project_id" text NOT NULL,
	"version" integer NOT NULL,
	"config" jsonb NOT NULL,
	"superseded_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tool_router_session_configs_session_id_version_pk" PRIMARY KEY("session_id","version")
);
--> statement-breakpoint
ALTER TABLE "tool_logs" ADD COLUMN "auth_config_id" text;--> statement-breakpoint
ALTER TABLE "tool_logs" ADD COLUMN "session_id" text;--> statement-breakpoint
ALTER TABLE "tool_logs" ADD COLUMN "request_id" text;--> statement-breakpoint
ALTER TABLE "tool_router_session_configs" ADD CONSTRAINT "tool_router_session_configs_session_id_tool_router_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."tool_router_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tool_router_session_configs" ADD CONSTRAINT "tool_router_session_configs_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "tool_logs_session_idx" ON "tool_logs" USING btree ("project_id","session_id","created_at");