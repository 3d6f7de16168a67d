package dev.leaderboard.api.auth;

import dev.leaderboard.core.LeaderboardException;
import dev.leaderboard.core.Refusal;
import io.vertx.core.Vertx;
import io.vertx.core.shareddata.Shareable;

/**
 * The node's credentials, shared by every HTTP verticle instance of one Vert.x: its {@link KeyCache}
 * and, when the node takes player tokens, its {@link PlayerTokens}.
 */
public final class NodeKeys implements Shareable {
  private static final String MAP = "leaderboard.auth";
  private volatile KeyCache cache;
  private volatile PlayerTokens players;

  private NodeKeys() {
  }

  public static NodeKeys of(Vertx vertx) {
    return vertx.sharedData().<String, NodeKeys>getLocalMap(MAP).computeIfAbsent("keys", k -> new NodeKeys());
  }

  /** The node's keys, or {@code null} while no {@link KeysVerticle} runs. */
  public KeyCache cache() {
    return cache;
  }

  /** The node's keys; a 503 {@link LeaderboardException} while no {@link KeysVerticle} runs. */
  public KeyCache require() {
    KeyCache keys = cache;
    if (keys == null) {
      throw Refusal.SERVICE_UNAVAILABLE.exception("the API key registry");
    }
    return keys;
  }

  /** The node's player token verifier, or {@code null} when it takes none. */
  public PlayerTokens players() {
    return players;
  }

  /** Sets how the node verifies player tokens (before the HTTP verticles start); {@code null}: it takes none. */
  public void offerPlayers(PlayerTokens tokens) {
    players = tokens;
  }

  void offer(KeyCache keys) {
    cache = keys;
  }

  synchronized void withdraw(KeyCache keys) {
    if (cache == keys) {
      cache = null;
    }
  }
}
