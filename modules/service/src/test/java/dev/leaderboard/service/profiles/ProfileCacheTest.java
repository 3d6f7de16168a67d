package dev.leaderboard.service.profiles;

import static org.assertj.core.api.Assertions.assertThat;

import dev.leaderboard.core.BusAddresses;
import dev.leaderboard.embedded.Await;
import dev.leaderboard.embedded.TestPostgres;
import dev.leaderboard.embedded.TestShards;
import dev.leaderboard.service.NodeStore;
import io.vertx.core.Vertx;
import io.vertx.core.json.JsonObject;
import io.vertx.junit5.VertxExtension;
import java.time.Duration;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * The node's kept profiles: a user without one is kept as such, a change made on this node shows at
 * once, one made elsewhere once its notice arrives.
 */
@ExtendWith(VertxExtension.class)
class ProfileCacheTest {

  @Test
  void aChangeHereShowsAtOnceAndOneElsewhereOnItsNotice(Vertx vertx) {
    NodeStore node = NodeStore.connect(vertx, NodeStore.Options.of(TestShards.endpoints(), TestPostgres.uri())).await();
    try {
      ProfileCache cache = node.profileCache();
      Profiles profiles = new Profiles(node.profiles(), cache, node.bans(), vertx.eventBus());
      String user = "pc-" + UUID.randomUUID().toString().substring(0, 8);
      assertThat(cache.getAll(List.of(user)).await()).as("no profile yet").isEmpty();

      profiles.put(user, new JsonObject().put("displayName", "One")).await();
      assertThat(cache.getAll(List.of(user)).await().get(user)).as("a change on this node, at once").contains("One");

      // another node's change: stored behind this node's back, then announced on the bus
      node.profiles().put(user, new JsonObject().put("displayName", "Two").encode()).await();
      vertx.eventBus().publish(BusAddresses.PROFILE_CHANGED, new JsonObject().put("userId", user));
      Await.until("the notice makes the node read the profile again", Duration.ofSeconds(1),
          () -> cache.getAll(List.of(user)).await().get(user).contains("Two"));

      profiles.erase(user).await();
      assertThat(cache.getAll(List.of(user)).await()).as("erased, at once").isEmpty();
    } finally {
      node.close().await();
    }
  }
}
