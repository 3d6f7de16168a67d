package dev.leaderboard.store.scores;

import dev.leaderboard.store.dispatch.Shards;
import java.util.Base64;
import java.util.concurrent.ThreadLocalRandom;

/**
 * Event IDs for events that came without one where a write may reach Redis twice
 * ({@link Shards#resendsWrites}): a {@code ~} no client ID may hold, and 96 random bits.
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
