import { createHmac, randomUUID } from 'node:crypto';
import { test } from 'node:test';
import { LeaderboardClient, type ClientOptions } from '../../main/ts/index.js';

/**
 * The nodes TypeScriptClientTest (Maven) starts for these tests, from its environment: `LB_URL` and
 * `LB_ADMIN_KEY` (a node on embedded shards taking HS256 player tokens signed with `LB_JWT_SECRET`),
 * `LB_REPLICATED_URL` and `LB_REPLICATED_ADMIN_KEY` (a node on a Redis Cluster with replicas, a submit
 * rate of 1/s), `LB_CONTROL_URL` (restart the first node, freeze and thaw the cluster's replicas).
 */
export const nodes = {
  url: process.env.LB_URL ?? '',
  adminKey: process.env.LB_ADMIN_KEY ?? '',
  jwtSecret: process.env.LB_JWT_SECRET ?? '',
  replicatedUrl: process.env.LB_REPLICATED_URL ?? '',
  replicatedAdminKey: process.env.LB_REPLICATED_ADMIN_KEY ?? '',
  controlUrl: process.env.LB_CONTROL_URL ?? '',
};

const missing = nodes.url === '' ? 'needs the nodes of TypeScriptClientTest: run `mvn -pl clients/typescript -am test`' : false;

/** A test that needs the nodes; skipped with the reason when run without them (outside Maven). */
export function nodeTest(name: string, fn: () => Promise<void>): void {
  test(name, { skip: process.env.CI === undefined ? missing : false }, fn);
}

export function admin(options: Partial<ClientOptions> = {}): LeaderboardClient {
  return new LeaderboardClient({ baseUrl: nodes.url, apiKey: nodes.adminKey, ...options });
}

export function replicatedAdmin(options: Partial<ClientOptions> = {}): LeaderboardClient {
  return new LeaderboardClient({ baseUrl: nodes.replicatedUrl, apiKey: nodes.replicatedAdminKey, ...options });
}

/** A board, league or user name no other test uses. */
export function unique(prefix: string): string {
  return `${prefix}-${randomUUID().slice(0, 12)}`;
}

/** Asks the Maven test to act on the nodes: `restart`, `freeze`, `thaw`. */
export async function control(action: 'restart' | 'freeze' | 'thaw'): Promise<void> {
  const response = await fetch(`${nodes.controlUrl}/${action}`, { method: 'POST' });
  if (response.status !== 204) {
    throw new Error(`control ${action}: ${response.status} ${await response.text()}`);
  }
}

/** An HS256 player token for `userId`, signed with the node's secret, valid for an hour. */
export function playerToken(userId: string): string {
  const part = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
  const unsigned = `${part({ alg: 'HS256', typ: 'JWT' })}.${part({ sub: userId, exp: Math.floor(Date.now() / 1000) + 3600 })}`;
  return `${unsigned}.${createHmac('sha256', nodes.jwtSecret).update(unsigned).digest('base64url')}`;
}

/** A fetch that records each request's URL, headers and body, then sends it. */
export interface Sent {
  url: string;
  headers: Headers;
  body: string | undefined;
}

export function recordingFetch(): { fetch: typeof fetch; requests: Sent[] } {
  const requests: Sent[] = [];
  return {
    requests,
    fetch: (input, init) => {
      requests.push({ url: String(input), headers: new Headers(init?.headers),
        body: typeof init?.body === 'string' ? init.body : undefined });
      return fetch(input, init);
    },
  };
}

/**
 * Waits for a condition that only changes when something arrives: `check()` after each arrival
 * ({@link changed}); fails naming `what` after `timeoutMs`.
 */
export class Arrivals {
  private waiters: (() => void)[] = [];

  changed(): void {
    const waiters = this.waiters;
    this.waiters = [];
    waiters.forEach((w) => w());
  }

  async until(what: string, condition: () => boolean, timeoutMs = 30_000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (!condition()) {
      const left = deadline - Date.now();
      if (left <= 0) {
        throw new Error(`not within ${timeoutMs} ms: ${what}`);
      }
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }
}
