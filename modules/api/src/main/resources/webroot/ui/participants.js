// A board's participants in join order, a page at a time, and a cohort's board: its members ranked
// among themselves beside their board ranks (archived periods answer from the archive).

import {api, path, query} from './api.js';
import {$, el, note, replace, time} from './dom.js';
import {refusal} from './overview.js';

const PAGE = 20;

export class ParticipantsView {
  constructor(report) {
    this.report = report;
    this.board = null;
    this.offset = 0;
    this.total = 0;
    this.millis = false;
    $('participants-refresh').addEventListener('click', () => this.page(0));
    $('participants-prev').addEventListener('click', () => this.page(Math.max(0, this.offset - PAGE)));
    $('participants-next').addEventListener('click', () => this.page(this.offset + PAGE));
  }

  /** @param millis whether the board's entry times are shown to the millisecond */
  show(board, millis) {
    this.millis = millis;
    if (this.board !== board) {
      this.board = board;
      $('participants-period').value = 'current';
      replace($('cohort').tBodies[0]);
      $('cohort-id').textContent = '';
      $('cohort-missing').textContent = '';
    }
    this.page(0);
  }

  period() {
    return $('participants-period').value.trim() || 'current';
  }

  async page(offset) {
    const board = this.board;
    try {
      const answer = await api.call('GET', path('v1', 'boards', board, 'participants')
          + query({period: this.period(), offset, limit: PAGE}));
      if (board !== this.board) {
        return;
      }
      this.offset = offset;
      this.total = answer.total;
      const list = answer.participants || [];
      note($('participants-note'), answer.total
          ? `${offset + 1}–${offset + list.length} of ${answer.total} in period ${answer.period}`
          : `no participants in period ${answer.period}`);
      replace($('participants').tBodies[0], ...list.map((p, i) => this.row(p, offset + i + 1)));
    } catch (e) {
      replace($('participants').tBodies[0]);
      note($('participants-note'), refusal(e), true);
    }
  }

  row(p, position) {
    const cohort = p.cohort == null ? '' : el('button', {type: 'button', class: 'small', 'data-action': 'cohort'},
        String(p.cohort));
    if (p.cohort != null) {
      cohort.addEventListener('click', () => this.cohort(p.cohort));
    }
    return el('tr', {'data-user': p.userId},
      el('td', {class: 'num'}, position), el('td', {}, p.userId), el('td', {}, time(p.joinedAt, true)),
      el('td', {class: 'cohort'}, cohort));
  }

  async cohort(id) {
    try {
      const answer = await api.call('GET', path('v1', 'boards', this.board, 'cohorts', String(id))
          + query({period: this.period()}));
      $('cohort-id').textContent = `${answer.cohort} (${answer.size} members, period ${answer.period})`;
      replace($('cohort').tBodies[0], ...(answer.entries || []).map(e => el('tr', {'data-user': e.userId},
        el('td', {class: 'num'}, e.rank), el('td', {class: 'num'}, e.globalRank ?? '?'), el('td', {}, e.userId),
        el('td', {class: 'num'}, e.score), el('td', {}, time(e.at, this.millis)))));
      $('cohort-missing').textContent = (answer.missing || []).length
          ? 'without a score: ' + answer.missing.join(', ') : '';
    } catch (e) {
      this.report(e);
    }
  }
}
