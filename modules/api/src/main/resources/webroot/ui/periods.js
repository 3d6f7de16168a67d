// A board's periods, newest first, with their state; any period's entries can be paged through
// (archived ones answer from the archive, with the rewards they recorded), and admins can close a
// period now.

import {api, path, query} from './api.js';
import {$, el, entryRows, replace, time} from './dom.js';
import {RewardsView} from './rewards.js';

const PAGE = 20;

export class PeriodsView {
  /** @param admin whether the key may hold the admin scope (the rewards of a period are admin reads) */
  constructor(report, admin = () => true) {
    this.report = report;
    this.admin = admin;
    this.board = null;
    this.period = null;
    this.offset = 0;
    this.total = 0;
    this.millis = false;
    this.rewards = new RewardsView();
    $('period-prev').addEventListener('click', () => this.page(Math.max(0, this.offset - PAGE)));
    $('period-next').addEventListener('click', () => this.page(this.offset + PAGE));
  }

  /** @param millis whether the board's entry times are shown to the millisecond */
  async show(board, millis) {
    this.millis = millis;
    if (this.board !== board) {
      this.board = board;
      this.period = null;
      $('period-page').hidden = true;
    }
    try {
      const answer = await api.call('GET', path('v1', 'boards', board, 'periods'));
      replace($('periods').tBodies[0], ...(answer.periods || []).map(p => this.row(p)));
    } catch (e) {
      replace($('periods').tBodies[0]);
      this.report(e);
    }
  }

  row(p) {
    const view = el('button', {type: 'button', class: 'small', 'data-action': 'view'}, 'Entries');
    view.addEventListener('click', () => this.open(p));
    const actions = el('td', {}, view);
    if (p.state === 'open') {
      const close = el('button', {type: 'button', class: 'small danger', 'data-action': 'close'}, 'Close now');
      close.addEventListener('click', () => this.close(p.period));
      actions.append(' ', close);
    }
    return el('tr', {'data-period': p.period, 'data-state': p.state},
      el('td', {}, p.period), el('td', {}, p.state), el('td', {class: 'num'}, p.size),
      el('td', {}, time(p.start)), el('td', {}, time(p.end)), actions);
  }

  open(p) {
    this.period = p.period;
    $('period-name').textContent = p.period;
    $('period-state').textContent = p.state;
    $('period-page').hidden = false;
    this.page(0);
    this.rewards.show(this.board, p.period, this.admin() ? p.state : null);
  }

  async page(offset) {
    try {
      const page = await api.call('GET', path('v1', 'boards', this.board, 'entries')
        + query({period: this.period, offset, limit: PAGE}));
      this.offset = offset;
      this.total = page.total || 0;
      const entries = page.entries || [];
      replace($('period-entries').tBodies[0], ...entryRows(entries, {millis: this.millis}));
      $('period-range').textContent = entries.length
        ? `${offset + 1}–${offset + entries.length} of ${this.total}` : `none of ${this.total}`;
      $('period-prev').disabled = offset === 0;
      $('period-next').disabled = offset + PAGE >= this.total;
    } catch (e) {
      this.report(e);
    }
  }

  async close(period) {
    if (!window.confirm(`Close period ${period} of ${this.board} now and archive it?`)) {
      return;
    }
    try {
      await api.call('POST', path('v1', 'boards', this.board, 'periods', period, 'close'));
      await this.show(this.board);
    } catch (e) {
      this.report(e);
    }
  }
}
