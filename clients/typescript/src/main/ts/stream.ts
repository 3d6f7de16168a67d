import { LeaderboardError } from './errors.js';
import { SseParser } from './sse.js';
import type { Schemas } from './types.js';
import { wait } from './wait.js';

/** What to follow: the first `top` entries (default 10), up to 20 users, a period (default: the current one, followed across rollovers). */
export interface StreamQuery {
  top?: number;
  users?: string[];
  period?: string;
}

export interface TopEvent {
  board: string;
  period: string;
  total: number;
  entries: Schemas['Entry'][];
}

export interface EntryEvent {
  board: string;
  period: string;
  userId: string;
  entry: Schemas['Entry'] | null;
}

export interface PeriodEvent {
  board: string;
  previous: string;
  period: string;
}

/**
 * Called as events arrive. `top` and `entry` carry a feed's latest state; a state equal to the last
 * one handed over for the same feed (as a reconnection sends at once) is not handed over again.
 */
export interface StreamHandlers {
  top?(event: TopEvent): void;
  entry?(event: EntryEvent): void;
  period?(event: PeriodEvent): void;
  /** Each time a connection is open. */
  open?(): void;
  /** A connection failed or ended badly; `reconnecting` is false when the stream gives up (a 4xx but 408/429). */
  error?(error: unknown, reconnecting: boolean): void;
}

export interface StreamOptions {
  /** `eventsource` (browsers: a single-use ticket per connection), `fetch` (Node 18+: the Authorization header and `Last-Event-ID`); `auto` picks EventSource where there is one. */
  transport?: 'auto' | 'eventsource' | 'fetch';
  /** Longest wait between reconnection attempts after failures (default 10 s). */
  maxReconnectDelayMs?: number;
}

/** How the stream reaches the node; given by the client. */
export interface StreamSource {
  url(ticket: string | undefined): string;
  headers(): Promise<Record<string, string>>;
  ticket(signal: AbortSignal): Promise<string>;
  fetch: typeof fetch;
}

/**
 * A live stream of a board that reconnects after the connection ends (with `Last-Event-ID` over
 * fetch; a fresh ticket over EventSource) until {@link close}. The node answers a reconnection with
 * the current state at once, so nothing that happened while disconnected is missed.
 */
export class LiveStream {
  /** The `id` of the last event received. */
  lastEventId: string | undefined;
  /** How many connections have been opened. */
  connections = 0;
  private readonly stop = new AbortController();
  private readonly lastData = new Map<string, string>();
  private retryMs = 1000;
  /** Settles when the stream is closed or gave up. */
  readonly done: Promise<void>;

  constructor(private readonly source: StreamSource, private readonly handlers: StreamHandlers,
    private readonly options: StreamOptions = {}) {
    this.done = this.run();
  }

  close(): void {
    this.stop.abort(new Error('stream closed'));
  }

  get closed(): boolean {
    return this.stop.signal.aborted;
  }

  private async run(): Promise<void> {
    const maxDelay = this.options.maxReconnectDelayMs ?? 10_000;
    let failures = 0;
    while (!this.closed) {
      let delay = this.retryMs;
      try {
        await (this.useEventSource() ? this.viaEventSource() : this.viaFetch());
        failures = 0;
      } catch (e) {
        if (this.closed) {
          return;
        }
        const final = e instanceof LeaderboardError && e.status >= 400 && e.status < 500
          && e.status !== 408 && e.status !== 429;
        this.handlers.error?.(e, !final);
        if (final) {
          this.close();
          return;
        }
        failures++;
        delay = e instanceof LeaderboardError && e.retryAfterSeconds !== undefined
          ? e.retryAfterSeconds * 1000 : Math.min(maxDelay, 250 * 2 ** (failures - 1));
      }
      await wait(delay, this.stop.signal).catch(() => {});
    }
  }

  private useEventSource(): boolean {
    const transport = this.options.transport ?? 'auto';
    return transport === 'eventsource' || (transport === 'auto' && typeof globalThis.EventSource === 'function');
  }

  /** One connection over fetch: resolves when the node ends it, rejects when it cannot be opened or breaks. */
  private async viaFetch(): Promise<void> {
    const headers: Record<string, string> = { Accept: 'text/event-stream', ...await this.source.headers() };
    if (this.lastEventId !== undefined) {
      headers['Last-Event-ID'] = this.lastEventId;
    }
    const response = await this.source.fetch(this.source.url(undefined), { headers, signal: this.stop.signal });
    if (!response.ok || response.body === null) {
      throw await LeaderboardError.of(response);
    }
    this.opened();
    const parser = new SseParser((type, data, id) => this.dispatch(type, data, id), (ms) => {
      this.retryMs = ms;
    });
    const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) {
          return;
        }
        parser.push(value);
      }
    } finally {
      reader.releaseLock();
    }
  }

  /** One connection over the browser's EventSource, whose own reconnection (same URL, a spent ticket) is not used. */
  private async viaEventSource(): Promise<void> {
    const ticket = await this.source.ticket(this.stop.signal);
    const source = new EventSource(this.source.url(ticket));
    await new Promise<void>((resolve, reject) => {
      let open = false;
      const end = () => {
        source.close();
        this.stop.signal.removeEventListener('abort', end);
        if (open || this.closed) {
          resolve();
        } else {
          reject(new Error('the live stream could not be opened'));
        }
      };
      source.onopen = () => {
        open = true;
        this.opened();
      };
      for (const type of ['top', 'entry', 'period']) {
        source.addEventListener(type, (m) => this.dispatch(type, (m as MessageEvent).data, (m as MessageEvent).lastEventId));
      }
      source.onerror = end;
      this.stop.signal.addEventListener('abort', end, { once: true });
    });
  }

  private opened(): void {
    this.connections++;
    this.handlers.open?.();
  }

  private dispatch(type: string, data: string, id: string | undefined): void {
    if (id !== undefined && id !== '') {
      this.lastEventId = id;
    }
    const event = JSON.parse(data);
    if (type === 'top' || type === 'entry') {
      const feed = type === 'entry' ? `entry:${event.userId}` : type;
      if (this.lastData.get(feed) === data) {
        return;
      }
      this.lastData.set(feed, data);
    }
    if (type === 'top') {
      this.handlers.top?.(event);
    } else if (type === 'entry') {
      this.handlers.entry?.(event);
    } else if (type === 'period') {
      this.handlers.period?.(event);
    }
  }
}
