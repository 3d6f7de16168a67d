// The boards list, and the form that creates a board or edits one (admin keys only; the API
// refuses the others with 403 and the page shows its message).

import {api, path} from './api.js';
import {$, el, replace} from './dom.js';

/** Fields a board keeps for its life: shown when editing, never sent. */
const FIXED = ['bf-period', 'bf-timezone', 'bf-order'];

export class BoardsView {
  constructor(onOpen, report) {
    this.onOpen = onOpen;
    this.report = report;
    this.editing = null;
    $('boards-refresh').addEventListener('click', () => this.load());
    $('board-form').addEventListener('submit', event => {
      event.preventDefault();
      this.save();
    });
    $('bf-new').addEventListener('click', () => this.edit(null));
  }

  async load() {
    try {
      const answer = await api.call('GET', '/v1/boards');
      const boards = answer.boards || [];
      replace($('boards').tBodies[0], ...boards.map(b => this.row(b)));
      return boards;
    } catch (e) {
      replace($('boards').tBodies[0]);
      this.report(e);
      return [];
    }
  }

  row(b) {
    const open = el('button', {type: 'button', class: 'link', 'data-board': b.board}, b.board);
    open.addEventListener('click', () => this.onOpen(b.board));
    return el('tr', {'data-board': b.board},
      el('td', {}, open), el('td', {}, b.period), el('td', {}, b.order), el('td', {}, b.operator),
      el('td', {}, b.timezone), el('td', {}, b.publicReads ? 'yes' : 'no'));
  }

  /** Fills the form with a board's definition to change it, or empties it for a new one. */
  edit(board) {
    this.editing = board;
    $('board-admin').open = true;
    $('bf-name').value = board ? board.board : '';
    $('bf-name').disabled = !!board;
    $('bf-period').value = board ? board.period : 'all-time';
    $('bf-timezone').value = board ? board.timezone : '';
    $('bf-order').value = board ? board.order : 'desc';
    $('bf-operator').value = board ? board.operator : 'incr';
    $('bf-max-score').value = board && board.maxScore != null ? board.maxScore : '';
    $('bf-retain').value = board ? board.retainPeriods : '';
    $('bf-public').checked = !!(board && board.publicReads);
    FIXED.forEach(id => { $(id).disabled = !!board; });
    $('bf-save').textContent = board ? 'Save changes' : 'Create';
    $('bf-result').textContent = '';
  }

  async save() {
    const name = $('bf-name').value.trim();
    const spec = {operator: $('bf-operator').value, publicReads: $('bf-public').checked};
    if (!this.editing) {
      spec.period = $('bf-period').value;
      spec.order = $('bf-order').value;
      const zone = $('bf-timezone').value.trim();
      if (zone) {
        spec.timezone = zone;
      }
    }
    const maxScore = $('bf-max-score').value.trim();
    if (maxScore) {
      spec.maxScore = Number(maxScore);
    }
    const retain = $('bf-retain').value.trim();
    if (retain) {
      spec.retainPeriods = Number(retain);
    }
    try {
      const saved = await api.call('PUT', path('v1', 'boards', name), spec);
      this.edit(null);
      $('board-admin').open = false;
      await this.load();
      this.onOpen(saved.board);
    } catch (e) {
      $('bf-result').textContent = '';
      this.report(e);
    }
  }
}
