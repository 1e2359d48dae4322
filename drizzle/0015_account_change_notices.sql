-- Per-process caches of what tool execution reads (an account joined with its auth config) are
-- dropped when that changes. The notice is raised by the database itself, so every writer is
-- covered (API, token refresh, sweeps, migrations, an operator's psql), and it is delivered at
-- commit to every process listening on junction_cache. One notice per project and transaction:
-- PostgreSQL folds identical notices of a transaction into one.
CREATE OR REPLACE FUNCTION junction_exec_account_changed() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM pg_notify('junction_cache', 'exec_account:' || OLD.project_id);
  ELSE
    PERFORM pg_notify('junction_cache', 'exec_account:' || NEW.project_id);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- last_used_at, labels, alias and the refresh lease are not read by execution: updating them
-- (last_used_at on every few calls) raises no notice.
CREATE TRIGGER connected_accounts_exec_changed
  AFTER INSERT OR DELETE OR UPDATE OF status, is_disabled, state_enc, token_expires_at, auth_config_id,
    auth_scheme, toolkit_slug, user_id, deleted_at
  ON connected_accounts FOR EACH ROW EXECUTE FUNCTION junction_exec_account_changed();
--> statement-breakpoint
CREATE TRIGGER auth_configs_exec_changed
  AFTER DELETE OR UPDATE OF status, type, credentials_enc, tool_access_config, restrict_to_following_tools, deleted_at
  ON auth_configs FOR EACH ROW EXECUTE FUNCTION junction_exec_account_changed();
