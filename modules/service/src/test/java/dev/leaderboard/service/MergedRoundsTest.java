package dev.leaderboard.service;

import static org.assertj.core.api.Assertions.assertThat;

import dev.leaderboard.core.LeaderboardException;
import dev.leaderboard.embedded.TestPostgres;
import dev.leaderboard.embedded.TestShards;
import dev.leaderboard.testing.TestSeed;
import io.vertx.core.DeploymentOptions;
import io.vertx.core.Future;
import io.vertx.core.Promise;
import io.vertx.core.Vertx;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import io.vertx.junit5.VertxExtension;
import dev.leaderboard.core.Partitioner;
import dev.leaderboard.embedded.LocalRedisShards;
import dev.leaderboard.store.dispatch.RedisPool;
import java.nio.file.Path;
import org.junit.jupiter.api.io.TempDir;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Reads and single submits that arrive together share rounds (docs/design.md, "Rounds"); what each
 * caller gets must still be exactly what it would get alone, and a state of the board between its
 * request's arrival and its answer. Compared against {@link ReferenceBoard}.
 */
@ExtendWith({VertxExtension.class, TestSeed.class})
class MergedRoundsTest {
  static final Instant NOW = Instant.parse("2025-04-15T12:00:00Z");
  static final long DAY = Instant.parse("2025-04-15T00:00:00Z").toEpochMilli();

  private static JsonService node(Vertx vertx, int instances) {
    vertx.deployVerticle(() -> new LeaderboardVerticle(new LeaderboardVerticle.Options(
        NodeStore.Options.of(TestShards.endpoints(), TestPostgres.uri()), Clock.fixed(NOW, ZoneOffset.UTC), 8)),
        new DeploymentOptions().setInstances(instances)).await();
    return JsonService.proxy(vertx);
  }

  private static String name() {
    return "mr-" + UUID.randomUUID().toString().substring(0, 8);
  }

  /** {@code users} users with scores from few values and few times (ties of every kind), in batches. */
  private static ReferenceBoard load(JsonService service, String board, JsonObject def, Random rnd, int users,
      String prefix) {
    ReferenceBoard model = new ReferenceBoard(def, DAY);
    for (int i = 0; i < users; i += 500) {
      JsonArray events = new JsonArray();
      for (int k = i; k < Math.min(users, i + 500); k++) {
        long value = rnd.nextInt(200);
        long at = DAY + rnd.nextInt(20) * 1000L;
        String user = prefix + Integer.toString(rnd.nextInt(1296), 36) + "-" + k;
        events.add(new JsonObject().put("userId", user).put("value", value).put("at", at));
        model.apply(user, value, at, null);
      }
      service.submitBatch(board, new JsonObject().put("events", events)).await();
    }
    return model;
  }

