package dev.leaderboard.app;

import io.vertx.redis.client.Command;
import io.vertx.redis.client.Request;
import io.vertx.redis.client.Response;

/**
 * A key's type, remaining time to live and size (members of a sorted set, hash, set or list; bytes of
 * a string), read in one atomic call on the node that holds the key, alike on a standalone endpoint
 * and on a cluster (the script's one key routes it). Comparing the states of a key on both sides is
 * how the migration verifies a copy without reading it back.
 *
 * @param type Redis' type name; {@code none} for a key that does not exist
 * @param pttl milliseconds to live, -1 without expiry, -2 for a missing key
 * @param size members or bytes, -1 for other types
 */
record KeyState(String type, long pttl, long size) {
  private static final String SCRIPT = """
      local k = KEYS[1]
      local t = redis.call('TYPE', k)['ok']
      local n = -1
      if t == 'zset' then n = redis.call('ZCARD', k)
      elseif t == 'hash' then n = redis.call('HLEN', k)
      elseif t == 'set' then n = redis.call('SCARD', k)
      elseif t == 'list' then n = redis.call('LLEN', k)
      elseif t == 'string' then n = redis.call('STRLEN', k) end
      return {t, redis.call('PTTL', k), n}
      """;

  static Request read(String key) {
    return Request.cmd(Command.EVAL).arg(SCRIPT).arg(1).arg(key);
  }

  static KeyState of(Response r) {
    return new KeyState(r.get(0).toString(), r.get(1).toLong(), r.get(2).toLong());
  }

  boolean exists() {
    return !type.equals("none");
  }

  boolean expires() {
    return pttl >= 0;
  }

  /** Same type and size, and an expiry on both sides or on neither. */
  boolean matches(KeyState other) {
    return type.equals(other.type) && size == other.size && expires() == other.expires();
  }

  @Override
  public String toString() {
    return exists() ? type + " of " + size + (type.equals("string") ? " bytes" : " members") + (expires() ? ", expiring" : "")
        : "missing";
  }
}
