// The operator's dashboard: the key, the boards, and one board's live top, users and periods.

import {api, ApiError, path} from './api.js';
import {BoardsView} from './boards.js';
import {drawTop} from './chart.js';
import {$, entryRows, replace} from './dom.js';
import {LiveTop} from './live.js';
import {PeriodsView} from './periods.js';
import {UserView} from './user.js';

let board = null;
/** Whether the open board breaks ties by milliseconds, so its times are shown to the millisecond. */
let millis = true;
let live = null;
let tab = 'live';
/** Where the message on screen came from: 'live' (the live top) or 'action' (what the operator did). */
let shownFrom = null;

/**
 * Shows an error in red, or clears the message (error null). A message stays until the operator's
 * next action, or for one from the live top until the top is back.
 */
function report(error, from = 'action') {
  const message = $('message');
  if (!error) {
    if (from === 'action' || shownFrom === from) {
      message.hidden = true;
      message.textContent = '';
      message.className = '';
      shownFrom = null;
    }
    return;
  }
  shownFrom = from;
  message.hidden = false;
  message.className = 'error';
  message.textContent = error instanceof ApiError && error.code
    ? `${error.message} (${error.status} ${error.code})` : String(error.message || error);
  if (error instanceof ApiError && error.status === 401) {
    keyState();
  }
}

// every action of the operator's starts with a clean slate: a refusal shown earlier is old news
document.addEventListener('click', event => {
  if (event.target instanceof Element && event.target.closest('button')) {
    report(null);
  }
}, true);
document.addEventListener('submit', () => report(null), true);

const boards = new BoardsView(openBoard, report);
const users = new UserView(report);
const periods = new PeriodsView(report);

/** Without a key the page says where to find one; with one it shows the boards. */
function keyState() {
  const key = api.key();
  $('key-state').textContent = key ? 'key set for this tab' : 'no key';
  $('welcome').hidden = !!key;
  $('boards-view').hidden = !key;
  if (!key) {
    $('board-view').hidden = true;
  }
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
  stopLive();
  board = null;
  replace($('boards').tBodies[0]);
  keyState();
});

for (const button of document.querySelectorAll('#tabs [data-tab]')) {
  button.addEventListener('click', () => showTab(button.dataset.tab));
}

$('board-edit').addEventListener('click', async () => {
  try {
    boards.edit(await api.call('GET', path('v1', 'boards', board)));
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

async function openBoard(name) {
  board = name;
  $('board-view').hidden = false;
  $('board-name').textContent = name;
  history.replaceState(null, '', '#board=' + encodeURIComponent(name));
  try {
    const definition = await api.call('GET', path('v1', 'boards', name));
    millis = definition.tieResolution !== 's';
  } catch (e) {
    // unknown: show milliseconds, which never hide an order the board has
    millis = true;
  }
  if (board === name) {
    showTab(tab);
  }
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
    users.show(board, millis);
  } else if (name === 'periods') {
    periods.show(board, millis);
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
  replace($('live-top').tBodies[0], ...entryRows(top.entries, {millis}));
  drawTop($('live-chart'), top.entries);
}

function liveState(state, error) {
  const badge = $('live-state');
  badge.textContent = state;
  badge.dataset.state = state;
  if (error) {
    report(error, 'live');
  } else if (state === 'stream' || state === 'polling') {
    report(null, 'live');
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