  @Test
  void thousandsOfConcurrentReadsEqualTheModel(Vertx vertx, Random rnd) throws Exception {
    JsonService service = node(vertx, 2);
    String board = name();
    JsonObject def = service.putBoard(board, new JsonObject().put("operator", "set").put("period", "daily")).await();
    ReferenceBoard model = load(service, board, def, rnd, 3000, "r");
    List<ReferenceBoard.Entry> sorted = model.sorted();
    int total = sorted.size();
    List<Runnable> checks = new ArrayList<>();
    List<Future<?>> all = new ArrayList<>();
    // groups of users asked about by several lists at once (a cohort's members reading its board), so a
    // round's pivots repeat; with the other lists, a round holds more than one call's pivots
    List<List<String>> groups = new ArrayList<>();
    for (int g = 0; g < 12; g++) {
      List<String> group = new ArrayList<>();
      for (int k = 0; k < 50; k++) {
        group.add(sorted.get(rnd.nextInt(total)).userId());
      }
      groups.add(group);
    }
    for (int q = 0; q < 3000; q++) {
      int kind = rnd.nextInt(5);
      if (kind == 4) {
        List<String> users = new ArrayList<>(rnd.nextBoolean() ? groups.get(rnd.nextInt(groups.size())) : List.of());
        for (int k = users.isEmpty() ? 1 + rnd.nextInt(100) : 0; k > 0; k--) {
          users.add(sorted.get(rnd.nextInt(total)).userId());
        }
        if (rnd.nextInt(4) == 0) {
          users.add("nobody-" + q);
        }
        Future<JsonObject> f = service.ranks(board, new JsonObject().put("userIds", new JsonArray(users)), null, null);
        all.add(f);
        checks.add(() -> {
          JsonArray entries = f.result().getJsonArray("entries");
          List<String> known = users.stream().filter(u -> !u.startsWith("nobody-")).distinct().toList();
          assertThat(entries.size()).as("ranks of %d users", known.size()).isEqualTo(known.size());
          for (int i = 0; i < entries.size(); i++) {
            JsonObject e = entries.getJsonObject(i);
            assertThat(e.getLong("rank")).as("rank of %s in a list", e.getString("userId"))
                .isEqualTo(model.uniqueRank(e.getString("userId")));
          }
          assertThat(f.result().getLong("total")).isEqualTo(total);
          assertThat(f.result().getJsonArray("missing").size()).isEqualTo(users.stream().filter(u -> u.startsWith("nobody-"))
              .count());
        });
      } else if (kind == 0 || kind == 1) {
        boolean unknown = rnd.nextInt(20) == 0;
        String user = unknown ? "nobody-" + q : sorted.get(rnd.nextInt(total)).userId();
        Future<JsonObject> f = service.user(board, user, null, null);
        all.add(f.recover(t -> Future.succeededFuture()));
        checks.add(() -> {
          if (unknown) {
            assertThat(f.cause()).isInstanceOf(LeaderboardException.class);
            assertThat(((LeaderboardException) f.cause()).status()).isEqualTo(404);
          } else {
            assertThat(f.result().getLong("rank")).as("rank of %s", user).isEqualTo(model.uniqueRank(user));
            assertThat(f.result().getLong("total")).isEqualTo(total);
          }
        });
      } else if (kind == 2) {
        // a few pages asked many times (identical reads) and some anywhere
        long offset = rnd.nextBoolean() ? 10L * rnd.nextInt(3) : rnd.nextInt(total);
        int limit = rnd.nextBoolean() ? 10 : 1 + rnd.nextInt(40);
        Future<JsonObject> f = service.entries(board, null, offset, limit, null);
        all.add(f);
        checks.add(() -> {
          JsonArray entries = f.result().getJsonArray("entries");
          List<ReferenceBoard.Entry> expected = sorted.subList((int) Math.min(offset, total),
              (int) Math.min(total, offset + limit));
          assertThat(entries.size()).as("page %d+%d", offset, limit).isEqualTo(expected.size());
          for (int i = 0; i < entries.size(); i++) {
            assertThat(entries.getJsonObject(i).getString("userId")).isEqualTo(expected.get(i).userId());
            assertThat(entries.getJsonObject(i).getLong("rank")).isEqualTo(offset + i + 1);
          }
        });
      } else {
        String user = sorted.get(rnd.nextInt(total)).userId();
        int limit = 1 + rnd.nextInt(15);
        Future<JsonObject> f = service.around(board, user, null, limit, null);
        all.add(f);
        checks.add(() -> {
          JsonArray entries = f.result().getJsonArray("entries");
          assertThat(entries.size()).isEqualTo(Math.min(limit, total));
          long first = entries.getJsonObject(0).getLong("rank");
          boolean found = false;
          for (int i = 0; i < entries.size(); i++) {
            JsonObject e = entries.getJsonObject(i);
            assertThat(e.getLong("rank")).isEqualTo(first + i);
            assertThat(e.getString("userId")).isEqualTo(sorted.get((int) (first + i - 1)).userId());
            found |= e.getString("userId").equals(user);
          }
          assertThat(found).as("%s is in its own neighbourhood", user).isTrue();
        });
      }
    }
    Future.all(all).await(60, TimeUnit.SECONDS);
    checks.forEach(Runnable::run);
  }

  /**
   * Writers' scores only rise while readers' stay put, so a reader's rank can only grow: an answer
   * must lie between the rank in the model of the writes acknowledged when the read was sent and the
   * rank in the model of every write sent when its answer came.
   */
  @Test
  void ranksReadDuringRisingSubmitsLieBetweenArrivalAndAnswer(Vertx vertx, Random rnd) throws Exception {
    JsonService service = node(vertx, 2);
    String board = name();
    JsonObject def = service.putBoard(board, new JsonObject().put("operator", "incr").put("period", "daily")).await();
    ReferenceBoard acked = load(service, board, def, new Random(rnd.nextLong()), 400, "w");
    List<String> users = acked.sorted().stream().map(ReferenceBoard.Entry::userId).toList();
    List<String> writers = users.subList(0, 200);
    List<String> readers = users.subList(200, 400);
    ReferenceBoard sent = acked.copy();
    long at = NOW.toEpochMilli();
    Promise<Void> done = Promise.promise();
    List<String> failures = new ArrayList<>();
    int[] checked = {0};
    vertx.runOnContext(v -> {
      List<Future<?>> all = new ArrayList<>();
      for (int q = 0; q < 2000; q++) {
        if (rnd.nextBoolean()) {
          String w = writers.get(rnd.nextInt(writers.size()));
          long value = 1 + rnd.nextInt(40);
          String eventId = "e" + q;
          sent.apply(w, value, at, eventId);
          all.add(service.submit(board, new JsonObject().put("userId", w).put("value", value).put("eventId", eventId))
              .onSuccess(r -> acked.apply(w, value, at, eventId)));
        } else {
          String r = readers.get(rnd.nextInt(readers.size()));
          long lower = acked.uniqueRank(r);
          all.add(service.user(board, r, null, null).onSuccess(answer -> {
            long upper = sent.uniqueRank(r);
            long rank = answer.getLong("rank");
            checked[0]++;
            if (rank < lower || rank > upper) {
              failures.add(r + ": rank " + rank + " outside [" + lower + ", " + upper + "]");
            }
          }));
        }
      }
      Future.all(all).<Void>mapEmpty().onComplete(done);
    });
    done.future().await(60, TimeUnit.SECONDS);
    assertThat(failures).isEmpty();
    assertThat(checked[0]).isGreaterThan(800);
  }

