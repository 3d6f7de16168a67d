package dev.leaderboard.service.reads;

import static org.assertj.core.api.Assertions.assertThat;

import dev.leaderboard.core.Board;
import dev.leaderboard.store.scores.StoredEntry;
import io.vertx.core.json.JsonObject;
import java.time.Instant;
import org.junit.jupiter.api.Test;

/**
 * {@link RankHints}: a hint is found only under the board, period and user it was put for; a later
 * entry replaces it; a forgotten one is gone; and with more users than slots, a user's latest hint is
 * either found as put or not at all, never another user's.
 */
class RankHintsTest {
  static final Board DAILY = Board.define("hints", new JsonObject().put("period", "daily"), null, Instant.EPOCH, 8, "h1");
  static final Board OTHER = Board.define("hints", new JsonObject().put("period", "daily"), null, Instant.EPOCH, 8, "h2");

  @Test
  void aHintIsFoundOnlyWhereItWasPut() {
    RankHints hints = new RankHints();
    hints.put(DAILY, "2025-04-15", "ann", new StoredEntry("ann", 42L, "{\"n\":1}", null));
    StoredEntry found = hints.get(DAILY, "2025-04-15", "ann");
    assertThat(found.userId()).isEqualTo("ann");
    assertThat(found.composite()).isEqualTo(42L);
    assertThat(found.meta()).as("a hint keeps no metadata").isNull();
    assertThat(hints.get(DAILY, "2025-04-16", "ann")).as("another period").isNull();
    assertThat(hints.get(OTHER, "2025-04-15", "ann")).as("a board of the same name made again").isNull();
    assertThat(hints.get(DAILY, "2025-04-15", "bob")).isNull();

    hints.put(DAILY, "2025-04-15", "ann", new StoredEntry("ann", 43L));
    assertThat(hints.get(DAILY, "2025-04-15", "ann").composite()).isEqualTo(43L);
    hints.forget(DAILY, "2025-04-15", "bob");
    assertThat(hints.get(DAILY, "2025-04-15", "ann")).as("forgetting another user keeps it").isNotNull();
    hints.forget(DAILY, "2025-04-15", "ann");
    assertThat(hints.get(DAILY, "2025-04-15", "ann")).isNull();
  }

  @Test
  void withMoreUsersThanSlotsEachHintIsItsOwnOrNone() {
    RankHints hints = new RankHints();
    int users = RankHints.SLOTS * 2;
    for (int u = 0; u < users; u++) {
      hints.put(DAILY, "all", "u" + u, new StoredEntry("u" + u, u));
    }
    int found = 0;
    for (int u = 0; u < users; u++) {
      StoredEntry e = hints.get(DAILY, "all", "u" + u);
      if (e != null) {
        assertThat(e.userId()).isEqualTo("u" + u);
        assertThat(e.composite()).isEqualTo(u);
        found++;
      }
    }
    assertThat(found).as("hints kept").isPositive().isLessThanOrEqualTo(RankHints.SLOTS);
  }
}
