CREATE TABLE "trigger_deliveries" (
	"trigger_id" text NOT NULL,
	"delivery_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "trigger_deliveries_trigger_id_delivery_id_pk" PRIMARY KEY("trigger_id","delivery_id")
);
--> statement-breakpoint
CREATE TABLE "trigger_instances" (
	"id" text PRIMARY KEY NOT NULL,
	"project_id" text NOT NULL,
	"uuid" uuid DEFAULT gen_random_uuid() NOT NULL,
	"slug" text NOT NULL,
	"toolkit_slug" text NOT NULL,
	"kind" text NOT NULL,
	"connected_account_id" text NOT NULL,
	"auth_config_id" text NOT NULL,
	"user_id" text NOT NULL,
	"config" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"config_hash" text NOT NULL,
	"version" text NOT NULL,
	"status" text DEFAULT 'enabled' NOT NULL,
	"disabled_at" timestamp with time zone,
	"disabled_by" text,
	"disabled_reason" text,
	"cursor" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"poll_seq" integer DEFAULT 0 NOT NULL,
	"next_poll_at" timestamp with time zone,
	"last_polled_at" timestamp with time zone,
	"lease_token" text,
	"lease_until" timestamp with time zone,
	"failures" integer DEFAULT 0 NOT NULL,
	"auth_failures" integer DEFAULT 0 NOT NULL,
	"registration" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"secrets_enc" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "trigger_logs" (
	"id" text PRIMARY KEY NOT NULL,
	"project_id" text NOT NULL,
	"trigger_id" text NOT NULL,
	"kind" text NOT NULL,
	"outcome" text NOT NULL,
	"events_emitted" integer DEFAULT 0 NOT NULL,
	"http_status" integer,
	"message" text,
	"detail" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "trigger_instances" ADD CONSTRAINT "trigger_instances_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trigger_logs" ADD CONSTRAINT "trigger_logs_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "trigger_instances_project_idx" ON "trigger_instances" USING btree ("project_id","created_at") WHERE "trigger_instances"."deleted_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "trigger_instances_identity_idx" ON "trigger_instances" USING btree ("project_id","slug","connected_account_id","config_hash") WHERE "trigger_instances"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "trigger_instances_due_idx" ON "trigger_instances" USING btree ("next_poll_at") WHERE "trigger_instances"."deleted_at" is null and "trigger_instances"."status" = 'enabled' and "trigger_instances"."kind" = 'poll';--> statement-breakpoint
CREATE INDEX "trigger_instances_account_idx" ON "trigger_instances" USING btree ("connected_account_id");--> statement-breakpoint
CREATE INDEX "trigger_logs_trigger_idx" ON "trigger_logs" USING btree ("trigger_id","created_at");