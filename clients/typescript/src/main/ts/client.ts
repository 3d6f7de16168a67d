import { LeaderboardError } from './errors.js';
import { Operations, ROUTES, type OperationId } from './generated/operations.js';
import { LiveStream, type StreamHandlers, type StreamOptions, type StreamQuery } from './stream.js';
import type { CallOptions } from './types.js';
import { wait } from './wait.js';

/** Retries of 429 and 503 answers; no other status is retried. */
export interface RetryPolicy {
  /** Attempts in all, the first included (default 4; 1 turns retries off). */
  maxAttempts?: number;
  /** The most a call waits in all between its attempts (default 30 s); a longer `Retry-After` ends the call with the error. */
  maxTotalWaitMs?: number;
  /** The wait when the answer has no `Retry-After` (default 1 s). */
  defaultWaitMs?: number;
  /** Told before each wait; the retry waits for a returned promise too. */
  onRetry?(retry: RetryInfo): void | Promise<void>;
}

export interface RetryInfo {
  operation: OperationId;
  /** The attempt that was refused, from 1. */
  attempt: number;
  error: LeaderboardError;
  waitMs: number;
}

export interface ClientOptions {
  /** The node's or the load balancer's URL, e.g. `https://lb.example.com`. */
  baseUrl: string;
  /** An API key (`lb_…`), sent as `Authorization: Bearer`. */
  apiKey?: string;
  /** A player token (JWT), or a function giving the current one; used when there is no `apiKey`. */
  playerToken?: string | (() => string | Promise<string>);
  retry?: RetryPolicy;
  /** Another fetch (default: the global one). */
  fetch?: typeof fetch;
  /** Makes the `eventId` of an event sent without one (default: `crypto.randomUUID()`). */
  eventId?: () => string;
}

/**
 * The leaderboard API: one method per operation of openapi.yaml (named by its `operationId`, path
 * parameters first, then the body, the query and per-call options), typed from the same document,
 * plus {@link stream} for live streams. Refusals throw {@link LeaderboardError}.
 */
export class LeaderboardClient extends Operations {
  private readonly baseUrl: string;
  private readonly fetchFn: typeof fetch;
  private readonly retry: Required<Omit<RetryPolicy, 'onRetry'>> & Pick<RetryPolicy, 'onRetry'>;

  constructor(private readonly options: ClientOptions) {
    super();
    this.baseUrl = options.baseUrl.replace(/\/+$/, '');
    this.fetchFn = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
    this.retry = {
      maxAttempts: Math.max(1, options.retry?.maxAttempts ?? 4),
      maxTotalWaitMs: options.retry?.maxTotalWaitMs ?? 30_000,
      defaultWaitMs: options.retry?.defaultWaitMs ?? 1000,
      onRetry: options.retry?.onRetry,
    };
  }

  /**
   * Follows a board live: its top entries and the given users, reconnecting after the connection
   * ends until `close()`.
   */
  stream(board: string, query: StreamQuery = {}, handlers: StreamHandlers = {}, options: StreamOptions = {}): LiveStream {
    const params = new URLSearchParams();
    if (query.top !== undefined) params.set('top', String(query.top));
    if (query.users !== undefined && query.users.length > 0) params.set('users', query.users.join(','));
    if (query.period !== undefined) params.set('period', query.period);
    const path = this.path(ROUTES.stream.path, { board });
    return new LiveStream({
      url: (ticket) => {
        const q = new URLSearchParams(params);
        if (ticket !== undefined) q.set('ticket', ticket);
        const s = q.toString();
        return this.baseUrl + path + (s ? `?${s}` : '');
      },
      headers: () => this.authorization(),
      ticket: async (signal) => (await this.streamTicket(board, { signal })).ticket,
      fetch: this.fetchFn,
    }, handlers, options);
  }

  protected async call(operation: OperationId, pathParams: Record<string, string | number>, body: unknown,
    query: object | undefined, options: CallOptions | undefined): Promise<unknown> {
    const route = ROUTES[operation];
    const url = this.baseUrl + this.path(route.path, pathParams) + queryString(query);
    // once, before the first attempt, so that every retry sends the same event IDs
    const payload = body === undefined ? undefined : JSON.stringify(await this.withEventIds(route, body));
    let waited = 0;
    for (let attempt = 1; ; attempt++) {
      const headers: Record<string, string> = { Accept: 'application/json', ...await this.authorization(), ...options?.headers };
      if (payload !== undefined) headers['Content-Type'] = 'application/json';
      const response = await this.fetchFn(url, { method: route.method, headers, body: payload, signal: options?.signal });
      if (response.ok) {
        return route.answer === 'json' ? response.json() : response.text();
      }
      const error = await LeaderboardError.of(response);
      const waitMs = error.retryAfterSeconds !== undefined ? error.retryAfterSeconds * 1000 : this.retry.defaultWaitMs;
      if ((error.status !== 429 && error.status !== 503) || attempt >= this.retry.maxAttempts
        || waited + waitMs > this.retry.maxTotalWaitMs) {
        throw error;
      }
      await this.retry.onRetry?.({ operation, attempt, error, waitMs });
      await wait(waitMs, options?.signal);
      waited += waitMs;
    }
  }

  private async withEventIds(route: (typeof ROUTES)[OperationId], body: unknown): Promise<unknown> {
    const events = 'events' in route ? route.events : undefined;
    if (events === 'one') {
      return this.withEventId(body);
    }
    if (events === 'batch' && typeof body === 'object' && body !== null && Array.isArray((body as { events?: unknown }).events)) {
      return { ...body, events: await Promise.all((body as { events: unknown[] }).events.map((e) => this.withEventId(e))) };
    }
    return body;
  }

  private async withEventId(event: unknown): Promise<unknown> {
    if (typeof event !== 'object' || event === null || (event as { eventId?: unknown }).eventId != null) {
      return event;
    }
    return { ...event, eventId: this.options.eventId ? this.options.eventId() : await randomUUID() };
  }

  private async authorization(): Promise<Record<string, string>> {
    const token = this.options.apiKey
      ?? (typeof this.options.playerToken === 'function' ? await this.options.playerToken() : this.options.playerToken);
    return token ? { Authorization: `Bearer ${token}` } : {};
  }

  private path(template: string, params: Record<string, string | number>): string {
    return template.replace(/\{(\w+)\}/g, (_, name: string) => {
      const value = params[name];
      if (value === undefined || value === '') {
        throw new TypeError(`path parameter ${name} is missing`);
      }
      return encodeURIComponent(String(value));
    });
  }
}

let nodeRandomUUID: (() => string) | undefined;

/** `crypto.randomUUID()`; Node 18 has no global `crypto` unless flagged, so there it comes from node:crypto. */
async function randomUUID(): Promise<string> {
  if (typeof globalThis.crypto?.randomUUID === 'function') {
    return globalThis.crypto.randomUUID();
  }
  if (nodeRandomUUID === undefined) {
    const module = 'node:crypto'; // a name bundlers for browsers leave alone
    nodeRandomUUID = ((await import(/* webpackIgnore: true */ /* @vite-ignore */ module)) as { randomUUID: () => string }).randomUUID;
  }
  return nodeRandomUUID();
}

function queryString(query: object | undefined): string {
  if (!query) {
    return '';
  }
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    if (value !== undefined && value !== null) {
      params.append(name, Array.isArray(value) ? value.join(',') : String(value));
    }
  }
  const s = params.toString();
  return s ? `?${s}` : '';
}
