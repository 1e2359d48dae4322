CREATE TABLE "custom_toolkit_versions" (
	"id" text PRIMARY KEY NOT NULL,
	"toolkit_id" text NOT NULL,
	"version" text NOT NULL,
	"tools" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "custom_toolkits" ADD COLUMN "kind" text DEFAULT 'openapi' NOT NULL;--> statement-breakpoint
ALTER TABLE "custom_toolkits" ADD COLUMN "version" text;--> statement-breakpoint
ALTER TABLE "custom_toolkit_versions" ADD CONSTRAINT "custom_toolkit_versions_toolkit_id_custom_toolkits_id_fk" FOREIGN KEY ("toolkit_id") REFERENCES "public"."custom_toolkits"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "custom_toolkit_versions_toolkit_version_idx" ON "custom_toolkit_versions" USING btree ("toolkit_id","version");