  /** A submit answered by one node is in every read another node starts afterwards, while that node is busy. */
  @Test
  void aWriteAnsweredByOneNodeIsReadByAnother(Vertx vertx, Random rnd) {
    JsonService a = node(vertx, 2);
    Vertx other = Vertx.vertx();
    try {
      JsonService b = node(other, 2);
      String board = name();
      JsonObject def = a.putBoard(board, new JsonObject().put("operator", "incr").put("period", "daily")).await();
      ReferenceBoard model = load(a, board, def, new Random(rnd.nextLong()), 500, "y");
      List<String> users = model.sorted().stream().map(ReferenceBoard.Entry::userId).toList();
      long at = NOW.toEpochMilli();
      for (int q = 0; q < 150; q++) {
        String user = users.get(rnd.nextInt(users.size()));
        long value = 1 + rnd.nextInt(500);
        a.submit(board, new JsonObject().put("userId", user).put("value", value)).await();
        model.apply(user, value, at, null);
        // node b is busy with other reads, so the read joins a round already waiting
        List<Future<JsonObject>> busy = new ArrayList<>();
        for (int k = 0; k < 20; k++) {
          busy.add(b.user(board, users.get(rnd.nextInt(users.size())), null, null));
        }
        JsonObject read = b.user(board, user, null, null).await();
        assertThat(read.getLong("score")).isEqualTo(model.get(user).score());
        assertThat(read.getLong("rank")).isEqualTo(model.uniqueRank(user));
        Future.all(busy).await();
      }
    } finally {
      other.close().await();
    }
  }

  /**
   * Single submits sent together to one board, with duplicates, conflicts and refusals among them,
   * merge into rounds; each caller gets the answer the model gives its event in arrival order.
   */
  @Test
  void mergedSingleSubmitsGiveEachCallerItsOwnAnswer(Vertx vertx, Random rnd) throws Exception {
    // one instance: the event bus hands the submits over in the order they were sent
    JsonService service = node(vertx, 1);
    String board = name();
    JsonObject def = service.putBoard(board, new JsonObject().put("operator", "incr").put("period", "daily")
        .put("maxScore", 300)).await();
    ReferenceBoard model = new ReferenceBoard(def, DAY);
    List<String> users = new ArrayList<>();
    for (int i = 0; i < 40; i++) {
      users.add("s" + i);
    }
    List<JsonObject> earlier = new ArrayList<>();
    List<Future<JsonObject>> answers = new ArrayList<>();
    List<ReferenceBoard.Outcome> expected = new ArrayList<>();
    List<Long> scores = new ArrayList<>();
    long at = DAY + 3_600_000;
    // the node notes the period on its first submit (a round of its own); afterwards every step before
    // the submit round is answered from memory, so the submits reach their rounds in the order sent
    service.submit(board, new JsonObject().put("userId", "first").put("value", 1).put("at", at)).await();
    model.apply("first", 1, at, null);
    for (int q = 0; q < 1500; q++) {
      JsonObject event;
      if (!earlier.isEmpty() && rnd.nextInt(5) == 0) {
        // an event ID used before by the same user: the same payload (a duplicate) or another value (a conflict)
        event = earlier.get(rnd.nextInt(earlier.size())).copy();
        if (rnd.nextBoolean()) {
          event.put("value", event.getLong("value") + 1);
        }
      } else {
        // now and then a value that takes the score above maxScore: refused
        long value = rnd.nextInt(6) == 0 ? 150 + rnd.nextInt(100) : 1 + rnd.nextInt(3);
        event = new JsonObject().put("userId", users.get(rnd.nextInt(users.size()))).put("value", value)
            .put("at", at).put("eventId", "ev" + q);
      }
      earlier.add(event);
      String user = event.getString("userId");
      expected.add(model.apply(user, event.getLong("value"), at, event.getString("eventId")));
      scores.add(model.get(user) == null ? null : model.get(user).score());
      answers.add(service.submit(board, event));
    }
    // every answer, failed or not, before any is checked
    Future.join(answers).otherwiseEmpty().await(60, TimeUnit.SECONDS);
    int[] seen = new int[ReferenceBoard.Outcome.values().length];
    for (int q = 0; q < answers.size(); q++) {
      Future<JsonObject> f = answers.get(q);
      ReferenceBoard.Outcome want = expected.get(q);
      seen[want.ordinal()]++;
      switch (want) {
        case APPLIED -> {
          assertThat(f.result().getBoolean("applied")).as("event %d", q).isTrue();
          assertThat(f.result().getLong("score")).as("event %d", q).isEqualTo(scores.get(q));
        }
        case DUPLICATE -> assertThat(f.result().getBoolean("applied")).as("event %d", q).isFalse();
        case CONFLICT -> assertThat(((LeaderboardException) f.cause()).status()).as("event %d", q).isEqualTo(409);
        case REJECTED -> assertThat(((LeaderboardException) f.cause()).status()).as("event %d", q).isEqualTo(422);
        default -> throw new AssertionError(want);
      }
    }
    assertThat(seen[ReferenceBoard.Outcome.APPLIED.ordinal()]).isPositive();
    assertThat(seen[ReferenceBoard.Outcome.DUPLICATE.ordinal()]).isPositive();
    assertThat(seen[ReferenceBoard.Outcome.CONFLICT.ordinal()]).isPositive();
    assertThat(seen[ReferenceBoard.Outcome.REJECTED.ordinal()]).isPositive();
    for (String user : users) {
      ReferenceBoard.Entry e = model.get(user);
      if (e != null) {
        assertThat(service.user(board, user, null, null).await().getLong("score")).isEqualTo(e.score());
      }
    }
  }

