// The audit log, newest first, a page at a time, filtered by the API by board, action (operation)
// and actor (who).

import {api, query} from './api.js';
import {$, el, note, replace, time} from './dom.js';
import {refusal} from './overview.js';

const PAGE = 50;

/** One audit entry as a table row. */
export function auditRow(a) {
  return el('tr', {'data-operation': a.operation, 'data-who': a.who},
    el('td', {}, time(a.at)), el('td', {class: 'who'}, a.who), el('td', {class: 'operation'}, a.operation),
    el('td', {}, a.board || ''), el('td', {}, describe(a.target)), el('td', {}, describe(a.request)),
    el('td', {class: 'num status'}, a.status + (a.error ? ' ' + a.error : '')));
}

function describe(object) {
  if (!object || typeof object !== 'object') {
    return '';
  }
  return Object.entries(object).map(([k, v]) => k + ' ' + (typeof v === 'object' ? JSON.stringify(v) : v)).join(', ');
}

export class AuditView {
  constructor(report) {
    this.report = report;
    this.offset = 0;
    $('audit-form').addEventListener('submit', event => {
      event.preventDefault();
      this.offset = 0;
      this.load();
    });
    $('audit-prev').addEventListener('click', () => {
      this.offset = Math.max(0, this.offset - PAGE);
      this.load();
    });
    $('audit-next').addEventListener('click', () => {
      this.offset += PAGE;
      this.load();
    });
  }

  show() {
    this.load();
  }

  async load() {
    const board = $('audit-board').value.trim();
    const action = $('audit-action').value.trim();
    const actor = $('audit-actor').value.trim();
    try {
      const page = await api.call('GET', '/v1/audit' + query({offset: this.offset, limit: PAGE, board, action, actor}));
      const entries = page.entries || [];
      replace($('audit').tBodies[0], ...entries.map(auditRow));
      note($('audit-range'), entries.length ? `${this.offset + 1}–${this.offset + entries.length}` : 'none');
      $('audit-prev').disabled = this.offset === 0;
      $('audit-next').disabled = entries.length < PAGE;
    } catch (e) {
      replace($('audit').tBodies[0]);
      note($('audit-range'), refusal(e), true);
    }
  }
}
