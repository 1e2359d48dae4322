/** The inputs of a tool call, as the API and the tool router give them. */
/** `custom_connection_data` (contract §B): credentials given with the call instead of a stored account. */
export interface CustomConnectionData {
  authScheme: string;
  toolkitSlug?: string;
  val: Record<string, unknown>;
}

/** `custom_auth_params`: extra headers/query params (and base URL) for this call. */
export interface CustomAuthParams {
  base_url?: string;
  body?: Record<string, unknown>;
  parameters?: { in: 'query' | 'header'; name: string; value: string | number }[];
}

export interface ExecuteToolInput {
  toolSlug: string;
  arguments?: Record<string, unknown>;
  connectedAccountId?: string;
  userId?: string;
  /** toolkit version ("latest", "20250909_00", …) */
  version?: string;
  customAuthParams?: CustomAuthParams;
  customConnectionData?: CustomConnectionData;
  /** natural-language task instead of arguments */
  text?: string;
}

export interface ExecuteToolResult {
  data: Record<string, unknown>;
  error: string | null;
  successful: boolean;
  log_id: string;
}

/** Who is calling (recorded in the log): the public API or a tool-router session. */
export interface ExecOptions {
  source?: string;
  /** the tool router session the call was made in */
  sessionId?: string;
  /** the API request that made the call (its x-request-id) */
  requestId?: string;
}
