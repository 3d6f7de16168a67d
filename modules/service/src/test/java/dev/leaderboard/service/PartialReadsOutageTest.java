package dev.leaderboard.service;

import dev.leaderboard.core.BusAddresses;
import dev.leaderboard.service.friends.FriendRankVerticle;
import dev.leaderboard.service.request.FriendIds;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import dev.leaderboard.core.Partitioner;
import dev.leaderboard.embedded.LocalRedisShards;
import dev.leaderboard.embedded.TestPostgres;
import dev.leaderboard.store.Keys;
import dev.leaderboard.store.dispatch.ShardMeters;
import dev.leaderboard.testing.TestSeed;
import io.vertx.core.Vertx;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import io.vertx.junit5.VertxExtension;
import io.vertx.serviceproxy.ServiceException;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;
import java.util.UUID;
import java.util.function.Predicate;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import dev.leaderboard.service.request.JoinRequest;
import dev.leaderboard.service.result.CohortBoard;

/**
 * With one of two shards stopped, friend boards and ranks for a list answer over the users whose
 * shards still answer, marked partial: a random board and friend graph, checked against
 * {@link ReferenceBoard} restricted to the reachable users (scores, times, order and ranks within a
 * friend group exact), while a friend set on the stopped shard still answers 503.
 */
@ExtendWith({VertxExtension.class, TestSeed.class})
class PartialReadsOutageTest {
  static final Instant NOW = Instant.parse("2025-04-15T12:00:00Z");
  static final Clock CLOCK = Clock.fixed(NOW, ZoneOffset.UTC);
  static final long DAY_START = Instant.parse("2025-04-15T00:00:00Z").toEpochMilli();
  static final String[] MODES = {"unique", "competition", "dense"};

  private JsonService service;
  private FriendRankService friends;

