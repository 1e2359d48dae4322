CREATE TABLE "mcp_consent_links" (
	"id" text PRIMARY KEY NOT NULL,
	"project_id" text NOT NULL,
	"user_id" text NOT NULL,
	"resource" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"opened_at" timestamp with time zone,
	"last_used_at" timestamp with time zone,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "mcp_consent_links" ADD CONSTRAINT "mcp_consent_links_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "mcp_consent_links_project_idx" ON "mcp_consent_links" USING btree ("project_id","created_at");--> statement-breakpoint
CREATE INDEX "mcp_consent_links_expires_idx" ON "mcp_consent_links" USING btree ("expires_at");