// The overview: the node's readiness checks, the boards with their entries in the current period,
// and submits and reads per second from the node's own /metrics, refreshed every few seconds.

import {api, path} from './api.js';
import {$, el, note, replace} from './dom.js';
import {Every} from './every.js';
import {counts, rates} from './metrics.js';

const EVERY_MS = 3000;
/** Boards whose current size is read on each refresh (one small read each). */
const SIZED_BOARDS = 50;

export class OverviewView {
  constructor(report) {
    this.report = report;
    this.every = new Every(EVERY_MS, () => this.refresh());
    this.last = null;
  }

  start() {
    this.every.start();
  }

  stop() {
    this.every.stop();
  }

  async refresh() {
    await Promise.all([this.health(), this.boards(), this.metrics()]);
    $('ov-updated').textContent = new Date().toISOString().slice(11, 19) + 'Z';
  }

  async health() {
    try {
      // 503 DOWN still carries the checks
      const response = await fetch('/health/ready', {cache: 'no-store', credentials: 'omit'});
      const ready = await response.json();
      const status = $('ov-status');
      status.textContent = ready.status;
      status.dataset.state = ready.status;
      replace($('ov-checks').tBodies[0], ...Object.entries(ready.checks || {}).map(([name, check]) => checkRow(name, check)));
    } catch (e) {
      $('ov-status').textContent = 'no answer';
      $('ov-status').dataset.state = 'DOWN';
    }
  }

  async boards() {
    try {
      const boards = (await api.call('GET', '/v1/boards')).boards || [];
      const rows = await Promise.all(boards.slice(0, SIZED_BOARDS).map(async b => {
        let total = '';
        try {
          total = (await api.call('GET', path('v1', 'boards', b.board, 'entries') + '?limit=1&meta=false')).total;
        } catch (e) {
          total = e.code || 'error';
        }
        return el('tr', {'data-board': b.board}, el('td', {}, b.board), el('td', {}, b.period),
          el('td', {class: 'num total'}, total));
      }));
      replace($('ov-boards').tBodies[0], ...rows);
      note($('ov-boards-note'), boards.length > SIZED_BOARDS
        ? `the first ${SIZED_BOARDS} of ${boards.length} boards` : `${boards.length} boards`);
    } catch (e) {
      replace($('ov-boards').tBodies[0]);
      note($('ov-boards-note'), refusal(e), true);
    }
  }

  async metrics() {
    try {
      const now = {at: performance.now(), ...counts(await api.text('/metrics'))};
      const rate = rates(this.last, now);
      this.last = now;
      $('ov-submits').textContent = rate ? rate.submits.toFixed(1) : '…';
      $('ov-reads').textContent = rate ? rate.reads.toFixed(1) : '…';
      note($('ov-metrics-note'), `${now.submits} submits, ${now.reads} reads since the node started`);
    } catch (e) {
      $('ov-submits').textContent = '–';
      $('ov-reads').textContent = '–';
      note($('ov-metrics-note'), refusal(e), true);
    }
  }
}

function checkRow(name, check) {
  let detail = check.reason || check.detail || '';
  if (Array.isArray(check.shards)) {
    const up = check.shards.filter(s => s.up).length;
    detail = `shards ${up} up, ${check.shards.length - up} down` + (check.server ? '; ' + check.server : '')
      + (detail ? '; ' + detail : '');
  }
  return el('tr', {'data-check': name}, el('td', {}, name),
    el('td', {}, el('span', {class: 'badge', 'data-state': check.status}, check.status)), el('td', {}, detail));
}

/** What a refusal means for this view, in words. */
export function refusal(e) {
  if (e && e.status === 403) {
    return 'this key may not read this (' + (e.code || '403') + '): ' + e.message;
  }
  return e && e.message ? e.message : String(e);
}
