package dev.leaderboard.client;

import static org.assertj.core.api.Assertions.assertThat;

import dev.leaderboard.client.model.BoardDefinition;
import dev.leaderboard.client.model.Entry;
import dev.leaderboard.client.model.Event;
import dev.leaderboard.embedded.Await;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Flow;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The live stream follows the node through a restart on the same port and data: the connection
 * the stopped node ended is reopened (with {@code Last-Event-ID}), a score submitted meanwhile
 * arrives, and the state the new connection greets with is not handed on twice.
 */
class StreamResumeTest {
  private static final Duration WAIT = Duration.ofSeconds(60);

  @Test
  void theStreamResumesAfterTheNodeRestartsWithNothingLostOrRepeated(@TempDir Path dataDir) {
    List<StreamEvent> seen = new CopyOnWriteArrayList<>();
    List<Throwable> errors = new CopyOnWriteArrayList<>();
    Flow.Subscription[] subscription = new Flow.Subscription[1];
    try (TestNode node = TestNode.start(dataDir, Map.of("LB_STREAM_INTERVAL_MS", "20"))) {
      LeaderboardClient client = node.admin().reconnect(new ReconnectPolicy(Duration.ofMillis(50), Duration.ofMillis(500)))
          .build();
      client.boards().putBoard("live", BoardDefinition.defaults());
      client.streams().stream("live", StreamOptions.DEFAULTS.top(10).users(List.of("ann")))
          .subscribe(new Flow.Subscriber<>() {
            public void onSubscribe(Flow.Subscription s) {
              subscription[0] = s;
              s.request(Long.MAX_VALUE);
            }

            public void onNext(StreamEvent e) {
              seen.add(e);
            }

            public void onError(Throwable t) {
              errors.add(t);
            }

            public void onComplete() {
              errors.add(new AssertionError("a live stream never completes"));
            }
          });
      try {
        Await.until("the greeting", WAIT, () -> tops(seen).size() == 1 && entries(seen).size() == 1);
        client.scores().submit("live", Event.of("ann", 10));
        Await.until("ann's score", WAIT, () -> tops(seen).size() == 2 && entries(seen).size() == 2);
        String idBefore = seen.get(seen.size() - 1).id();

        node.stop();
        node.start();
        // once the client is back, the new connection's greeting repeats what it had: not handed on again
        Await.until("the stream reopened", WAIT, () -> openStreams(client) == 1);
        client.scores().submit("live", Event.of("bob", 20));
        // ann's rank moved to 2: her feed sends that too (or greets with it, if it reconnected after bob's score)
        Await.until("bob's score after the restart", WAIT,
            () -> tops(seen).size() == 3 && entries(seen).get(entries(seen).size() - 1).equals("10@2"));
        client.scores().submit("live", Event.of("ann", 5));
        Await.until("ann's new score", WAIT, () -> tops(seen).size() == 4 && entries(seen).size() == 4);

        assertThat(errors).isEmpty();
        assertThat(tops(seen)).containsExactly(List.of(), List.of("ann=10"), List.of("bob=20", "ann=10"),
            List.of("bob=20", "ann=15")).doesNotHaveDuplicates();
        assertThat(entries(seen)).containsExactly("none", "10@1", "10@2", "15@2");
        assertThat(idBefore).isNotBlank();
      } finally {
        if (subscription[0] != null) {
          subscription[0].cancel();
        }
      }
    }
  }

  private static long openStreams(LeaderboardClient client) {
    return client.operations().metrics().lines().filter(l -> l.startsWith("leaderboard_streams_open"))
        .mapToLong(l -> (long) Double.parseDouble(l.substring(l.lastIndexOf(' ') + 1))).sum();
  }

  private static List<List<String>> tops(List<StreamEvent> seen) {
    return seen.stream().filter(e -> e instanceof StreamEvent.TopChanged)
        .map(e -> ((StreamEvent.TopChanged) e).entries().stream().map(en -> en.userId() + "=" + en.score()).toList())
        .toList();
  }

  private static List<String> entries(List<StreamEvent> seen) {
    return seen.stream().filter(e -> e instanceof StreamEvent.EntryChanged)
        .map(e -> {
          Entry en = ((StreamEvent.EntryChanged) e).entry();
          return en == null ? "none" : en.score() + "@" + en.rank();
        }).toList();
  }
}
