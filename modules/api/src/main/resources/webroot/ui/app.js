// The operator's dashboard: the key, the boards, and one board's live top, users and periods.

import {api, ApiError} from './api.js';
import {BoardsView} from './boards.js';
import {drawTop} from './chart.js';
import {$, entryRows, replace} from './dom.js';
import {LiveTop} from './live.js';
import {PeriodsView} from './periods.js';
import {UserView} from './user.js';

let board = null;
let live = null;
let tab = 'live';

function report(error) {
  const message = $('message');
  if (!error) {
    message.hidden = true;
    message.textContent = '';
    return;
  }
  message.hidden = false;
  message.className = 'error';
  message.textContent = error instanceof ApiError && error.code
    ? `${error.message} (${error.status} ${error.code})` : String(error.message || error);
  if (error instanceof ApiError && error.status === 401) {
    keyState();
  }
}

const boards = new BoardsView(openBoard, report);
const users = new UserView(report);
const periods = new PeriodsView(report);

function keyState() {
  $('key-state').textContent = api.key() ? 'key set for this tab' : 'no key';
}

$('key-form').addEventListener('submit', event => {
  event.preventDefault();
  const key = $('key').value.trim();
  $('key').value = '';
  api.setKey(key || null);
  keyState();
  report(null);
  boards.load();
  if (board) {
    openBoard(board);
  }
});

$('key-forget').addEventListener('click', () => {
  api.setKey(null);
  keyState();
  stopLive();
  replace($('boards').tBodies[0]);
});

for (const button of document.querySelectorAll('#tabs [data-tab]')) {
  button.addEventListener('click', () => showTab(button.dataset.tab));
}

$('board-edit').addEventListener('click', async () => {
  try {
    boards.edit(await api.call('GET', '/v1/boards/' + encodeURIComponent(board)));
    $('board-admin').scrollIntoView();
  } catch (e) {
    report(e);
  }
});

$('live-top-n').addEventListener('change', () => {
  if (tab === 'live') {
    startLive();
  }
});

function openBoard(name) {
  board = name;
  $('board-view').hidden = false;
  $('board-name').textContent = name;
  history.replaceState(null, '', '#board=' + encodeURIComponent(name));
  showTab(tab);
}

function showTab(name) {
  tab = name;
  for (const button of document.querySelectorAll('#tabs [data-tab]')) {
    button.classList.toggle('active', button.dataset.tab === name);
  }
  for (const page of ['live', 'user', 'periods']) {
    $('tab-' + page).hidden = page !== name;
  }
  if (name === 'live') {
    startLive();
  } else {
    stopLive();
  }
  if (name === 'user') {
    users.show(board);
  } else if (name === 'periods') {
    periods.show(board);
  }
}

function startLive() {
  stopLive();
  replace($('live-top').tBodies[0]);
  drawTop($('live-chart'), []);
  const top = Math.min(100, Math.max(1, Number($('live-top-n').value) || 10));
  live = new LiveTop(board, top, showTop, liveState).start();
}

function stopLive() {
  if (live) {
    live.stop();
    live = null;
  }
  liveState('off');
}

function showTop(top) {
  $('live-period').textContent = top.period ?? '';
  $('live-total').textContent = top.total ?? 0;
  replace($('live-top').tBodies[0], ...entryRows(top.entries));
  drawTop($('live-chart'), top.entries);
}

function liveState(state, error) {
  const badge = $('live-state');
  badge.textContent = state;
  badge.dataset.state = state;
  if (error) {
    report(error);
  }
}

keyState();
if (api.key()) {
  boards.load();
  const wanted = new URLSearchParams(location.hash.slice(1)).get('board');
  if (wanted) {
    openBoard(wanted);
  }
}
