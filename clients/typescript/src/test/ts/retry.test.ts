import assert from 'node:assert/strict';
import { performance } from 'node:perf_hooks';
import { LeaderboardClient, LeaderboardError, type RetryInfo } from '../../main/ts/index.js';
import { control, nodes, nodeTest, recordingFetch, replicatedAdmin, unique } from './nodes.js';

/** A client with a key of its own on the replicated node (one submit a second per key), recording its retries. */
async function submitter(retry: { maxAttempts?: number; maxTotalWaitMs?: number; onRetry?: (r: RetryInfo) => void | Promise<void> } = {}) {
  const key = await replicatedAdmin().createKey({ name: unique('submitter'), scopes: ['submit', 'read'] });
  const retries: RetryInfo[] = [];
  const recording = recordingFetch();
  const client = new LeaderboardClient({
    baseUrl: nodes.replicatedUrl,
    apiKey: key.key,
    fetch: recording.fetch,
    retry: { ...retry, onRetry: async (r) => { retries.push(r); await retry.onRetry?.(r); } },
  });
  return { client, retries, requests: recording.requests };
}

async function board(operator: 'incr' | 'best'): Promise<string> {
  const name = unique('ts-retry');
  await replicatedAdmin().putBoard(name, { operator, partitions: 4 });
  return name;
}

nodeTest('a 429 is retried after its Retry-After, then succeeds', async () => {
  const name = await board('incr');
  const { client, retries, requests } = await submitter();
  await client.submit(name, { userId: 'a', value: 1 });
  const start = performance.now();
  const second = await client.submit(name, { userId: 'a', value: 2 });
  const took = performance.now() - start;
  assert.equal(second.score, 3);
  assert.equal(retries.length, 1);
  assert.deepEqual([retries[0].error.status, retries[0].error.code], [429, 'rate_limited']);
  assert.ok(retries[0].waitMs >= 1000, `waits Retry-After (${retries[0].waitMs} ms)`);
  assert.ok(took >= retries[0].waitMs, `the retry came after the wait (${took} ms)`);
  assert.equal(requests.length, 3);
});

nodeTest('the bounds end retries: attempts and total wait', async () => {
  const name = await board('incr');
  const once = await submitter({ maxAttempts: 1 });
  await once.client.submit(name, { userId: 'b', value: 1 });
  const limited = await once.client.submit(name, { userId: 'b', value: 1 }).catch((e: unknown) => e);
  assert.ok(limited instanceof LeaderboardError);
  assert.deepEqual([limited.status, limited.code, limited.retryAfterSeconds], [429, 'rate_limited', 1]);
  assert.equal(once.retries.length, 0);

  const short = await submitter({ maxTotalWaitMs: 500 });
  await short.client.submit(name, { userId: 'c', value: 1 });
  const start = performance.now();
  const tooLong = await short.client.submit(name, { userId: 'c', value: 1 }).catch((e: unknown) => e);
  assert.ok(tooLong instanceof LeaderboardError && tooLong.status === 429);
  assert.ok(performance.now() - start < 1000, 'a Retry-After beyond the total wait is not waited for');
  assert.equal(short.retries.length, 0);
});

nodeTest('other refusals are never retried', async () => {
  const name = await board('incr');
  const { client, retries, requests } = await submitter();
  const bad = await client.submit(name, { userId: 'd', value: 1, at: -5 }).catch((e: unknown) => e);
  assert.ok(bad instanceof LeaderboardError);
  assert.equal(bad.status, 400);
  assert.equal(retries.length, 0);
  assert.equal(requests.length, 1);
});

nodeTest('a submit answered 503 write_unconfirmed (yet applied) is retried with its eventId and applies once', async () => {
  const name = await board('incr');
  const { client, retries, requests } = await submitter({
    // the replicas come back while the client waits out Retry-After
    onRetry: () => control('thaw'),
  });
  // the board's period is registered by its first event; that write is not the one under test
  await replicatedAdmin().submit(name, { userId: 'warm-up', value: 1 });
  await control('freeze');
  let result: Awaited<ReturnType<LeaderboardClient['submit']>>;
  try {
    result = await client.submit(name, { userId: 'e', value: 7 });
  } finally {
    await control('thaw');
  }
  assert.deepEqual([retries[0].error.status, retries[0].error.code], [503, 'write_unconfirmed']);
  // the key's one submit a second may refuse the retry once more, with 429
  assert.deepEqual(retries.slice(1).map((r) => r.error.code).filter((c) => c !== 'rate_limited'), []);
  assert.equal((await replicatedAdmin().user(name, 'e')).score, 7, 'applied once, not twice');
  assert.equal(result.applied, false, 'the retry is a duplicate: the first attempt had been applied');
  assert.equal(result.score, 7);
  assert.equal(requests.length, retries.length + 1);
  const ids = requests.map((r) => JSON.parse(r.body ?? '{}').eventId);
  assert.match(ids[0], /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
  assert.deepEqual(new Set(ids), new Set([ids[0]]), 'every retry sends the same eventId');
});
