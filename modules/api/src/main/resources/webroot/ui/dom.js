// DOM helpers. Every text the page shows goes through textContent or an attribute value, never
// through HTML parsing: user IDs, board names and metadata come from callers of the API.

const SVG_NS = 'http://www.w3.org/2000/svg';

/** An element with attributes (strings) and children (nodes or text). */
export function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  return fill(node, attrs, children);
}

/** An SVG element, the same way. */
export function svg(tag, attrs = {}, ...children) {
  return fill(document.createElementNS(SVG_NS, tag), attrs, children);
}

function fill(node, attrs, children) {
  for (const [name, value] of Object.entries(attrs)) {
    if (value !== undefined && value !== null) {
      node.setAttribute(name, String(value));
    }
  }
  for (const child of children) {
    node.append(child instanceof Node ? child : document.createTextNode(child == null ? '' : String(child)));
  }
  return node;
}

/** Replaces every child of node with children. */
export function replace(node, ...children) {
  node.replaceChildren(...children);
  return node;
}

/** A short note: text, shown in red when it reports a refusal or failure. */
export function note(node, text, failed = false) {
  node.textContent = text;
  node.classList.toggle('error', failed);
  return node;
}

export function $(id) {
  return document.getElementById(id);
}

/**
 * Epoch milliseconds as 2025-04-15 12:00:00Z, or with millis as 2025-04-15 12:00:00.123Z (a board
 * that breaks ties by milliseconds orders users by them); anything else as it is.
 */
export function time(ms, millis = false) {
  if (typeof ms !== 'number' || !Number.isFinite(ms)) {
    return ms == null ? '' : String(ms);
  }
  const text = new Date(ms).toISOString().replace('T', ' ');
  return millis ? text : text.replace(/\.\d+Z$/, 'Z');
}

/** An entry's sort keys as text ("deaths 2, level 7"), or '' on a board without sort keys. */
export function sortKeys(entry) {
  const keys = entry && entry.keys;
  if (!keys || typeof keys !== 'object') {
    return '';
  }
  return Object.entries(keys).map(([name, value]) => name + ' ' + value).join(', ');
}

/** The display name an entry's metadata carries, if any. */
export function displayName(entry) {
  const meta = entry && entry.meta;
  if (!meta || typeof meta !== 'object') {
    return '';
  }
  const name = meta.displayName ?? meta.name;
  return typeof name === 'string' || typeof name === 'number' ? String(name) : '';
}

/**
 * Table rows for leaderboard entries: rank, user, name, score, time (to the millisecond with
 * millis); the row of user highlight is marked.
 */
export function entryRows(entries, {highlight, millis = false} = {}) {
  return entries.map(e => {
    const row = el('tr', {'data-user': e.userId},
      el('td', {class: 'num'}, e.rank ?? (e.globalRank ?? '')),
      el('td', {class: 'user'}, e.userId),
      el('td', {class: 'name'}, displayName(e)),
      el('td', {class: 'num score'}, e.score),
      el('td', {class: 'time'}, time(e.at ?? e.time, millis)));
    if (highlight !== undefined && e.userId === highlight) {
      row.classList.add('me');
    }
    return row;
  });
}
