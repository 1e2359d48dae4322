CREATE TABLE "webhook_endpoints" (
	"id" text PRIMARY KEY NOT NULL,
	"project_id" text NOT NULL,
	"toolkit_slug" text NOT NULL,
	"client_id" text NOT NULL,
	"data_enc" text,
	"verified_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "webhook_endpoints" ADD CONSTRAINT "webhook_endpoints_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "webhook_endpoints_identity" ON "webhook_endpoints" USING btree ("project_id","toolkit_slug","client_id");--> statement-breakpoint
CREATE INDEX "webhook_endpoints_project" ON "webhook_endpoints" USING btree ("project_id","created_at");