package dev.leaderboard.store.scores;

import dev.leaderboard.store.dispatch.Shards;
import java.util.Base64;
import java.util.concurrent.ThreadLocalRandom;

/**
 * Event IDs a node gives events that came without one, where a write may reach Redis twice
 * ({@link Shards#resendsWrites}). They start with {@code ~}, which a client's event ID cannot hold
 * ({@code [A-Za-z0-9._:@-]}), and carry 96 random bits, so they never meet a client's ID or each
 * other within a dedupe window.
 */
final class ServerEventIds {
  private ServerEventIds() {
  }

  static String next() {
    byte[] bytes = new byte[12];
    ThreadLocalRandom.current().nextBytes(bytes);
    return "~" + Base64.getUrlEncoder().withoutPadding().encodeToString(bytes);
  }
}
