// Reading the node's Prometheus text: sums of counters, and rates between two readings.

/**
 * The sum of every sample of a counter whose labels pass the filter, from Prometheus text format
 * (`name{label="value",...} 12.0`); comments and other metrics are skipped.
 */
export function sumCounter(text, name, accept = () => true) {
  let sum = 0;
  for (const line of text.split('\n')) {
    if (!line.startsWith(name) || line.startsWith('#')) {
      continue;
    }
    const rest = line.slice(name.length);
    if (rest[0] !== '{' && rest[0] !== ' ') {
      continue;
    }
    const labels = {};
    let tail = rest;
    if (rest[0] === '{') {
      const end = rest.lastIndexOf('}');
      for (const m of rest.slice(1, end).matchAll(/([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"/g)) {
        labels[m[1]] = m[2];
      }
      tail = rest.slice(end + 1);
    }
    const value = Number(tail.trim().split(/\s+/)[0]);
    if (Number.isFinite(value) && accept(labels)) {
      sum += value;
    }
  }
  return sum;
}

/** The counts the overview shows: submits, and reads (GET requests to the /v1 API). */
export function counts(text) {
  return {
    submits: sumCounter(text, 'leaderboard_submits_total'),
    reads: sumCounter(text, 'vertx_http_server_requests_total',
      labels => labels.method === 'GET' && (labels.route || '').startsWith('/v1/')),
  };
}

/** Per-second rates between two readings {at, submits, reads}; null before the second. */
export function rates(before, now) {
  if (!before || now.at <= before.at) {
    return null;
  }
  const seconds = (now.at - before.at) / 1000;
  return {
    submits: Math.max(0, now.submits - before.submits) / seconds,
    reads: Math.max(0, now.reads - before.reads) / seconds,
  };
}