  @Test
  void friendBoardsAndRankListsAnswerOverTheReachableShard(Vertx vertx, Random rnd, @TempDir Path dir)
      throws IOException {
    try (LocalRedisShards kept = LocalRedisShards.start(dir.resolve("kept"), 1);
        LocalRedisShards own = LocalRedisShards.start(dir.resolve("stopped"), 1)) {
      // endpoint 0 (board definitions, period states) stays up; endpoint 1 is stopped below
      List<String> endpoints = List.of(kept.endpoints().get(0), own.endpoints().get(0));
      vertx.deployVerticle(new LeaderboardVerticle(new LeaderboardVerticle.Options(NodeStore.Options.of(endpoints, TestPostgres.uri()), CLOCK, 4))).await();
      vertx.deployVerticle(new FriendRankVerticle(new FriendRankVerticle.Options(NodeStore.Options.of(endpoints, TestPostgres.uri()), CLOCK, 5000))).await();
      service = JsonService.proxy(vertx);
      friends = FriendRankService.createProxy(vertx, BusAddresses.FRIENDS);

      String run = "po" + UUID.randomUUID().toString().substring(0, 8) + "-";
      List<String> users = new ArrayList<>();
      for (int i = 0; i < 160; i++) {
        users.add(run + i + "." + rnd.nextInt(1000));
      }
      Map<String, Set<String>> graph = randomGraph(rnd, users);
      // odd, so that a user's score partition does not follow from their friend slot's parity
      int partitions = 3 + 2 * rnd.nextInt(3);
      String board = "po-" + UUID.randomUUID().toString().substring(0, 8);
      String operator = List.of("incr", "set", "best").get(rnd.nextInt(3));
      JsonObject def = service.putBoard(board, new JsonObject()
          .put("order", rnd.nextBoolean() ? "desc" : "asc")
          .put("operator", operator)
          .put("tieResolution", rnd.nextBoolean() ? "ms" : "s")
          .put("period", "daily").put("maxScore", 60).put("denseRanks", true).put("partitions", partitions)).await();
      ReferenceBoard all = new ReferenceBoard(def, DAY_START);
      // a tenth of the users never score: missing where reachable
      submitRandomEvents(rnd, board, "incr".equals(operator), all, users.subList(0, 144));

      // every shard up: complete answers carry no partial fields
      JsonObject complete = friends.friendBoard(board, users.get(0), null, null, 1000, "unique", true).await().toJson();
      assertThat(complete.fieldNames()).doesNotContain("partial", "unreachable", "reason");
      assertThat(complete.getJsonArray("entries").getJsonObject(0).getLong("globalRank")).isNotNull();
      JsonObject ranked = service.ranks(board, new JsonObject().put("userIds", new JsonArray(users.subList(0, 30))),
          null, "unique").await();
      assertThat(ranked.fieldNames()).doesNotContain("partial", "unreachable", "reason");
      assertThat(ranked.getLong("total")).isEqualTo(all.size());
      assertThat(ranked.getJsonArray("entries").getJsonObject(0).getLong("rank"))
          .isEqualTo(all.uniqueRank(ranked.getJsonArray("entries").getJsonObject(0).getString("userId")));

      // a competition in cohorts of 8 whose members all scored
      LeaderboardService typed = LeaderboardService.createProxy(vertx, BusAddresses.SERVICE);
      String contest = "pc-" + UUID.randomUUID().toString().substring(0, 8);
      service.putBoard(contest, new JsonObject().put("period", "daily").put("joinRequired", true).put("cohortSize", 8)
          .put("partitions", partitions)).await();
      Map<String, Long> contestScores = new HashMap<>();
      for (String u : users.subList(0, 40)) {
        typed.join(contest, new JoinRequest(new JsonObject().put("userId", u))).await();
        long value = 1 + rnd.nextInt(50);
        service.submit(contest, new JsonObject().put("userId", u).put("value", value)).await();
        contestScores.put(u, value);
      }

      own.close();
      String stopped = ShardMeters.label(own.endpoints().get(0));
      Predicate<String> scoreDown = u -> Partitioner.partitionOf(u, partitions) % 2 == 1;
      Predicate<String> friendSetDown = u -> Keys.friendSlot(u).partition() % 2 == 1;

      List<String> owners = new ArrayList<>(users.subList(0, 4));
      for (int q = 0; q < 36; q++) {
        owners.add(users.get(rnd.nextInt(users.size())));
      }
      int partialBoards = 0;
      for (String owner : owners) {
        if (friendSetDown.test(owner)) {
          Throwable t = catchThrowable(() -> friends.friendBoard(board, owner, null, null, null, null, null).await());
          assertThat(t).isInstanceOf(ServiceException.class);
          assertThat(((ServiceException) t).failureCode()).as("friend set of %s on the stopped shard", owner).isEqualTo(503);
          assertThat(((ServiceException) t).getDebugInfo().getString("error")).isEqualTo("shard_unavailable");
          continue;
        }
        List<String> group = new ArrayList<>(graph.get(owner));
        group.add(owner);
        partialBoards += verifyFriendBoard(rnd, board, all, owner, group, scoreDown, stopped);
      }
      assertThat(partialBoards).as("friend boards that left members out").isPositive();

      for (int q = 0; q < 24; q++) {
        Set<String> asked = new LinkedHashSet<>();
        int n = 1 + rnd.nextInt(40);
        while (asked.size() < n) {
          asked.add(users.get(rnd.nextInt(users.size())));
        }
        verifyRanks(board, all, new ArrayList<>(asked), MODES[q % 3], scoreDown, stopped);
      }
      // only users of the running shard: all of them answered, yet the total and ranks need the stopped one
      List<String> reachable = users.subList(0, 144).stream().filter(scoreDown.negate()).limit(12).toList();
      JsonObject onlyUp = verifyRanks(board, all, reachable, "unique", scoreDown, stopped);
      verifyCohortsWithAShardDown(typed, contest, contestScores, scoreDown);
      assertThat(onlyUp.getJsonArray("unreachable")).isEmpty();
      assertThat(onlyUp.getJsonArray("entries")).hasSize(reachable.size());
    }
  }

