/** The v3 shapes the dashboard reads (a subset of lib/contract, kept loose: any v3 server may answer). */
export interface List<T> {
  items: T[];
  next_cursor?: string | null;
  total_pages: number;
  current_page: number;
  total_items: number;
}

export interface Account {
  id: string;
  alias: string | null;
  word_id: string | null;
  toolkit: { slug: string };
  auth_config: {
    id: string;
    auth_scheme: string;
    is_composio_managed: boolean;
    is_service_managed?: boolean;
    is_disabled: boolean;
    deprecated?: { uuid: string };
  };
  user_id: string;
  status: string;
  status_reason: string | null;
  created_at: string;
  updated_at: string;
  state: { authScheme: string; val: Record<string, unknown> };
  data: Record<string, unknown>;
  params: Record<string, unknown>;
  is_disabled: boolean;
  test_request_endpoint?: string;
  deprecated?: { labels: string[]; uuid: string };
}

export interface AuthConfig {
  id: string;
  name: string;
  no_of_connections: number;
  status: 'ENABLED' | 'DISABLED';
  type: 'default' | 'custom';
  toolkit: { slug: string; logo: string };
  auth_scheme?: string;
  is_composio_managed: boolean;
  created_at: string;
  last_updated_at: string;
  credentials: Record<string, unknown>;
}

export interface ToolkitItem {
  slug: string;
  name: string;
  meta: {
    description: string;
    logo: string;
    tools_count: number;
    triggers_count: number;
    categories: Array<{ id?: string; slug?: string; name: string }>;
    version?: string;
  };
  auth_schemes?: string[];
  no_auth?: boolean;
}

export interface AuthField {
  name: string;
  displayName: string;
  description: string;
  type: string;
  required: boolean;
  default?: string | null;
}
export interface AuthConfigDetail {
  name: string;
  mode: string;
  fields: {
    auth_config_creation: { required: AuthField[]; optional: AuthField[] };
    connected_account_initiation: { required: AuthField[]; optional: AuthField[] };
  };
}
export interface Toolkit extends ToolkitItem {
  auth_config_details: AuthConfigDetail[];
  composio_managed_auth_schemes: string[];
}

export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  description?: string;
  title?: string;
  default?: unknown;
  examples?: unknown[];
  format?: string;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  /** a staged-file input `{name, mimetype, s3key}` */
  file_uploadable?: boolean;
}

export interface Tool {
  slug: string;
  name: string;
  description: string;
  input_parameters: JsonSchema;
  output_parameters: JsonSchema;
  toolkit: { slug: string; name: string; logo: string };
  tags: string[];
  scopes?: string[];
  no_auth: boolean;
  version: string;
  is_deprecated?: boolean;
  /** Junction extension: a curated tool in the hosted vocabulary rather than a raw API operation */
  is_curated?: boolean;
}

export interface TriggerType {
  slug: string;
  name: string;
  description: string;
  instructions?: string;
  type: 'webhook' | 'poll';
  toolkit: { slug: string; name: string; logo: string };
  config: JsonSchema;
  payload: JsonSchema;
  version?: string;
}

export interface TriggerInstance {
  id: string;
  trigger_name: string;
  connected_account_id: string;
  user_id: string;
  trigger_config: Record<string, unknown>;
  disabled_at: string | null;
  updated_at: string;
}
