// One user on a board: their entry, the entries around them, and their friends' board (the
// friends part needs a key with the friends scope; without it the page says so); the score a rank
// needs and the rank a score gets, for the user looked up when there is one.

import {api, path, query} from './api.js';
import {$, el, entryRows, displayName, replace, sortKeys, time} from './dom.js';

export class UserView {
  constructor(report) {
    this.report = report;
    this.board = null;
    this.millis = false;
    $('user-form').addEventListener('submit', event => {
      event.preventDefault();
      this.lookUp($('user-id').value.trim());
    });
    $('target-form').addEventListener('submit', event => {
      event.preventDefault();
      this.target($('target-rank').value.trim(), $('target-score').value.trim(), $('user-id').value.trim());
    });
  }

  /** @param millis whether the board's times are shown to the millisecond */
  show(board, millis) {
    this.millis = millis;
    if (this.board !== board) {
      this.board = board;
      this.clear();
    }
  }

  clear() {
    replace($('user-entry'));
    replace($('user-target'));
    replace($('user-around').tBodies[0]);
    replace($('user-friends').tBodies[0]);
    $('user-friends-note').textContent = '';
  }

  async lookUp(userId) {
    this.clear();
    if (!userId || !this.board) {
      return;
    }
    const base = ['v1', 'boards', this.board, 'users', userId];
    try {
      const entry = await api.call('GET', path(...base));
      replace($('user-entry'), ...this.facts(entry));
    } catch (e) {
      replace($('user-entry'), el('dt', {}, 'entry'), el('dd', {class: 'error'}, e.message));
      return;
    }
    try {
      const around = await api.call('GET', path(...base, 'around') + query({limit: 5}));
      replace($('user-around').tBodies[0], ...entryRows(around.entries || [], {highlight: userId, millis: this.millis}));
    } catch (e) {
      this.report(e);
    }
    try {
      const friends = await api.call('GET', path(...base, 'friends') + query({limit: 20}));
      replace($('user-friends').tBodies[0], ...entryRows(friends.entries || [], {highlight: userId, millis: this.millis}));
      const missing = friends.missing || [];
      $('user-friends-note').textContent = (friends.total ?? 0) + ' in the group'
        + (missing.length ? ', without a score: ' + missing.join(', ') : '');
    } catch (e) {
      $('user-friends-note').textContent = 'friends: ' + e.message;
    }
  }

  facts(entry) {
    const facts = [['user', entry.userId], ['name', displayName(entry)], ['rank', entry.rank],
      ['score', entry.score], ['sort keys', sortKeys(entry)], ['time (UTC)', time(entry.at, this.millis)],
      ['percentile', entry.percentile],
      ['period', entry.period], ['of', entry.total]];
    return facts.filter(([, v]) => v !== undefined && v !== null && v !== '')
      .flatMap(([k, v]) => [el('dt', {}, k), el('dd', {'data-fact': k}, v)]);
  }

  /** The score rank {@code rank} needs (and how far the user is from it), and the rank {@code score} would get. */
  async target(rank, score, userId) {
    replace($('user-target'));
    if (!this.board) {
      return;
    }
    const user = userId ? {userId} : {};
    const facts = [];
    try {
      const t = await api.call('GET', path('v1', 'boards', this.board, 'ranks', rank) + query(user));
      facts.push(['rank ' + t.rank + ' held by', t.entry ? t.entry.userId : 'nobody'], ['its score', t.score],
        ['needed', t.needed === null ? 'no score reaches it' : t.needed]);
      if (t.user) {
        facts.push(['to reach', t.user.toReach === null ? '-' : t.user.toReach]);
      }
      if (score !== '') {
        const r = await api.call('GET', path('v1', 'boards', this.board, 'rank-of') + query({score, ...user}));
        facts.push(['rank of ' + r.score, r.rank]);
      }
      replace($('user-target'), ...facts.filter(([, v]) => v !== undefined && v !== null)
        .flatMap(([k, v]) => [el('dt', {}, k), el('dd', {'data-fact': k}, String(v))]));
    } catch (e) {
      replace($('user-target'), el('dt', {}, 'target'), el('dd', {class: 'error'}, e.message));
    }
  }
}
