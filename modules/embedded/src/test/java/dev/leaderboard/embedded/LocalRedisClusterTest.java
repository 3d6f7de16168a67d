package dev.leaderboard.embedded;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class LocalRedisClusterTest {

  @Test
  void slotsMoveAndMastersFailOverWithTheirData(@TempDir Path dir) throws IOException {
    try (LocalRedisCluster cluster = LocalRedisCluster.start(dir, 2, 1, Duration.ofMillis(500))) {
      assertThat(cluster.size()).isEqualTo(4);
      assertThat(cluster.seeds()).containsExactly(cluster.endpoint(0), cluster.endpoint(1));
      assertThat(cluster.isMaster(0)).isTrue();
      assertThat(cluster.isMaster(2)).isFalse();
      assertThat(cluster.replicasOf(0)).containsExactly(2);

      String a = "{t" + UUID.randomUUID() + "}:a";
      String b = a.replace(":a", ":b");
      int slot = cluster.slotOf(a);
      int master = cluster.masterOf(slot);
      assertThat(cluster.call(master, "SET", a, "1")).isEqualTo("OK");
      assertThat(cluster.call(master, "SET", b, "2")).isEqualTo("OK");
      assertThatThrownBy(() -> cluster.call(1 - master, "GET", a)).hasMessageStartingWith("MOVED " + slot);

      int added = cluster.addMaster();
      cluster.slots().begin(slot, added);
      cluster.slots().migrateKeys(slot, List.of(a));
      assertThat(cluster.keysInSlot(master, slot, 10)).containsExactly(b);
      assertThatThrownBy(() -> cluster.call(master, "GET", a)).hasMessageStartingWith("ASK " + slot);
      // a multi-key command over a slot half moved: 6.x redirects it, 7.x asks to retry once the move is done
      assertThatThrownBy(() -> cluster.call(master, "MGET", a, b))
          .hasMessageStartingWith(cluster.server().major() >= 7 ? "TRYAGAIN" : "ASK " + slot);
      cluster.slots().finish(slot);
      assertThat(cluster.masterOf(slot)).isEqualTo(added);
      assertThat(cluster.call(added, "MGET", a, b)).isEqualTo(List.of("1", "2"));

      String c = "{u" + UUID.randomUUID() + "}";
      int cm = cluster.masterOf(cluster.slotOf(c));
      cluster.slots().move(List.of(cluster.slotOf(c)), cm == 0 ? 1 : 0);
      int owner = cluster.masterOf(cluster.slotOf(c));
      assertThat(cluster.call(owner, "SET", c, "x")).isEqualTo("OK");
      int replica = cluster.replicasOf(owner).get(0);
      assertThat(cluster.call(owner, "WAIT", "1", "5000")).isEqualTo(1L);
      cluster.failover(replica);
      assertThat(cluster.isMaster(replica)).isTrue();
      assertThat(cluster.masterOf(cluster.slotOf(c))).isEqualTo(replica);
      assertThat(cluster.call(replica, "GET", c)).isEqualTo("x");

      int old = owner;
      assertThat(cluster.call(replica, "WAIT", "1", "5000")).isEqualTo(1L);
      int promoted = cluster.killMaster(replica);
      assertThat(promoted).isEqualTo(old);
      assertThat(cluster.call(promoted, "GET", c)).isEqualTo("x");
      cluster.restart(replica);
      assertThat(cluster.isMaster(replica)).isFalse();
    }
  }
}
