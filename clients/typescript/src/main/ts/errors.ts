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
