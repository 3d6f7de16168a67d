'use strict';
// The Node.js baseline of HttpBenchmark: the paths the service serves, answered with the npm
// library redis-rank on one sorted set (high to low, submits add to the score), in one process.
// Usage: REDIS_URL=redis://... node rank-server.js <port> <key>
const http = require('http');
const Redis = require('ioredis');
const { Leaderboard } = require('redis-rank');

const [port, key] = process.argv.slice(2);
const client = new Redis(process.env.REDIS_URL);
const board = new Leaderboard(client, key, { sortPolicy: 'high-to-low', updatePolicy: 'aggregate' });

const SCORES = /^\/v1\/boards\/[^/]+\/scores$/;
const USER = /^\/v1\/boards\/[^/]+\/users\/([^/]+)$/;
const AROUND = /^\/v1\/boards\/[^/]+\/users\/([^/]+)\/around$/;
const ENTRIES = /^\/v1\/boards\/[^/]+\/entries$/;

function reply(res, status, value) {
  const body = value === undefined ? '' : JSON.stringify(value);
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) });
  res.end(body);
}

function limit(query, def) {
  const n = Number(query.get('limit'));
  return Number.isInteger(n) && n > 0 ? n : def;
}

async function submit(req, query) {
  let text = '';
  for await (const chunk of req) {
    text += chunk;
  }
  const event = JSON.parse(text);
  const score = await board.updateOne(event.userId, Number(event.value));
  const answer = { userId: event.userId, score: Number(score) };
  if (query.get('rank') !== 'false') {
    answer.rank = await board.rank(event.userId);
  }
  return answer;
}

async function handle(req) {
  const url = new URL(req.url, 'http://localhost');
  const path = url.pathname;
  let m;
  if (req.method === 'POST' && SCORES.test(path)) {
    return submit(req, url.searchParams);
  }
  if (req.method === 'GET' && (m = AROUND.exec(path))) {
    const entries = await board.around(decodeURIComponent(m[1]), Math.floor(limit(url.searchParams, 11) / 2));
    return entries.length === 0 ? null : { entries };
  }
  if (req.method === 'GET' && (m = USER.exec(path))) {
    const user = decodeURIComponent(m[1]);
    const rank = await board.rank(user);
    return rank === null ? null : { userId: user, rank };
  }
  if (req.method === 'GET' && ENTRIES.test(path)) {
    return { offset: 0, entries: await board.top(limit(url.searchParams, 10)) };
  }
  return null;
}

http.createServer((req, res) => {
  handle(req).then(
    (value) => (value === null ? reply(res, 404) : reply(res, 200, value)),
    (err) => reply(res, 500, { error: String(err) }));
}).listen(Number(port), '127.0.0.1', () => console.log('rank-server listening on ' + port));