  /**
   * A cohort board with a shard down ranks the members whose scores it reached within the cohort, in
   * score order, and says it is partial (flat, as every partial answer); or, when the cohort's own
   * membership is on the stopped shard, refuses with 503.
   */
  private void verifyCohortsWithAShardDown(LeaderboardService typed, String contest, Map<String, Long> scores,
      Predicate<String> scoreDown) {
    int partial = 0;
    for (long cohort = 1; cohort <= 5; cohort++) {
      long c = cohort;
      Throwable t = catchThrowable(() -> typed.cohort(contest, c, null, null, false).await());
      if (t != null) {
        assertThat(((ServiceException) t).failureCode()).as("cohort %s: %s", c, t).isEqualTo(503);
        continue;
      }
      CohortBoard board = typed.cohort(contest, c, null, null, false).await();
      List<CohortBoard.Member> entries = board.entries();
      assertThat(entries).extracting(CohortBoard.Member::userId).noneMatch(scoreDown);
      for (int i = 0; i < entries.size(); i++) {
        assertThat(entries.get(i).score()).isEqualTo(scores.get(entries.get(i).userId()));
        assertThat(entries.get(i).rank()).isEqualTo(i + 1);
      }
      for (int i = 1; i < entries.size(); i++) {
        assertThat(entries.get(i).score()).isLessThanOrEqualTo(entries.get(i - 1).score());
      }
      if (board.partial() != null) {
        partial++;
        JsonObject json = board.toJson();
        assertThat(json.getBoolean("partial")).isTrue();
        // the members left out; none when all were reached but their global ranks need the stopped shard
        assertThat(entries).extracting(CohortBoard.Member::globalRank).containsOnlyNulls();
        assertThat(board.partial().unreachable()).allMatch(scoreDown).allMatch(scores::containsKey)
            .noneMatch(board.missing()::contains);
        assertThat(json.getJsonArray("unreachable").getList()).isEqualTo(board.partial().unreachable());
        assertThat(json.getString("reason")).isNotBlank();
      }
    }
    assertThat(partial).as("cohort boards answered as partial").isPositive();
  }

  /** Checks every mode of one owner's board; 1 when the board had to leave members out. */
  private int verifyFriendBoard(Random rnd, String board, ReferenceBoard all, String owner, List<String> group,
      Predicate<String> down, String stopped) {
    List<String> reached = group.stream().filter(down.negate()).toList();
    List<String> unreachable = group.stream().filter(down).toList();
    ReferenceBoard model = all.only(reached);
    List<ReferenceBoard.Entry> expected = model.sorted();
    for (String mode : MODES) {
      for (boolean global : new boolean[] {false, true}) {
        JsonObject got = friends.friendBoard(board, owner, null, null, 1000, mode, global).await().toJson();
        String what = mode + (global ? " with global ranks" : "") + " board of " + owner;
        assertThat(got.getInteger("total")).as(what).isEqualTo(expected.size());
        Set<String> scored = expected.stream().map(ReferenceBoard.Entry::userId).collect(Collectors.toSet());
        assertThat(got.getJsonArray("missing").getList()).as(what)
            .isEqualTo(reached.stream().filter(m -> !scored.contains(m)).sorted().toList());
        JsonArray entries = got.getJsonArray("entries");
        assertThat(entries).as(what).hasSize(expected.size());
        for (int k = 0; k < expected.size(); k++) {
          JsonObject entry = entries.getJsonObject(k);
          String at = what + " at " + k;
          model.assertEntry(entry, expected, k, mode, at);
          // the global rank needs every shard
          assertThat(entry.containsKey("globalRank")).as(at).isEqualTo(global);
          assertThat(entry.getValue("globalRank")).as(at).isNull();
        }
        boolean partial = !unreachable.isEmpty() || (global && !expected.isEmpty());
        if (!partial) {
          assertThat(got.fieldNames()).as(what).doesNotContain("partial", "unreachable", "reason");
          continue;
        }
        assertThat(got.getBoolean("partial")).as(what).isTrue();
        assertThat(got.getJsonArray("unreachable").getList()).as(what).containsExactlyInAnyOrderElementsOf(unreachable);
        assertThat(got.getString("reason")).as(what).contains("shard 1").doesNotContain(stopped);
        assertThat(got.getString("reason").contains("globalRank")).as(what).isEqualTo(global && !expected.isEmpty());
        // pages are slices of the whole
        int offset = rnd.nextInt(expected.size() + 2);
        int limit = 1 + rnd.nextInt(10);
        JsonObject page = friends.friendBoard(board, owner, null, (long) offset, limit, mode, global).await().toJson();
        List<Object> slice = entries.getList().subList(Math.min(offset, entries.size()),
            Math.min(entries.size(), offset + limit));
        assertThat(page.getJsonArray("entries").getList()).as(what + " from " + offset).isEqualTo(slice);
      }
    }
    return unreachable.isEmpty() ? 0 : 1;
  }