  /**
   * With one shard frozen (SIGSTOP), the requests that need it fail with 503 {@code shard_unavailable}
   * after the answer time, while the requests waiting in rounds beside them that need only the other
   * shard are answered: a board on the other shard, and submits of users on it.
   */
  @Test
  void aFrozenShardFailsOnlyTheRequestsThatNeedIt(Vertx vertx, @TempDir Path dir) throws Exception {
    try (LocalRedisShards own = LocalRedisShards.start(dir, 2)) {
      vertx.deployVerticle(() -> new LeaderboardVerticle(new LeaderboardVerticle.Options(
          NodeStore.Options.of(own.endpoints(), TestPostgres.uri()).withPool(new RedisPool(8, 1024, 400)),
          Clock.fixed(NOW, ZoneOffset.UTC), 2)), new DeploymentOptions().setInstances(2)).await();
      JsonService service = JsonService.proxy(vertx);
      // partition p lives on shard p mod 2: "both" spans the two shards, "solo" (one partition) shard 0
      String both = name();
      String solo = name();
      service.putBoard(both, new JsonObject().put("operator", "set").put("period", "daily").put("partitions", 2)).await();
      service.putBoard(solo, new JsonObject().put("operator", "set").put("period", "daily").put("partitions", 1)).await();
      List<String> healthy = new ArrayList<>();
      List<String> frozen = new ArrayList<>();
      for (int i = 0; healthy.size() < 20 || frozen.size() < 20; i++) {
        String u = "f" + i;
        (Partitioner.partitionOf(u, 2) == 0 ? healthy : frozen).add(u);
        service.submit(both, new JsonObject().put("userId", u).put("value", i)).await();
        service.submit(solo, new JsonObject().put("userId", u).put("value", i)).await();
      }
      own.freeze(1);
      try {
        List<Future<JsonObject>> fine = new ArrayList<>();
        List<Future<JsonObject>> failing = new ArrayList<>();
        for (int k = 0; k < 20; k++) {
          fine.add(service.user(solo, frozen.get(k), null, null));
          fine.add(service.entries(solo, null, 0L, 10, null));
          // applied on the healthy shard; its rank (which needs both shards) is left out of the answer
          fine.add(service.submit(both, new JsonObject().put("userId", healthy.get(k)).put("value", 1000 + k)));
          failing.add(service.user(both, healthy.get(k), null, null).compose(r -> r.getJsonObject("partial") != null
              ? Future.failedFuture(new IllegalStateException("partial")) : Future.succeededFuture(r)));
          failing.add(service.submit(both, new JsonObject().put("userId", frozen.get(k)).put("value", 2000 + k)));
        }
        Future.join(fine).otherwiseEmpty().await(30, TimeUnit.SECONDS);
        Future.join(failing).otherwiseEmpty().await(30, TimeUnit.SECONDS);
        for (Future<JsonObject> f : fine) {
          assertThat(f.succeeded()).as("%s", f.cause()).isTrue();
        }
        for (Future<JsonObject> f : failing) {
          assertThat(f.failed()).isTrue();
          if (f.cause() instanceof LeaderboardException e) {
            assertThat(e.status()).isEqualTo(503);
          }
        }
      } finally {
        own.thaw(1);
      }
    }
  }
}
