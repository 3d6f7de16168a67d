// A board's score distribution (the histogram of its current period), drawn as CSS bars whose
// widths are set through the CSSOM (the page's policy allows no inline style attributes).

import {api, path, query} from './api.js';
import {$, el, note, replace} from './dom.js';
import {Every} from './every.js';
import {refusal} from './overview.js';

const EVERY_MS = 3000;

export class DistributionView {
  constructor(report) {
    this.report = report;
    this.board = null;
    this.every = new Every(EVERY_MS, () => this.load());
    $('hist-buckets').addEventListener('change', () => this.load());
  }

  start(board) {
    this.board = board;
    replace($('hist-bars'));
    this.every.start();
  }

  stop() {
    this.every.stop();
  }

  async load() {
    const board = this.board;
    const buckets = Math.min(100, Math.max(1, Number($('hist-buckets').value) || 10));
    try {
      const answer = await api.call('GET', path('v1', 'boards', board, 'histogram') + query({buckets}));
      if (board === this.board) {
        note($('hist-note'), `${answer.total} entries in ${answer.buckets.length} buckets`);
        draw(answer.buckets);
      }
    } catch (e) {
      if (board === this.board) {
        replace($('hist-bars'));
        note($('hist-note'), refusal(e), true);
      }
    }
  }
}

function draw(buckets) {
  const most = Math.max(1, ...buckets.map(b => b.count));
  replace($('hist-bars'), ...buckets.map(b => {
    const bar = el('span', {class: 'hist-bar'});
    bar.style.width = (100 * b.count / most).toFixed(1) + '%';
    const range = b.to - b.from === 1 ? String(b.from) : `${b.from}–${b.to - 1}`;
    return el('div', {class: 'hist-row', 'data-from': b.from, 'data-count': b.count},
      el('span', {class: 'hist-range'}, range), el('span', {class: 'hist-track'}, bar),
      el('span', {class: 'hist-count'}, b.count));
  }));
}
