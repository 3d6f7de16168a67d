// One player across every board (admin): their profile, entries and ranks, their ban; reset their
// display name, ban or lift it with a reason, remove one entry, export everything the service holds
// of them as a JSON file, or erase
// the user after the operator types the user ID again. Each
// action shows in the newest audit entries, read again every few seconds (the node writes an entry
// as the action's answer goes out, so it may land just after the answer).

import {api, path, query} from './api.js';
import {$, el, replace, time} from './dom.js';
import {auditRow} from './audit.js';
import {Every} from './every.js';

const EVERY_MS = 3000;

export class PlayersView {
  constructor(report) {
    this.report = report;
    this.userId = null;
    this.every = new Every(EVERY_MS, () => this.audit());
    $('player-form').addEventListener('submit', event => {
      event.preventDefault();
      this.lookUp($('player-id').value.trim());
    });
    $('player-ban').addEventListener('click', () => this.act('PUT', 'ban', {reason: $('player-reason').value.trim()}));
    // a lift's reason is optional: without one the request has no body
    $('player-lift').addEventListener('click', () => {
      const reason = $('player-lift-reason').value.trim();
      this.act('DELETE', 'ban', reason ? {reason} : undefined);
    });
    $('player-export').addEventListener('click', () => this.exportData());
    $('player-reset-name').addEventListener('click', () => this.act('DELETE', ['profile', 'displayName']));
    $('player-erase-confirm').addEventListener('input', () => {
      $('player-erase').disabled = !this.userId || $('player-erase-confirm').value !== this.userId;
    });
    $('player-erase').addEventListener('click', () => {
      if ($('player-erase-confirm').value === this.userId) {
        this.act('DELETE', null);
      }
    });
  }

  start() {
    this.every.start(false);
  }

  stop() {
    this.every.stop();
  }

  async lookUp(userId) {
    this.userId = userId || null;
    $('player-erase-confirm').value = '';
    $('player-erase').disabled = true;
    $('player-page').hidden = !this.userId;
    if (!this.userId) {
      return;
    }
    try {
      const user = await api.call('GET', path('v1', 'users', userId));
      if (this.userId !== userId) {
        return;
      }
      $('player-name').textContent = user.userId;
      this.showProfile(user.profile);
      const ban = $('player-ban-state');
      ban.textContent = user.banned ? `banned since ${time(user.ban && user.ban.since)}: ${user.ban && user.ban.reason}` : 'not banned';
      ban.dataset.state = user.banned ? 'banned' : 'clear';
      replace($('player-entries').tBodies[0], ...user.entries.map(e => this.entryRow(e)));
      replace($('player-held').tBodies[0], ...user.heldByBan.map(e => el('tr', {'data-board': e.board},
        el('td', {}, e.board), el('td', {}, e.period), el('td', {class: 'num score'}, e.score), el('td', {}, time(e.at)))));
    } catch (e) {
      this.report(e);
    }
    await this.audit();
  }

  /** The player's profile as it is now; a player without one says so. */
  showProfile(p) {
    $('player-profile').textContent = !p ? 'no profile' : [p.displayName ? `name ${p.displayName}` : 'no display name',
      p.country ? `country ${p.country}` : null, p.avatarUrl ? `avatar ${p.avatarUrl}` : null]
      .filter(x => x).join(', ');
    $('player-reset-name').disabled = !(p && p.displayName);
  }

  entryRow(e) {
    const remove = el('button', {type: 'button', class: 'small danger', 'data-action': 'remove'}, 'Remove entry');
    remove.addEventListener('click', () => this.removeEntry(e.board, e.period));
    return el('tr', {'data-board': e.board, 'data-period': e.period},
      el('td', {}, e.board), el('td', {}, e.period), el('td', {}, e.state), el('td', {class: 'num score'}, e.score),
      el('td', {class: 'num rank'}, e.rank ?? ''), el('td', {class: 'num'}, e.total ?? ''), el('td', {}, time(e.at)),
      el('td', {}, remove));
  }

  async removeEntry(board, period) {
    try {
      await api.call('DELETE', path('v1', 'boards', board, 'users', this.userId) + query({period}));
    } catch (e) {
      this.report(e);
    }
    await this.lookUp(this.userId);
  }

  /** The user's data as one JSON document, saved as a file (the export itself is audited). */
  async exportData() {
    const userId = this.userId;
    try {
      const data = await api.call('GET', path('v1', 'users', userId, 'export'));
      const link = $('player-export-file');
      if (link.href) {
        URL.revokeObjectURL(link.href);
      }
      link.href = URL.createObjectURL(new Blob([JSON.stringify(data, null, 2)], {type: 'application/json'}));
      link.download = `${userId}-export.json`;
      link.click();
      $('player-export-result').textContent = `exported ${userId}: ${data.periods.length} hot periods, `
        + `${data.archived.length} archived, ${data.friends.length} friends, ${data.rewards.length} rewards, `
        + `${data.leagues.length} leagues, ${data.audit.length} audit entries`;
    } catch (e) {
      this.report(e);
    }
    await this.audit();
  }

  /** A ban, its lift, a display name's reset, or the erasure (part null), then the user and the audit log again. */
  async act(method, part, body) {
    const userId = this.userId;
    try {
      // part: a path segment, or several (['profile', 'displayName'])
      const answer = await api.call(method, path('v1', 'users', userId, ...(part ? [].concat(part) : [])), body);
      if (!part) {
        $('player-result').textContent = `erased ${userId}: ${answer.periods ? answer.periods.length : 0} periods`;
      }
    } catch (e) {
      this.report(e);
    }
    await this.lookUp(userId);
  }

  async audit() {
    if (!this.userId) {
      return;
    }
    try {
      const page = await api.call('GET', '/v1/audit?limit=10');
      replace($('player-audit').tBodies[0], ...(page.entries || []).map(auditRow));
    } catch (e) {
      replace($('player-audit').tBodies[0]);
    }
  }
}
