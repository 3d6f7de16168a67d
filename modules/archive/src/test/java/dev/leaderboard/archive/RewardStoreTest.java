package dev.leaderboard.archive;

import static org.assertj.core.api.Assertions.assertThat;

import dev.leaderboard.embedded.TestPostgres;
import dev.leaderboard.testing.TestSeed;
import io.vertx.core.Future;
import io.vertx.core.Vertx;
import io.vertx.core.json.JsonObject;
import io.vertx.junit5.VertxExtension;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.UUID;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/** Rewards written with their period (more than one chunk), listed, claimed once across two pools, erased. */
@ExtendWith({VertxExtension.class, TestSeed.class})
class RewardStoreTest {
  private ArchiveStore store;
  private ArchiveStore otherNode;
  private String uid;

  @BeforeEach
  void connect(Vertx vertx) {
    store = ArchiveStore.connect(vertx, TestPostgres.uri());
    store.migrate().await();
    // a pool of its own, as another node has
    otherNode = ArchiveStore.connect(vertx, TestPostgres.uri() + "?application_name=other-node");
    uid = "b-" + UUID.randomUUID();
  }

  @AfterEach
  void close() {
    store.close();
    otherNode.close();
  }

  @Test
  void aPeriodsRewardsAreWrittenWithItInChunksAndOnlyOnce(Random rnd) {
    int n = ArchiveSql.CHUNK * 2 + 123;
    List<ArchivedEntry> entries = ArchiveStoreTest.entries(rnd, n);
    List<Reward> rewards = new ArrayList<>();
    for (ArchivedEntry e : entries) {
      rewards.add(Reward.of(e.userId(), e.position() % 3 == 0 ? null : e.position() % 7, e.position() + 1, e.score(),
          new JsonObject().put("p", e.position()).encode()));
    }
    ArchivedPeriod period = new ArchivedPeriod(uid, "prized", "2025-04-15", n, 1_744_675_200_123L, null);
    assertThat(store.archive(period, entries, rewards).await()).isTrue();
    assertThat(store.rewards().count(uid, "2025-04-15").await()).isEqualTo(n);
    assertThat(otherNode.archive(period, entries, rewards).await()).isFalse();
    assertThat(store.rewards().count(uid, "2025-04-15").await()).isEqualTo(n);

    List<Reward> page = store.rewards().period(uid, "2025-04-15", 40_000, 5).await();
    assertThat(page).extracting(Reward::rank).containsExactly(40_001L, 40_002L, 40_003L, 40_004L, 40_005L);
    Reward r = page.get(0);
    Reward source = rewards.get(40_000);
    assertThat(r).isEqualTo(new Reward(r.id(), "prized", uid, "2025-04-15", source.userId(), source.cohort(), 40_001,
        source.score(), source.reward(), 1_744_675_200_123L, null));
    assertThat(store.rewards().user(source.userId(), RewardStore.State.ALL, 10).await()).containsExactly(r);
  }

  @Test
  void sixtyClaimsRacingOnTwoPoolsClaimOnceAndAnotherUsersClaimFindsNothing(Random rnd) {
    List<ArchivedEntry> entries = ArchiveStoreTest.entries(rnd, 3);
    List<Reward> rewards = entries.stream().map(e -> Reward.of(e.userId(), null, e.position() + 1, e.score(), "{}"))
        .toList();
    store.archive(new ArchivedPeriod(uid, "prized", "2025-W16", 3, 1L, null), entries, rewards).await();
    String user = entries.get(0).userId();
    long id = store.rewards().user(user, RewardStore.State.UNCLAIMED, 10).await().get(0).id();

    List<Future<RewardStore.Claim>> claims = new ArrayList<>();
    for (int i = 0; i < 60; i++) {
      claims.add((i % 2 == 0 ? store : otherNode).rewards().claim(user, id, 5_000 + i));
    }
    Future.all(claims).await();
    List<RewardStore.Claim> now = claims.stream().map(Future::result).filter(RewardStore.Claim::claimedNow).toList();
    assertThat(now).hasSize(1);
    long claimedAt = now.get(0).reward().claimedAt();
    assertThat(claims).allSatisfy(c -> assertThat(c.result().reward().claimedAt()).isEqualTo(claimedAt));
    assertThat(store.rewards().user(user, RewardStore.State.UNCLAIMED, 10).await()).isEmpty();
    assertThat(store.rewards().user(user, RewardStore.State.CLAIMED, 10).await()).hasSize(1);

    assertThat(store.rewards().claim(entries.get(1).userId(), id, 9_000).await()).isNull();
    assertThat(store.rewards().eraseUser(user).await()).isEqualTo(1);
    assertThat(store.rewards().user(user, RewardStore.State.ALL, 10).await()).isEmpty();
    assertThat(store.rewards().count(uid, "2025-W16").await()).isEqualTo(2);
    store.deleteBoard(uid).await();
    assertThat(store.rewards().count(uid, "2025-W16").await()).isZero();
  }
}
