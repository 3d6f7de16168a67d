// Leagues: the list; one league's tiers in a period with their members and cohorts; a tier's cohort
// ranked within itself with each member's zone; and the moves of a closed period, a page at a time,
// filtered by movement. Everything here is a read (scope read), archived periods as at their close.

import {api, path, query} from './api.js';
import {$, el, note, replace, time} from './dom.js';
import {refusal} from './overview.js';

const PAGE = 20;

export class LeaguesView {
  constructor(report) {
    this.report = report;
    this.league = null;
    this.tier = null;
    this.cohorts = 0;
    this.period = null;
    this.movesPeriod = null;
    this.offset = 0;
    this.total = 0;
    $('leagues-refresh').addEventListener('click', () => this.load());
    $('league-show').addEventListener('click', () => this.tiers());
    $('league-cohort-show').addEventListener('click', () => this.cohort(Number($('league-cohort-n').value)));
    $('league-cohort-prev').addEventListener('click', () => this.cohort(Number($('league-cohort-n').value) - 1));
    $('league-cohort-next').addEventListener('click', () => this.cohort(Number($('league-cohort-n').value) + 1));
    $('league-moves-period').addEventListener('change', () => this.moves(0));
    $('league-movement').addEventListener('change', () => this.moves(0));
    $('league-moves-prev').addEventListener('click', () => this.moves(Math.max(0, this.offset - PAGE)));
    $('league-moves-next').addEventListener('click', () => this.moves(this.offset + PAGE));
  }

  /** Lists the leagues; the open league stays open. */
  async load() {
    try {
      const leagues = (await api.call('GET', '/v1/leagues')).leagues || [];
      replace($('leagues').tBodies[0], ...leagues.map(l => this.row(l)));
      note($('leagues-note'), leagues.length ? '' : 'no leagues yet: an admin key creates one with PUT /v1/leagues/{league}');
    } catch (e) {
      replace($('leagues').tBodies[0]);
      note($('leagues-note'), refusal(e), true);
    }
  }

  row(l) {
    const open = el('button', {type: 'button', class: 'link', 'data-league': l.league}, l.league);
    open.addEventListener('click', () => this.open(l.league));
    return el('tr', {'data-league': l.league},
      el('td', {}, open), el('td', {}, (l.tiers || []).join(' < ')), el('td', {class: 'num'}, l.cohortSize),
      el('td', {}, l.promote), el('td', {}, l.relegate), el('td', {}, l.period));
  }

  async open(league) {
    this.league = league;
    this.tier = null;
    $('league-view').hidden = false;
    $('league-name').textContent = league;
    $('league-period').value = 'current';
    this.clearCohort();
    await Promise.all([this.tiers(), this.periods()]);
  }

  clearCohort() {
    $('league-cohort-pick').hidden = true;
    $('league-cohort-id').textContent = '';
    replace($('league-cohort').tBodies[0]);
    $('league-cohort-missing').textContent = '';
  }

  /** The tiers in the period the operator asked for, highest first as a ladder reads. */
  async tiers() {
    const league = this.league;
    const asked = $('league-period').value.trim() || 'current';
    try {
      const answer = await api.call('GET', path('v1', 'leagues', league, 'tiers') + query({period: asked}));
      if (league !== this.league) {
        return;
      }
      this.period = answer.period;
      note($('league-note'), 'period ' + answer.period);
      replace($('league-tiers').tBodies[0], ...[...answer.tiers].reverse().map(t => this.tierRow(t)));
      const open = answer.tiers.find(t => t.tier === this.tier);
      if (open) {
        this.pickTier(open);
      } else {
        this.tier = null;
        this.clearCohort();
      }
    } catch (e) {
      replace($('league-tiers').tBodies[0]);
      note($('league-note'), refusal(e), true);
    }
  }

  tierRow(t) {
    const pick = el('button', {type: 'button', class: 'small', 'data-action': 'tier'}, 'Cohorts');
    pick.disabled = !t.cohorts;
    pick.addEventListener('click', () => this.pickTier(t));
    return el('tr', {'data-tier': t.tier},
      el('td', {}, t.tier), el('td', {class: 'num members'}, t.members), el('td', {class: 'num cohorts'}, t.cohorts),
      el('td', {}, pick));
  }

