ALTER TABLE "connected_accounts" ADD COLUMN "refreshing_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "connected_accounts" ADD COLUMN "refresh_lease_id" text;--> statement-breakpoint
ALTER TABLE "oauth_flows" ADD COLUMN "browser_binding_hash" text;