CREATE TABLE "dashboard_revoked_sessions" (
	"sid" text PRIMARY KEY NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "dashboard_revoked_sessions_expires_at_index" ON "dashboard_revoked_sessions" USING btree ("expires_at");