ALTER TABLE "tool_logs" ADD COLUMN "auth_config_id" text;--> statement-breakpoint
ALTER TABLE "tool_logs" ADD COLUMN "session_id" text;--> statement-breakpoint
ALTER TABLE "tool_logs" ADD COLUMN "request_id" text;--> statement-breakpoint
CREATE INDEX "tool_logs_session_idx" ON "tool_logs" USING btree ("project_id","session_id","created_at");