// A board's webhook deliveries, newest period first, each with a button that sends it again.

import {api, path} from './api.js';
import {$, el, note, replace, time} from './dom.js';
import {refusal} from './overview.js';

export class DeliveriesView {
  constructor(report) {
    this.report = report;
    this.board = null;
    $('deliveries-refresh').addEventListener('click', () => this.load());
  }

  show(board) {
    this.board = board;
    replace($('deliveries').tBodies[0]);
    this.load();
  }

  async load() {
    const board = this.board;
    try {
      const answer = await api.call('GET', path('v1', 'boards', board, 'deliveries'));
      if (board === this.board) {
        const list = answer.deliveries || [];
        note($('deliveries-note'), list.length ? '' : 'no webhook deliveries on this board');
        replace($('deliveries').tBodies[0], ...list.map(d => this.row(d)));
      }
    } catch (e) {
      replace($('deliveries').tBodies[0]);
      note($('deliveries-note'), refusal(e), true);
    }
  }

  row(d) {
    const again = el('button', {type: 'button', class: 'small', 'data-action': 'redeliver'}, 'Redeliver');
    again.addEventListener('click', () => this.redeliver(d.period));
    return el('tr', {'data-period': d.period, 'data-state': d.state},
      el('td', {}, d.period), el('td', {class: 'state'}, d.state), el('td', {class: 'num attempts'}, d.attempts),
      el('td', {}, d.lastError || ''), el('td', {}, time(d.deliveredAt ?? d.nextAttemptAt)), el('td', {}, again));
  }

  async redeliver(period) {
    try {
      await api.call('POST', path('v1', 'boards', this.board, 'deliveries', period, 'redeliver'));
      note($('deliveries-note'), `period ${period}: sent again`);
    } catch (e) {
      this.report(e);
    }
    await this.load();
  }
}