  /** Opens the tier's first cohort; the others are one number away. */
  pickTier(t) {
    this.tier = t.tier;
    this.cohorts = t.cohorts;
    for (const row of $('league-tiers').tBodies[0].rows) {
      row.classList.toggle('me', row.dataset.tier === t.tier);
    }
    $('league-cohort-pick').hidden = !t.cohorts;
    $('league-cohort-tier').textContent = t.tier;
    $('league-cohort-count').textContent = String(t.cohorts);
    $('league-cohort-n').max = String(t.cohorts);
    if (t.cohorts) {
      this.cohort(1);
    } else {
      this.clearCohort();
    }
  }

  async cohort(id) {
    if (!Number.isInteger(id) || id < 1 || id > this.cohorts) {
      return;
    }
    $('league-cohort-n').value = String(id);
    const league = this.league;
    const tier = this.tier;
    try {
      const answer = await api.call('GET', path('v1', 'leagues', league, 'tiers', tier, 'cohorts', String(id))
          + query({period: this.period}));
      if (league !== this.league || tier !== this.tier) {
        return;
      }
      $('league-cohort-id').textContent = `${answer.cohort} of ${answer.tier} (${answer.size} members, period ${answer.period})`;
      replace($('league-cohort').tBodies[0], ...(answer.entries || []).map(e => el('tr',
        {'data-user': e.userId, 'data-zone': e.zone},
        el('td', {class: 'num'}, e.rank), el('td', {class: 'user'}, e.userId), el('td', {class: 'num score'}, e.score),
        el('td', {class: 'time'}, time(e.at, true)), el('td', {class: 'zone'}, e.zone))));
      const missing = answer.missing || [];
      $('league-cohort-missing').textContent = missing.length
          ? 'without a score: ' + missing.map(m => `${m.userId} (${m.zone})`).join(', ') : '';
    } catch (e) {
      this.report(e);
    }
  }

  /** The closed periods, newest first; the newest one's moves are shown. */
  async periods() {
    const league = this.league;
    try {
      const closed = (await api.call('GET', path('v1', 'leagues', league, 'periods'))).periods || [];
      if (league !== this.league) {
        return;
      }
      replace($('league-moves-period'), ...closed.map(p => el('option', {value: p.period},
        `${p.period}: ${p.up} up, ${p.down} down, ${p.stay} stay, ${p.dropped} dropped`)));
      $('league-moves').hidden = !closed.length;
      if (!closed.length) {
        replace($('league-moves').tBodies[0]);
        note($('league-moves-note'), 'no closed period yet');
        return;
      }
      await this.moves(0);
    } catch (e) {
      note($('league-moves-note'), refusal(e), true);
    }
  }

  async moves(offset) {
    const league = this.league;
    const period = $('league-moves-period').value;
    const movement = $('league-movement').value;
    if (!period) {
      return;
    }
    try {
      const answer = await api.call('GET', path('v1', 'leagues', league, 'periods', period, 'moves')
          + query({movement, offset, limit: PAGE}));
      if (league !== this.league) {
        return;
      }
      this.offset = offset;
      this.total = answer.total;
      const list = answer.moves || [];
      note($('league-moves-note'), answer.total
          ? `${offset + 1}–${offset + list.length} of ${answer.total}${movement ? ' ' + movement : ''} moves`
          : `no ${movement || ''} moves in period ${answer.period}`);
      $('league-moves-prev').disabled = offset === 0;
      $('league-moves-next').disabled = offset + list.length >= answer.total;
      replace($('league-moves').tBodies[0], ...list.map(m => el('tr', {'data-user': m.userId, 'data-movement': m.movement},
        el('td', {class: 'user'}, m.userId), el('td', {}, m.from), el('td', {}, m.to ?? '(left)'),
        el('td', {class: 'num'}, m.cohort ?? ''), el('td', {class: 'num'}, m.cohortRank ?? ''),
        el('td', {class: 'num'}, m.score ?? ''), el('td', {class: 'movement'}, m.movement))));
    } catch (e) {
      replace($('league-moves').tBodies[0]);
      note($('league-moves-note'), refusal(e), true);
    }
  }
}
