// The rewards an archived period recorded, best rank first (admin keys only: the payloads and who
// got them are the game's business, not every reader's).

import {api, path, query} from './api.js';
import {$, el, note, replace} from './dom.js';

const LIMIT = 100;

export class RewardsView {
  /** Shows the period's rewards, or hides the table when the period is not archived or the key may not read them. */
  async show(board, period, state) {
    replace($('period-rewards').tBodies[0]);
    $('period-rewards-box').hidden = true;
    if (state !== 'archived') {
      return;
    }
    try {
      const answer = await api.call('GET', path('v1', 'boards', board, 'periods', period, 'rewards')
        + query({limit: LIMIT}));
      const rewards = answer.rewards || [];
      $('period-rewards-box').hidden = false;
      note($('period-rewards-note'), rewards.length === 0 ? 'no rewards recorded for this period'
        : `${rewards.length} of ${answer.total} rewards`);
      replace($('period-rewards').tBodies[0], ...rewards.map(r => el('tr', {'data-user': r.userId},
        el('td', {class: 'num'}, r.rank),
        el('td', {class: 'user'}, r.userId),
        el('td', {class: 'num'}, r.cohort ?? ''),
        el('td', {class: 'num score'}, r.score),
        el('td', {class: 'reward'}, JSON.stringify(r.reward)),
        el('td', {class: 'claimed'}, r.claimedAt === null ? 'no' : new Date(r.claimedAt).toISOString()))));
    } catch (e) {
      $('period-rewards-box').hidden = true;
    }
  }
}
