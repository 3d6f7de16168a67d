package dev.leaderboard.store.leagues;

import static org.assertj.core.api.Assertions.assertThat;

import dev.leaderboard.core.League;
import dev.leaderboard.embedded.TestShards;
import dev.leaderboard.store.dispatch.Shards;
import dev.leaderboard.store.moderation.Ban;
import dev.leaderboard.store.moderation.ModerationStore;
import dev.leaderboard.testing.TestSeed;
import io.vertx.core.Vertx;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import io.vertx.junit5.VertxExtension;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.UUID;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * A large league's members written by an apply (many pipelined rounds) and read back by the scan
 * (many calls) exactly as a reference map says, members who leave included.
 */
@ExtendWith({VertxExtension.class, TestSeed.class})
class LeagueStoreTest {
  private static final List<String> TIERS = List.of("bronze", "silver", "gold");
  private Shards shards;

  @BeforeEach
  void start(Vertx vertx) {
    shards = Shards.connect(vertx, TestShards.endpoints(), 8);
  }

  @AfterEach
  void stop() {
    shards.close();
  }

  @Test
  void applyAndMembersOfALargeLeagueMatchTheReference(Random rnd) {
    League l = League.define("big", new JsonObject().put("tiers", new JsonArray(List.copyOf(TIERS)))
        .put("cohortSize", 30).put("promote", 3).put("relegate", 3).put("period", "daily"), null, Instant.parse("2025-04-15T00:00:00Z"),
        UUID.randomUUID().toString());
    LeagueStore store = new LeagueStore(shards);
    int n = 40_000 + rnd.nextInt(5_000);
    Map<String, String> first = new LinkedHashMap<>();
    for (int i = 0; i < n; i++) {
      first.put("m" + i, TIERS.get(rnd.nextInt(TIERS.size())));
    }
    store.apply(l, "p1", List.copyOf(first.keySet()), List.copyOf(first.values())).await();
    assertThat(store.members(l).await()).isEqualTo(first);
    assertThat(store.applied(l, "p1").await()).isTrue();
    assertThat(store.applied(l, "p2").await()).isFalse();

    Map<String, String> second = new LinkedHashMap<>();
    Map<String, String> expected = new HashMap<>(first);
    for (String user : first.keySet()) {
      String to = rnd.nextInt(10) == 0 ? null : TIERS.get(rnd.nextInt(TIERS.size()));
      second.put(user, to);
      if (to == null) {
        expected.remove(user);
      } else {
        expected.put(user, to);
      }
    }
    store.apply(l, "p2", List.copyOf(second.keySet()), new ArrayList<>(second.values())).await();
    assertThat(store.members(l).await()).isEqualTo(expected);
    store.delete(l).await();
    assertThat(store.members(l).await()).isEmpty();
  }
  /**
   * A join reads the bans in the same script: a banned non-member is not joined (an erasure's ban stored
   * on another node a moment ago is seen), a banned member keeps their tier, anyone else joins once.
   */
  @Test
  void joinAllLeavesOutBannedNonMembers() {
    League l = League.define("jn-" + UUID.randomUUID().toString().substring(0, 8), new JsonObject()
        .put("tiers", new JsonArray(List.copyOf(TIERS))).put("cohortSize", 5).put("promote", 1).put("relegate", 1)
        .put("period", "daily"), null, Instant.parse("2025-04-15T00:00:00Z"), UUID.randomUUID().toString());
    LeagueStore store = new LeagueStore(shards);
    ModerationStore moderation = new ModerationStore(shards);
    String suffix = UUID.randomUUID().toString().substring(0, 8);
    String fresh = "fresh-" + suffix;
    String erased = "erased-" + suffix;
    String member = "member-" + suffix;
    store.apply(l, "p1", List.of(member), List.of("silver")).await();
    moderation.putBan(erased, new Ban("erasure under way", 1, true)).await();
    moderation.putBan(member, new Ban("cheating", 1, false)).await();
    try {
      assertThat(store.joinAll(l, List.of(fresh, erased, member), "bronze").await())
          .containsExactly("bronze", null, "silver");
      assertThat(store.members(l).await()).isEqualTo(Map.of(fresh, "bronze", member, "silver"));
      assertThat(store.joinAll(l, List.of(fresh), "gold").await()).as("joined once").containsExactly("bronze");
    } finally {
      moderation.dropBan(erased).await();
      moderation.dropBan(member).await();
    }
  }

  /**
   * A member's tier read in the round that reads the definition follows the league as stored: a league
   * made again under the same name (another uid, other members) answers its own member's tier, on the
   * node that read the old one too, and a deleted league answers none.
   */
  @Test
  void aMembershipFollowsTheLeagueAsStoredWhenItIsMadeAgain() {
    String name = "ms-" + UUID.randomUUID().toString().substring(0, 8);
    JsonObject spec = new JsonObject().put("tiers", new JsonArray(List.copyOf(TIERS))).put("cohortSize", 5)
        .put("promote", 1).put("relegate", 1).put("period", "daily");
    Instant at = Instant.parse("2025-04-15T00:00:00Z");
    League first = League.define(name, spec, null, at, UUID.randomUUID().toString());
    LeagueStore node = new LeagueStore(shards);
    LeagueStore other = new LeagueStore(shards);
    assertThat(node.membership(name, "m").await()).as("no such league").isNull();
    assertThat(other.create(first).await()).isTrue();
    other.apply(first, "p1", List.of("m"), List.of("silver")).await();
    assertThat(node.membership(name, "m").await()).isEqualTo(new LeagueStore.Membership(first, "silver"));
    assertThat(node.membership(name, "x").await()).isEqualTo(new LeagueStore.Membership(first, null));

    other.delete(first).await();
    assertThat(node.membership(name, "m").await()).as("deleted").isNull();
    League again = League.define(name, spec, null, at, UUID.randomUUID().toString());
    assertThat(other.create(again).await()).isTrue();
    other.apply(again, "p1", List.of("m"), List.of("gold")).await();
    assertThat(node.membership(name, "m").await()).as("first read after the league was made again")
        .isEqualTo(new LeagueStore.Membership(again, "gold"));

    // made again while this node still holds the old definition: the tier is read again from the new members
    other.delete(again).await();
    League third = League.define(name, spec, null, at, UUID.randomUUID().toString());
    assertThat(other.create(third).await()).isTrue();
    other.apply(third, "p1", List.of("m"), List.of("bronze")).await();
    assertThat(node.membership(name, "m").await()).isEqualTo(new LeagueStore.Membership(third, "bronze"));
    other.delete(third).await();
  }
}
