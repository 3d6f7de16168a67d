import assert from 'node:assert/strict';
import { LeaderboardClient, LeaderboardError, type EntryEvent, type TopEvent } from '../../main/ts/index.js';
import { SseParser } from '../../main/ts/sse.js';
import { admin, Arrivals, control, nodes, nodeTest, recordingFetch, unique } from './nodes.js';

nodeTest('a live stream resumes after the node stops and starts again, losing and repeating nothing', async () => {
  const lb = admin();
  const board = unique('ts-live');
  await lb.putBoard(board, { operator: 'incr' });
  const recording = recordingFetch();
  const watcher = new LeaderboardClient({ baseUrl: nodes.url, apiKey: nodes.adminKey, fetch: recording.fetch });
  const arrivals = new Arrivals();
  const scores: (number | null)[] = [];
  const tops: TopEvent[] = [];
  const errors: unknown[] = [];
  const live = watcher.stream(board, { top: 10, users: ['runner'] }, {
    entry: (e: EntryEvent) => { scores.push(e.entry?.score ?? null); arrivals.changed(); },
    top: (t) => { tops.push(t); arrivals.changed(); },
    open: () => arrivals.changed(),
    error: (e) => errors.push(e),
  }, { transport: 'fetch', maxReconnectDelayMs: 500 });
  try {
    await arrivals.until('the first state', () => scores.length === 1 && tops.length === 1);
    const expected: (number | null)[] = [null];
    let total = 0;
    const step = async (value: number) => {
      await lb.submit(board, { userId: 'runner', value });
      total += value;
      expected.push(total);
      // the top and the user are separate feeds, each sent on its own interval
      await arrivals.until(`score ${total} streamed`, () => scores.at(-1) === total && tops.at(-1)?.entries[0]?.score === total);
    };
    for (const value of [3, 4, 5]) {
      await step(value);
    }
    const idBeforeRestart = live.lastEventId;
    assert.ok(idBeforeRestart !== undefined);

    await control('restart');
    await arrivals.until('the stream connected again', () => live.connections === 2, 60_000);
    for (const value of [6, 7]) {
      await step(value);
    }
    assert.deepEqual(scores, expected, 'each state once, in order: none lost, none repeated across the reconnection');
    assert.deepEqual(tops.map((t) => t.entries.map((e) => e.score)), expected.map((score) => (score === null ? [] : [score])),
      'each top once, in order');
    assert.deepEqual(tops.at(-1)?.entries.map((e) => e.userId), ['runner']);
    const streamRequests = recording.requests.filter((r) => r.url.includes('/stream'));
    assert.equal(streamRequests[0].headers.get('Last-Event-ID'), null);
    assert.ok(streamRequests.length >= 2);
    assert.equal(streamRequests[1].headers.get('Last-Event-ID'), idBeforeRestart, 'reconnects with Last-Event-ID');
  } finally {
    live.close();
    await live.done;
  }
  await lb.deleteBoard(board);
});

/**
 * The browser's EventSource as far as the client uses it (open, typed events, error, close),
 * over fetch, for a runtime that has none; it talks to the real node.
 */
class FetchEventSource {
  onopen: (() => void) | null = null;
  onerror: (() => void) | null = null;
  private readonly listeners = new Map<string, ((m: { data: string; lastEventId: string }) => void)[]>();
  private readonly abort = new AbortController();
  static opened: string[] = [];

  constructor(url: string) {
    FetchEventSource.opened.push(url);
    void this.read(url);
  }

  addEventListener(type: string, listener: (m: { data: string; lastEventId: string }) => void): void {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }

  close(): void {
    this.abort.abort();
  }

  private async read(url: string): Promise<void> {
    try {
      const response = await fetch(url, { headers: { Accept: 'text/event-stream' }, signal: this.abort.signal });
      if (!response.ok || !response.body) {
        throw new Error(String(response.status));
      }
      this.onopen?.();
      const parser = new SseParser((type, data, id) => this.listeners.get(type)?.forEach((l) => l({ data, lastEventId: id ?? '' })));
      const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        parser.push(value);
      }
    } catch {
      // reported as the browser does: an error event, nothing more
    }
    if (!this.abort.signal.aborted) {
      this.onerror?.();
    }
  }
}

nodeTest('over EventSource the stream opens with a ticket, never a key in the URL, and stops when its board is gone', async () => {
  const lb = admin();
  const board = unique('ts-es');
  await lb.putBoard(board, {});
  await lb.submit(board, { userId: 'top', value: 50 });
  const arrivals = new Arrivals();
  const tops: TopEvent[] = [];
  const errors: [unknown, boolean][] = [];
  (globalThis as Record<string, unknown>).EventSource = FetchEventSource;
  try {
    const live = lb.stream(board, { top: 3 }, {
      top: (t) => { tops.push(t); arrivals.changed(); },
      error: (e, reconnecting) => { errors.push([e, reconnecting]); arrivals.changed(); },
    }, { maxReconnectDelayMs: 200 });
    await arrivals.until('the top over EventSource', () => tops.length === 1);
    assert.deepEqual(tops[0].entries.map((e) => e.userId), ['top']);
    assert.match(FetchEventSource.opened[0], /[?&]ticket=st_[A-Za-z0-9_-]{43}(&|$)/);
    assert.ok(!FetchEventSource.opened[0].includes(nodes.adminKey));

    await lb.deleteBoard(board); // ends the stream; the next ticket is refused
    await live.done;
    const last = errors.at(-1);
    assert.ok(last && last[0] instanceof LeaderboardError && last[0].code === 'board_not_found' && last[1] === false,
      `gave up on board_not_found: ${errors.map(([e]) => String(e)).join(', ')}`);
  } finally {
    delete (globalThis as Record<string, unknown>).EventSource;
  }
});
