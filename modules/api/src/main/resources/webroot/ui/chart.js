// A horizontal bar chart of the top scores, drawn as SVG elements (labels as text nodes).

import {replace, svg} from './dom.js';

const WIDTH = 480;
const BAR = 22;
const GAP = 6;
const LABEL = 120;
const VALUE = 70;

/** Draws one bar per entry, its length the entry's share of the largest score shown. */
export function drawTop(target, entries) {
  const shown = entries.filter(e => typeof e.score === 'number');
  const height = Math.max(1, shown.length) * (BAR + GAP) + GAP;
  target.setAttribute('viewBox', `0 0 ${WIDTH} ${height}`);
  target.setAttribute('width', String(WIDTH));
  target.setAttribute('height', String(height));
  if (shown.length === 0) {
    replace(target, svg('text', {x: GAP, y: BAR, class: 'chart-empty'}, 'no entries yet'));
    return;
  }
  const low = Math.min(0, ...shown.map(e => e.score));
  const high = Math.max(...shown.map(e => e.score));
  const span = high - low || 1;
  const room = WIDTH - LABEL - VALUE - 2 * GAP;
  replace(target, ...shown.map((e, i) => {
    const y = GAP + i * (BAR + GAP);
    const length = Math.max(1, Math.round(room * (e.score - low) / span));
    return svg('g', {class: 'bar', 'data-user': e.userId},
      svg('text', {x: LABEL - GAP, y: y + BAR * 0.7, 'text-anchor': 'end', class: 'chart-label'}, clip(e.userId)),
      svg('rect', {x: LABEL, y, width: length, height: BAR, rx: 3}),
      svg('text', {x: LABEL + length + GAP, y: y + BAR * 0.7, class: 'chart-value'}, e.score));
  }));
}

function clip(text) {
  const s = String(text ?? '');
  return s.length > 16 ? s.slice(0, 15) + '…' : s;
}
