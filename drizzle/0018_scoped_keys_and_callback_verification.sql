ALTER TABLE "api_keys" ADD COLUMN "permissions" jsonb;--> statement-breakpoint
ALTER TABLE "api_keys" ADD COLUMN "allowed_ips" jsonb;--> statement-breakpoint
ALTER TABLE "api_keys" ADD COLUMN "expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "oauth_flows" ADD COLUMN "held_enc" text;--> statement-breakpoint
ALTER TABLE "oauth_flows" ADD COLUMN "completion_hash" text;--> statement-breakpoint
ALTER TABLE "oauth_flows" ADD COLUMN "completion_expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "oauth_flows" ADD COLUMN "completion_used_at" timestamp with time zone;--> statement-breakpoint
CREATE UNIQUE INDEX "oauth_flows_completion_idx" ON "oauth_flows" USING btree ("completion_hash");