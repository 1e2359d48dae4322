CREATE TABLE "project_branding" (
	"project_id" text PRIMARY KEY NOT NULL,
	"theme" text DEFAULT 'system' NOT NULL,
	"corner_radius" text DEFAULT 'medium' NOT NULL,
	"palettes" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"texts" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"logo_id" text,
	"logo_type" text,
	"logo_data" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "project_branding" ADD CONSTRAINT "project_branding_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "project_branding_logo_idx" ON "project_branding" USING btree ("logo_id");