// The public HTTP API, called with the operator's key. The key lives in this tab's sessionStorage
// (gone when the tab closes) and travels only in the Authorization header, never in a URL.

const KEY = 'leaderboard.key';

export class ApiError extends Error {
  constructor(status, code, message) {
    super(message);
    this.status = status;
    this.code = code;
  }
}

export const api = {
  key() {
    return sessionStorage.getItem(KEY);
  },

  setKey(key) {
    if (key) {
      sessionStorage.setItem(KEY, key);
    } else {
      sessionStorage.removeItem(KEY);
    }
  },

  /** The answer's JSON; an ApiError with the API's error code and message otherwise. */
  async call(method, path, body) {
    const text = await this.send(method, path, body, 'application/json');
    try {
      return text ? JSON.parse(text) : {};
    } catch (e) {
      return null;
    }
  },

  /** The answer as text (Prometheus metrics); an ApiError otherwise. */
  async text(path) {
    return this.send('GET', path, undefined, 'text/plain');
  },

  async send(method, path, body, accept) {
    const headers = {Accept: accept};
    const key = this.key();
    if (key) {
      headers.Authorization = 'Bearer ' + key;
    }
    const init = {method, headers, credentials: 'omit', cache: 'no-store'};
    if (body !== undefined) {
      headers['Content-Type'] = 'application/json';
      init.body = JSON.stringify(body);
    }
    let response;
    try {
      response = await fetch(path, init);
    } catch (e) {
      throw new ApiError(0, 'network', 'the node did not answer (' + e.message + ')');
    }
    const text = await response.text();
    if (!response.ok) {
      let json = null;
      try {
        json = JSON.parse(text);
      } catch (e) {
        json = null;
      }
      throw new ApiError(response.status, json && json.error || 'http_' + response.status,
        json && json.message || response.statusText || 'HTTP ' + response.status);
    }
    return text;
  },
};

/** A path from segments, each percent-encoded: /v1/boards/{board}/users/{userId}. */
export function path(...segments) {
  return '/' + segments.map(s => encodeURIComponent(String(s))).join('/');
}

/** A query string from the parameters that are set. */
export function query(params) {
  const q = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) {
    if (value !== undefined && value !== null && value !== '') {
      q.set(name, String(value));
    }
  }
  const s = q.toString();
  return s ? '?' + s : '';
}
