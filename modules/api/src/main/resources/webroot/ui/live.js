// A board's top entries as they change. Over the node's event stream: a fresh single-use ticket
// (POST .../stream-tickets, with the key) for every connection, then an EventSource on
// .../stream?top=N&ticket=... whose `top` events carry the whole top. A node without streams
// (the ticket route answers 404 not_found) is polled instead: the page read every second.

import {api, path, query} from './api.js';

const POLL_MS = 1000;
const RETRY_MS = [500, 1000, 2000, 5000, 10000];

export class LiveTop {
  /**
   * @param board the board's name
   * @param top how many entries
   * @param onTop called with {period, total, entries}
   * @param onState called with 'connecting' | 'stream' | 'polling' | 'retrying', and an error if any
   */
  constructor(board, top, onTop, onState) {
    this.board = board;
    this.top = top;
    this.onTop = onTop;
    this.onState = onState;
    this.stopped = true;
    this.failures = 0;
    this.source = null;
    this.timer = null;
  }

  start() {
    this.stopped = false;
    this.connect();
    return this;
  }

  stop() {
    this.stopped = true;
    clearTimeout(this.timer);
    if (this.source) {
      this.source.close();
      this.source = null;
    }
  }

  async connect() {
    if (this.stopped) {
      return;
    }
    this.onState('connecting');
    let ticket;
    try {
      ticket = await api.call('POST', path('v1', 'boards', this.board, 'stream-tickets'));
    } catch (e) {
      if (e.status === 404 && e.code === 'not_found') {
        this.poll();
      } else {
        this.retry(e);
      }
      return;
    }
    if (this.stopped) {
      return;
    }
    const url = path('v1', 'boards', this.board, 'stream') + query({top: this.top, ticket: ticket.ticket});
    const source = new EventSource(url);
    this.source = source;
    source.addEventListener('open', () => {
      this.failures = 0;
      this.onState('stream');
    });
    source.addEventListener('top', event => this.deliver(event.data));
    source.addEventListener('error', () => {
      // the browser would reconnect with the same ticket, which is spent: start over with a new one
      source.close();
      if (this.source === source) {
        this.source = null;
        this.retry(null);
      }
    });
  }

  deliver(data) {
    try {
      const top = JSON.parse(data);
      this.onTop({period: top.period, total: top.total, entries: Array.isArray(top.entries) ? top.entries : []});
    } catch (e) {
      this.onState('stream', new Error('an event could not be read: ' + e.message));
    }
  }

  retry(error) {
    if (this.stopped) {
      return;
    }
    const delay = RETRY_MS[Math.min(this.failures, RETRY_MS.length - 1)];
    this.failures++;
    this.onState('retrying', error);
    this.timer = setTimeout(() => this.connect(), delay);
  }

  async poll() {
    if (this.stopped) {
      return;
    }
    try {
      const page = await api.call('GET', path('v1', 'boards', this.board, 'entries') + query({limit: this.top}));
      if (!this.stopped) {
        this.onState('polling');
        this.onTop({period: page.period, total: page.total, entries: page.entries || []});
      }
    } catch (e) {
      this.onState('polling', e);
    }
    if (!this.stopped) {
      this.timer = setTimeout(() => this.poll(), POLL_MS);
    }
  }
}
