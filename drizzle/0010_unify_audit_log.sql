-- The dashboard's audit trail moves into the service's audit_log (owned by the bootstrap organization).
INSERT INTO "audit_log" ("id", "org_id", "actor_type", "actor", "action", "target", "outcome", "detail", "created_at")
  SELECT d."id", s."value"->>'orgId', 'admin', d."actor", d."action", d."target", 'success',
         CASE WHEN d."connection_id" IS NULL THEN '{}'::jsonb ELSE jsonb_build_object('connection_id', d."connection_id") END,
         d."created_at"
    FROM "dashboard_audit" d JOIN "instance_settings" s ON s."key" = 'bootstrap';--> statement-breakpoint
DROP TABLE "dashboard_audit" CASCADE;
