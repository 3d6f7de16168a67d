import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { parse } from 'yaml';
import { LeaderboardClient, ROUTES, type operations } from '../../main/ts/index.js';
import { ERROR_CODES, LeaderboardError, retryAfter } from '../../main/ts/errors.js';
import { SseParser } from '../../main/ts/sse.js';

const spec = parse(readFileSync(new URL('../../../../../modules/api/src/main/resources/openapi.yaml', import.meta.url), 'utf8'));
const client = new LeaderboardClient({ baseUrl: 'http://localhost:1' });

// compiles only while the client has a method for every operationId of the generated types
const everyOperation: { [K in keyof operations]: (...args: never[]) => unknown } = client;
void everyOperation;

test('every operation of openapi.yaml has a method of its operationId and its route', () => {
  const ids: string[] = [];
  for (const [path, item] of Object.entries<Record<string, { operationId?: string }>>(spec.paths)) {
    for (const [method, op] of Object.entries(item)) {
      if (!op.operationId) continue;
      ids.push(op.operationId);
      assert.equal(typeof (client as unknown as Record<string, unknown>)[op.operationId], 'function', `method ${op.operationId}`);
      assert.deepEqual({ method: ROUTES[op.operationId as keyof typeof ROUTES]?.method, path: ROUTES[op.operationId as keyof typeof ROUTES]?.path },
        { method: method.toUpperCase(), path }, `route of ${op.operationId}`);
    }
  }
  assert.ok(ids.length > 50);
  assert.deepEqual(Object.keys(ROUTES).sort(), [...ids].sort(), 'no route the document does not have');
});

test('the event-stream parser takes events split anywhere, CRLF and CR lines, comments and retry', () => {
  const text = ': keepalive\r\nretry: 1000\r\n\r\nid: 1\nevent: top\ndata: {"a":\ndata: 1}\n\nid: 2\revent: entry\rdata: {}\r\r';
  for (let size = 1; size <= text.length; size++) {
    const events: [string, string, string | undefined][] = [];
    const retries: number[] = [];
    const parser = new SseParser((type, data, id) => events.push([type, data, id]), (ms) => retries.push(ms));
    for (let i = 0; i < text.length; i += size) {
      parser.push(text.slice(i, i + size));
    }
    assert.deepEqual(events, [['top', '{"a":\n1}', '1'], ['entry', '{}', '2']], `chunks of ${size}`);
    assert.deepEqual(retries, [1000]);
  }
});

test('Retry-After is read as seconds or as an HTTP date', () => {
  assert.equal(retryAfter('3'), 3);
  assert.equal(retryAfter(null), undefined);
  assert.equal(retryAfter('soon'), undefined);
  const now = Date.parse('2025-04-15T12:00:00Z');
  assert.equal(retryAfter('Tue, 15 Apr 2025 12:00:05 GMT', now), 5);
  assert.equal(retryAfter('Tue, 15 Apr 2025 11:00:00 GMT', now), 0);
});

test('a node\'s error code is an ErrorCode with its status', async () => {
  const error = await LeaderboardError.of(new Response(JSON.stringify({ error: 'board_full', message: 'full' }),
    { status: 409 }));
  assert.equal(error.errorCode, 'board_full');
  assert.equal(ERROR_CODES[error.errorCode!], error.status);
});

test('an error body that is not JSON still gives status and a code', async () => {
  const error = await LeaderboardError.of(new Response('<html>bad gateway</html>', { status: 502, statusText: 'Bad Gateway' }));
  assert.equal(error.status, 502);
  assert.equal(error.code, 'http_502');
  assert.equal(error.errorCode, undefined);
  assert.equal(error.message, '502 Bad Gateway');
  assert.equal(error.body, '<html>bad gateway</html>');
});
