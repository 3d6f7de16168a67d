package dev.leaderboard.store.access;

import dev.leaderboard.store.Keys;
import dev.leaderboard.store.dispatch.Call;
import dev.leaderboard.store.dispatch.Route;
import dev.leaderboard.store.dispatch.Shards;
import io.vertx.core.Future;
import io.vertx.core.json.JsonObject;
import io.vertx.redis.client.Command;
import io.vertx.redis.client.Request;
import io.vertx.redis.client.Response;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * API key records (JSON documents, read and written by the API's key handling) in Redis, beside the board definitions on the {@code lb:{meta}} route: one hash
 * {@link Keys#API_KEYS} (ID → record) and the set {@link Keys#REVOKED_API_KEYS} of revoked IDs.
 */
public final class ApiKeyStore {
  private static final Logger LOG = LoggerFactory.getLogger(ApiKeyStore.class);
  private final Shards shards;

  public ApiKeyStore(Shards shards) {
    this.shards = shards;
  }

  /** Every record by ID; one that is not JSON is left out (and logged by its ID). */
  public Future<Map<String, JsonObject>> loadAll() {
    return shards.send(Route.META, Request.cmd(Command.HGETALL).arg(Keys.API_KEYS)).map(r -> {
      Map<String, JsonObject> keys = new LinkedHashMap<>();
      for (int i = 0; i + 1 < r.size(); i += 2) {
        JsonObject key = read(r.get(i).toString(), r.get(i + 1));
        if (key != null) {
          keys.put(r.get(i).toString(), key);
        }
      }
      return keys;
    });
  }

  /** The record of {@code id}, or {@code null}. */
  public Future<JsonObject> get(String id) {
    return shards.send(Route.META, Request.cmd(Command.HGET).arg(Keys.API_KEYS).arg(id)).map(r -> read(id, r));
  }

  /** Stores a new record unless its ID exists; {@code false} when it did. */
  public Future<Boolean> create(String id, JsonObject record) {
    return shards.send(Route.META, Request.cmd(Command.HSETNX).arg(Keys.API_KEYS).arg(id).arg(record.encode()))
        .map(r -> r.toInteger() == 1);
  }

  /** Marks {@code id} revoked, then removes its record; {@code false} when there was none. */
  public Future<Boolean> revoke(String id) {
    return shards.dispatch(List.of(
            Call.of(Route.META, Request.cmd(Command.SADD).arg(Keys.REVOKED_API_KEYS).arg(id)),
            Call.of(Route.META, Request.cmd(Command.HDEL).arg(Keys.API_KEYS).arg(id))))
        .map(answers -> answers.get(1).toInteger() == 1);
  }

  /** Whether {@code id} was revoked. */
  public Future<Boolean> revoked(String id) {
    return shards.send(Route.META, Request.cmd(Command.SISMEMBER).arg(Keys.REVOKED_API_KEYS).arg(id))
        .map(r -> r.toInteger() == 1);
  }

  private static JsonObject read(String id, Response stored) {
    if (stored == null) {
      return null;
    }
    try {
      return new JsonObject(stored.toString());
    } catch (RuntimeException e) {
      LOG.warn("the record of API key {} cannot be read and is ignored ({})", id, e.getClass().getSimpleName());
      return null;
    }
  }
}