  /** Ranks for {@code asked}: the reachable users' scores and times in board order, no ranks, marked partial. */
  private JsonObject verifyRanks(String board, ReferenceBoard all, List<String> asked, String mode,
      Predicate<String> down, String stopped) {
    JsonObject got = service.ranks(board, new JsonObject().put("userIds", new JsonArray(asked)), null, mode).await();
    String what = mode + " ranks of " + asked;
    List<String> reached = asked.stream().filter(down.negate()).toList();
    List<ReferenceBoard.Entry> expected = all.only(reached).sorted();
    assertThat(got.getString("board")).isEqualTo(board);
    assertThat(got.getString("rankMode")).isEqualTo(mode);
    assertThat(got.getBoolean("partial")).as(what).isTrue();
    assertThat(got.containsKey("total")).isTrue();
    assertThat(got.getValue("total")).as(what).isNull();
    assertThat(got.getJsonArray("unreachable").getList()).as(what).isEqualTo(asked.stream().filter(down).toList());
    assertThat(got.getJsonArray("missing").getList()).as(what)
        .isEqualTo(reached.stream().filter(u -> all.get(u) == null).toList());
    assertThat(got.getString("reason")).as(what).contains("shard 1").doesNotContain(stopped);
    JsonArray entries = got.getJsonArray("entries");
    assertThat(entries).as(what).hasSize(expected.size());
    for (int k = 0; k < expected.size(); k++) {
      JsonObject entry = entries.getJsonObject(k);
      ReferenceBoard.Entry e = expected.get(k);
      assertThat(entry.getString("userId")).as(what).isEqualTo(e.userId());
      assertThat(entry.getLong("score")).as(what).isEqualTo(e.score());
      assertThat(entry.getLong("at")).as(what).isEqualTo(e.at());
      assertThat(entry.containsKey("rank")).isTrue();
      assertThat(entry.getValue("rank")).as(what).isNull();
      assertThat(entry.getValue("percentile")).as(what).isNull();
    }
    return got;
  }

  /** A few hubs with many friends, everyone else a few; mutual, written by imports. */
  private Map<String, Set<String>> randomGraph(Random rnd, List<String> users) {
    Map<String, Set<String>> graph = new HashMap<>();
    users.forEach(u -> graph.put(u, new TreeSet<>()));
    for (int i = 0; i < users.size(); i++) {
      String u = users.get(i);
      int n = i < 4 ? 40 + rnd.nextInt(40) : rnd.nextInt(7);
      JsonArray picked = new JsonArray();
      for (int k = 0; k < n; k++) {
        String f = users.get(rnd.nextInt(users.size()));
        if (!f.equals(u)) {
          picked.add(f);
          graph.get(u).add(f);
          graph.get(f).add(u);
        }
      }
      friends.importFriends(u, new FriendIds(new JsonObject().put("friendIds", picked))).await();
    }
    return graph;
  }

  private void submitRandomEvents(Random rnd, String board, boolean incr, ReferenceBoard model, List<String> scorers) {
    JsonArray events = new JsonArray();
    for (int i = 0; i < 1200; i++) {
      String u = scorers.get(rnd.nextInt(scorers.size()));
      long value = incr ? rnd.nextInt(6) : rnd.nextInt(60);
      // few distinct seconds, so that equal scores at the same time unit happen
      long at = DAY_START + rnd.nextInt(40) * 1000L + rnd.nextInt(2);
      events.add(new JsonObject().put("userId", u).put("value", value).put("at", at));
      model.apply(u, value, at, null);
      if (events.size() == 400) {
        assertThat(service.submitBatch(board, new JsonObject().put("events", events)).await().getInteger("failed"))
            .isZero();
        events = new JsonArray();
      }
    }
  }
}
