/**
 * Every error code the node answers, with the HTTP status it comes with (docs/api.md, "Errors", says
 * when each is answered). The client's own codes (`http_<status>` for an answer without a JSON error)
 * and codes of a newer node are none of these.
 */
export const ERROR_CODES = {
  bad_request: 400,
  invalid_field: 400,
  invalid_json: 400,
  invalid_path: 400,
  no_cohorts: 400,
  unauthenticated: 401,
  forbidden: 403,
  banned: 403,
  not_joined: 403,
  origin_not_allowed: 403,
  not_found: 404,
  board_not_found: 404,
  league_not_found: 404,
  tier_not_found: 404,
  period_not_found: 404,
  not_a_member: 404,
  user_not_found: 404,
  cohort_not_found: 404,
  key_not_found: 404,
  not_banned: 404,
  delivery_not_found: 404,
  profile_not_found: 404,
  reward_not_found: 404,
  metrics_disabled: 404,
  method_not_allowed: 405,
  request_timeout: 408,
  board_conflict: 409,
  league_conflict: 409,
  event_id_conflict: 409,
  period_closed: 409,
  period_closing: 409,
  period_not_started: 409,
  period_not_retained: 409,
  erasure_under_way: 409,
  period_archived: 409,
  delivery_in_progress: 409,
  no_webhook: 409,
  board_full: 409,
  attempts_exhausted: 409,
  not_running: 409,
  already_claimed: 409,
  payload_too_large: 413,
  uri_too_long: 414,
  unsupported_media_type: 415,
  score_out_of_range: 422,
  step_too_large: 422,
  friend_limit: 422,
  rate_limited: 429,
  headers_too_large: 431,
  internal: 500,
  service_unavailable: 503,
  shard_unavailable: 503,
  archive_unavailable: 503,
  overloaded: 503,
  write_unconfirmed: 503,
} as const;

/** An error code the node answers. */
export type ErrorCode = keyof typeof ERROR_CODES;

/**
 * Every answer the node gives with a status other than 2xx: its HTTP status and the JSON error body's
 * `error` (as `code`) and `message`. `field` is the request field the error is about: the body's
 * `field` when it has one, else, for `invalid_field`, the field the message names first (the node
 * writes them as "<field> <rule>").
 */
export class LeaderboardError extends Error {
  readonly status: number;
  readonly code: string;
  readonly field: string | undefined;
  /** Seconds from the `Retry-After` header (429, 503), when the node sent one. */
  readonly retryAfterSeconds: number | undefined;
  /** The parsed JSON error body (e.g. `limit` of `rate_limited`), or the text of a body that was not JSON. */
  readonly body: unknown;

  constructor(status: number, code: string, message: string, field: string | undefined,
    retryAfterSeconds: number | undefined, body: unknown) {
    super(message);
    this.name = 'LeaderboardError';
    this.status = status;
    this.code = code;
    this.field = field;
    this.retryAfterSeconds = retryAfterSeconds;
    this.body = body;
  }

  /** `code` as one of the node's {@link ERROR_CODES}, or undefined for a code it does not answer. */
  get errorCode(): ErrorCode | undefined {
    return Object.prototype.hasOwnProperty.call(ERROR_CODES, this.code) ? this.code as ErrorCode : undefined;
  }

  /** Reads a refused answer's body (once). */
  static async of(response: Response): Promise<LeaderboardError> {
    const text = await response.text().catch(() => '');
    let body: unknown = text;
    try {
      body = JSON.parse(text);
    } catch {
      // a proxy's HTML page or an empty body: kept as text
    }
    const json = typeof body === 'object' && body !== null ? body as Record<string, unknown> : {};
    const code = typeof json.error === 'string' ? json.error : `http_${response.status}`;
    const message = typeof json.message === 'string' ? json.message
      : `${response.status} ${response.statusText}`.trim();
    const field = typeof json.field === 'string' ? json.field
      : code === 'invalid_field' ? /^([A-Za-z0-9_.[\]]+) /.exec(message)?.[1] : undefined;
    return new LeaderboardError(response.status, code, message, field,
      retryAfter(response.headers.get('Retry-After')), body);
  }
}

/** Seconds to wait from a `Retry-After` header: a number of seconds or an HTTP date. */
export function retryAfter(header: string | null, now: number = Date.now()): number | undefined {
  if (header === null || header.trim() === '') {
    return undefined;
  }
  if (/^\d+$/.test(header.trim())) {
    return Number(header.trim());
  }
  const at = Date.parse(header);
  return Number.isNaN(at) ? undefined : Math.max(0, Math.ceil((at - now) / 1000));
}
