// API keys (admin): create one (its secret is shown this once, with a copy button), list them,
// revoke one.

import {api, path} from './api.js';
import {$, el, note, replace, time} from './dom.js';
import {refusal} from './overview.js';

export class KeysView {
  constructor(report) {
    this.report = report;
    $('key-create-form').addEventListener('submit', event => {
      event.preventDefault();
      this.create();
    });
    $('new-key-copy').addEventListener('click', async () => {
      try {
        await navigator.clipboard.writeText($('new-key-secret').textContent);
        $('new-key-copied').textContent = 'copied';
      } catch (e) {
        $('new-key-copied').textContent = 'select the key and copy it (' + e.message + ')';
      }
    });
  }

  show() {
    $('new-key').hidden = true;
    $('new-key-secret').textContent = '';
    this.load();
  }

  async load() {
    try {
      const keys = (await api.call('GET', '/v1/keys')).keys || [];
      replace($('keys').tBodies[0], ...keys.map(k => this.row(k)));
      note($('keys-note'), '');
    } catch (e) {
      replace($('keys').tBodies[0]);
      note($('keys-note'), refusal(e), true);
    }
  }

  row(k) {
    const revoke = el('button', {type: 'button', class: 'small danger', 'data-action': 'revoke'}, 'Revoke');
    revoke.addEventListener('click', () => this.revoke(k.id));
    // revoking the key in use locks this page out too: the row says which one it is
    const mine = (api.key() || '').split('_')[1] === k.id;
    return el('tr', {'data-key': k.id, 'data-name': k.name, class: mine ? 'me' : null},
      el('td', {}, k.id + (mine ? ' (this key)' : '')), el('td', {class: 'name'}, k.name), el('td', {class: 'scopes'}, (k.scopes || []).join(', ')),
      el('td', {}, k.boards ? k.boards.join(', ') : 'every board'), el('td', {}, time(k.createdAt)),
      el('td', {}, k.expiresAt ? time(k.expiresAt) : 'never'), el('td', {}, revoke));
  }

  async create() {
    const spec = {
      name: $('kc-name').value.trim(),
      scopes: [...document.querySelectorAll('#kc-scopes input:checked')].map(i => i.value),
    };
    const boards = $('kc-boards').value.split(',').map(b => b.trim()).filter(b => b);
    if (boards.length) {
      spec.boards = boards;
    }
    const expires = $('kc-expires').value;
    if (expires) {
      spec.expiresAt = Date.parse(expires + 'Z');
    }
    try {
      const created = await api.call('POST', '/v1/keys', spec);
      $('new-key-secret').textContent = created.key;
      $('new-key-copied').textContent = '';
      $('new-key').hidden = false;
      $('key-create-form').reset();
    } catch (e) {
      this.report(e);
    }
    await this.load();
  }

  async revoke(id) {
    try {
      await api.call('DELETE', path('v1', 'keys', id));
    } catch (e) {
      this.report(e);
    }
    await this.load();
  }
}
