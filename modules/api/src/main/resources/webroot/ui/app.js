// The operator's console: the key; the overview of the node; the boards, and one board's live top
// and score distribution, users, periods and webhook deliveries; the leagues, their tiers, cohorts
// and moves; players, keys and the audit log.
// Views whose operations need the admin scope are offered only to keys that hold it, and those that
// read boards only to keys with the read scope.

import {api, ApiError, path} from './api.js';
import {AuditView} from './audit.js';
import {BoardsView} from './boards.js';
import {drawTop} from './chart.js';
import {DeliveriesView} from './deliveries.js';
import {ParticipantsView} from './participants.js';
import {DistributionView} from './distribution.js';
import {$, entryRows, replace} from './dom.js';
import {KeysView} from './keys.js';
import {LeaguesView} from './leagues.js';
import {LiveTop} from './live.js';
import {OverviewView} from './overview.js';
import {PeriodsView} from './periods.js';
import {PlayersView} from './players.js';
import {UserView} from './user.js';

let board = null;
/** Whether the open board breaks ties by milliseconds, so its times are shown to the millisecond. */
let millis = true;
let live = null;
let tab = 'live';
let view = 'boards';
/** Whether the key holds the admin scope: null until the node has said. */
let admin = null;
/** Whether the key holds the read scope: null until the node has said. */
let reader = null;
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
const periods = new PeriodsView(report, () => admin !== false);
const overview = new OverviewView(report);
const distribution = new DistributionView(report);
const deliveries = new DeliveriesView(report);
const participants = new ParticipantsView(report);
const players = new PlayersView(report);
const keys = new KeysView(report);
const leagues = new LeaguesView(report);
const audit = new AuditView(report);
const VIEWS = ['overview', 'boards', 'leagues', 'players', 'keys', 'audit'];

/** Without a key the page says where to find one; with one it shows the views the key may use. */
function keyState() {
  const key = api.key();
  $('key-state').textContent = key ? 'key set for this tab' : 'no key';
  $('welcome').hidden = !!key;
  $('views').hidden = !key;
  if (!key) {
    admin = null;
    reader = null;
    for (const name of VIEWS) {
      $(name + '-view').hidden = true;
    }
    $('board-view').hidden = true;
    overview.stop();
    players.stop();
  } else {
    showView(view);
  }
}

/**
 * Asks the node which of the console's scopes the key holds (listKeys answers only admin keys,
 * listBoards only read keys) and hides the views and tabs it may not use; any other refusal is
 * shown where it happens.
 */
async function learnScopes() {
  const refused = e => e instanceof ApiError && e.status === 403;
  let mine = null;
  try {
    const own = api.key().split('_')[1];
    const listed = (await api.call('GET', '/v1/keys')).keys || [];
    mine = listed.find(k => k.id === own);
    admin = true;
  } catch (e) {
    admin = !refused(e);
  }
  try {
    await api.call('GET', '/v1/boards');
    reader = true;
  } catch (e) {
    reader = !refused(e);
  }
  const lacking = [reader ? null : 'read', admin ? null : 'admin'].filter(s => s);
  $('views-scope').textContent = admin && mine ? 'scopes: ' + mine.scopes.join(', ')
      : !reader && !admin ? 'this key holds neither the read nor the admin scope, so no view here is for it '
          + '(submit and friends keys are for game servers)'
      : lacking.length ? 'this key has no ' + lacking.join(' and no ') + ' scope: the views that need '
          + (lacking.length > 1 ? 'them' : 'it') + ' are hidden'
      : '';
  for (const button of document.querySelectorAll('[data-scope="admin"]')) {
    button.hidden = admin === false;
  }
  for (const button of document.querySelectorAll('[data-scope="read"]')) {
    button.hidden = reader === false;
  }
  if (admin === false && (['players', 'keys', 'audit'].includes(view) || tab === 'deliveries')) {
    showView('boards');
    if (tab === 'deliveries' && board) {
      showTab('live');
    }
  }
  if (reader === false && ['overview', 'boards', 'leagues'].includes(view)) {
    if (admin) {
      showView('players');
    } else {
      for (const name of VIEWS) {
        $(name + '-view').hidden = true;
      }
      $('board-view').hidden = true;
      overview.stop();
    }
  }
}

function showView(name) {
  view = name;
  for (const button of document.querySelectorAll('#views [data-view]')) {
    button.classList.toggle('active', button.dataset.view === name);
  }
  for (const page of VIEWS) {
    $(page + '-view').hidden = page !== name;
  }
  $('board-view').hidden = name !== 'boards' || !board;
  if (name === 'overview') {
    overview.start();
  } else {
    overview.stop();
  }
  if (name !== 'boards') {
    stopLive();
  } else if (board && tab === 'live') {
    startLive();
  }
  if (name === 'players') {
    players.start();
  } else {
    players.stop();
  }
  if (name === 'leagues') {
    leagues.load();
  }
  if (name === 'keys') {
    keys.show();
  } else if (name === 'audit') {
    audit.show();
  }
}

for (const button of document.querySelectorAll('#views [data-view]')) {
  button.addEventListener('click', () => showView(button.dataset.view));
}

$('key-form').addEventListener('submit', event => {
  event.preventDefault();
  const key = $('key').value.trim();
  $('key').value = '';
  api.setKey(key || null);
  keyState();
  report(null);
  if (key) {
    learnScopes();
  }
  boards.load();
  if (board) {
    openBoard(board);
  }
});

$('key-forget').addEventListener('click', () => {
  api.setKey(null);
  stopLive();
  board = null;
  view = 'boards';
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
  if (view !== 'boards') {
    showView('boards');
  }
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
  for (const page of ['live', 'user', 'periods', 'participants', 'deliveries']) {
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
  } else if (name === 'participants') {
    participants.show(board, millis);
  } else if (name === 'deliveries') {
    deliveries.show(board);
  }
}

function startLive() {
  stopLive();
  replace($('live-top').tBodies[0]);
  drawTop($('live-chart'), []);
  const top = Math.min(100, Math.max(1, Number($('live-top-n').value) || 10));
  live = new LiveTop(board, top, showTop, liveState).start();
  distribution.start(board);
}

function stopLive() {
  distribution.stop();
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
  learnScopes();
  boards.load();
  const wanted = new URLSearchParams(location.hash.slice(1)).get('board');
  if (wanted) {
    openBoard(wanted);
  }
}
