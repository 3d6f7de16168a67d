package dev.leaderboard.service;

import dev.leaderboard.core.BusAddresses;
import dev.leaderboard.service.friends.FriendRankVerticle;
import dev.leaderboard.service.request.FriendIds;
import dev.leaderboard.service.result.FriendChange;
import dev.leaderboard.service.result.FriendImport;
import dev.leaderboard.service.result.FriendList;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import dev.leaderboard.embedded.TestPostgres;
import dev.leaderboard.embedded.TestShards;
import dev.leaderboard.testing.TestSeed;
import io.vertx.core.Future;
import io.vertx.core.Vertx;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import io.vertx.junit5.VertxExtension;
import io.vertx.serviceproxy.ServiceException;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;
import java.util.UUID;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import dev.leaderboard.service.result.FriendBoard;

/**
 * The friend graph and friend boards through the event-bus proxy, on the four test shards: a random
 * graph and random scores checked against {@link ReferenceBoard} restricted to each user's group,
 * plus the graph's rules (mutual, idempotent, no self-friendship, the limit leaves nothing half done).
 */
@ExtendWith({VertxExtension.class, TestSeed.class})
class FriendRankTest {
  static final Instant NOW = Instant.parse("2025-04-15T12:00:00Z");
  static final Clock CLOCK = Clock.fixed(NOW, ZoneOffset.UTC);
  static final String[] MODES = {"unique", "competition", "dense"};

  private Vertx vertx;
  private JsonService service;
  /** Friend sets are global, not per board: every user ID of a test starts with this. */
  private String run;

  @BeforeEach
  void deploy(Vertx vertx) {
    this.vertx = vertx;
    vertx.deployVerticle(new LeaderboardVerticle(new LeaderboardVerticle.Options(NodeStore.Options.of(TestShards.endpoints(), TestPostgres.uri()), CLOCK, 8))).await();
    service = JsonService.proxy(vertx);
    run = "fr" + UUID.randomUUID().toString().substring(0, 8) + "-";
  }

  private FriendRankService deployFriends(int limit) {
    vertx.deployVerticle(new FriendRankVerticle(new FriendRankVerticle.Options(NodeStore.Options.of(TestShards.endpoints(), TestPostgres.uri()), CLOCK, limit))).await();
    return FriendRankService.createProxy(vertx, BusAddresses.FRIENDS);
  }

  private String user(String name) {
    return run + name;
  }

  // ---- the randomized scenario

  @Test
  void randomizedFriendBoardsMatchReferenceModel(Random rnd) {
    FriendRankService friends = deployFriends(5000);
    List<String> users = new ArrayList<>();
    for (int i = 0; i < 300; i++) {
      users.add(run + randomName(rnd) + i);
    }
    Map<String, TreeSet<String>> graph = buildGraph(rnd, friends, users);
    for (String u : users) {
      FriendList got = friends.friends(u).await();
      assertThat(got.userId()).isEqualTo(u);
      assertThat(got.count()).isEqualTo(graph.get(u).size());
      assertThat(got.friends()).as("friends of %s", u).containsExactlyElementsOf(graph.get(u));
    }

    long dayStart = Instant.parse("2025-04-15T00:00:00Z").toEpochMilli();
    // the last two boards have the wide layout: negative scores and a sort key, or the layout asked for
    for (String[] setup : new String[][] {{"desc", "incr", "ms", "{}"}, {"asc", "best", "s", "{}"},
        {"desc", "incr", "ms", "{\"minScore\":-60,\"sortKeys\":[{\"name\":\"deaths\",\"max\":2}]}"},
        {"asc", "best", "s", "{\"layout\":\"wide\"}"}}) {
      String board = "fb-" + UUID.randomUUID().toString().substring(0, 8);
      JsonObject def = service.putBoard(board, new JsonObject(setup[3]).put("order", setup[0]).put("operator", setup[1])
          .put("denseRanks", true).put("period", "daily").put("tieResolution", setup[2]).put("maxScore", 60)).await();
      assertThat(def.getJsonObject("limits").getString("layout")).isEqualTo(setup[3].equals("{}") ? "packed" : "wide");
      ReferenceBoard model = new ReferenceBoard(def, dayStart);
      long low = def.getLong("minScore");
      // a tenth of the users never score: they count as missing in their friends' boards
      List<String> scorers = users.subList(0, 270);
      List<JsonObject> events = new ArrayList<>();
      List<Boolean> refused = new ArrayList<>();
      for (int i = 0; i < 2500; i++) {
        String u = scorers.get(rnd.nextInt(scorers.size()));
        long value = "incr".equals(setup[1]) ? rnd.nextInt(6) - (low < 0 ? 3 : 0) : rnd.nextInt(60);
        // few distinct seconds, so that equal scores at the same time unit happen
        long at = dayStart + rnd.nextInt(40) * 1000L + rnd.nextInt(2);
        JsonObject e = new JsonObject().put("userId", u).put("value", value).put("at", at);
        long[] keys = new long[model.sortKeys().size()];
        if (keys.length > 0) {
          keys[0] = rnd.nextInt(3);
          e.put("keys", new JsonObject().put("deaths", keys[0]));
        }
        events.add(e);
        // an incr past maxScore is refused, by the service and by the model alike
        refused.add(model.apply(u, value, at, null, null, keys) == ReferenceBoard.Outcome.REJECTED);
      }
      for (int i = 0; i < events.size(); i += 500) {
        int to = Math.min(events.size(), i + 500);
        JsonObject r = service.submitBatch(board, new JsonObject()
            .put("events", new JsonArray(new ArrayList<>(events.subList(i, to))))).await();
        assertThat(r.getInteger("rejected")).isEqualTo((int) refused.subList(i, to).stream().filter(x -> x).count());
      }

      List<String> checked = new ArrayList<>(users.subList(0, 5)); // the hubs
      for (int q = 0; q < 60; q++) {
        checked.add(users.get(rnd.nextInt(users.size())));
      }
      checked.add(users.get(users.size() - 1)); // one that never scored
      for (String u : checked) {
        verifyFriendBoard(rnd, friends, board, model, u, graph.get(u));
      }
    }
  }

  /**
   * Five hubs with many friends, then everyone adds a few random friends (by single adds or an
   * import with repeats), then some friendships end; the answers are checked against the model.
   */
  private Map<String, TreeSet<String>> buildGraph(Random rnd, FriendRankService friends, List<String> users) {
    Map<String, TreeSet<String>> graph = new HashMap<>();
    users.forEach(u -> graph.put(u, new TreeSet<>()));
    for (int i = 0; i < users.size(); i++) {
      String u = users.get(i);
      int n = i < 5 ? 120 + rnd.nextInt(60) : rnd.nextInt(8);
      List<String> picked = new ArrayList<>();
      for (int k = 0; k < n; k++) {
        String f = users.get(rnd.nextInt(users.size()));
        if (!f.equals(u)) {
          picked.add(f);
        }
      }
      if (rnd.nextBoolean()) {
        int added = 0;
        int already = 0;
        Set<String> seen = new java.util.HashSet<>();
        for (String f : picked) {
          if (seen.add(f) && graph.get(u).add(f)) {
            graph.get(f).add(u);
            added++;
          } else {
            already++;
          }
        }
        FriendImport r = friends.importFriends(u, friendIds(new JsonArray(new ArrayList<>(picked)))).await();
        assertThat(r.added()).as("import for %s", u).isEqualTo(added);
        assertThat(r.already()).isEqualTo(already);
        assertThat(r.refused()).isEmpty();
      } else {
        for (String f : picked) {
          boolean isNew = graph.get(u).add(f);
          graph.get(f).add(u);
          // either side may ask
          FriendChange r = rnd.nextBoolean() ? friends.addFriend(u, f).await() : friends.addFriend(f, u).await();
          assertThat(r.added()).as("add %s %s", u, f).isEqualTo(isNew);
        }
      }
    }
    for (int q = 0; q < 120; q++) {
      String u = users.get(5 + rnd.nextInt(users.size() - 5));
      String f = users.get(rnd.nextInt(users.size()));
      if (f.equals(u)) {
        continue;
      }
      boolean was = graph.get(u).remove(f);
      graph.get(f).remove(u);
      FriendChange r = rnd.nextBoolean() ? friends.removeFriend(u, f).await() : friends.removeFriend(f, u).await();
      assertThat(r.removed()).as("remove %s %s", u, f).isEqualTo(was);
    }
    return graph;
  }

  private void verifyFriendBoard(Random rnd, FriendRankService friends, String board, ReferenceBoard all, String u,
      Set<String> userFriends) {
    List<String> group = new ArrayList<>(userFriends);
    group.add(u);
    ReferenceBoard model = all.only(group);
    List<ReferenceBoard.Entry> expected = model.sorted();
    for (String mode : MODES) {
      FriendBoard full = friends.friendBoard(board, u, null, null, 1000, mode, true).await();
      assertThat(full.board()).isEqualTo(board);
      assertThat(full.period()).isEqualTo("2025-04-15");
      assertThat(full.userId()).isEqualTo(u);
      assertThat(full.rankMode().wireName()).isEqualTo(mode);
      assertThat(full.total()).as("total of %s", u).isEqualTo(expected.size());
      Set<String> scored = expected.stream().map(ReferenceBoard.Entry::userId).collect(Collectors.toSet());
      assertThat(full.missing()).isEqualTo(group.stream().filter(m -> !scored.contains(m)).sorted().toList());
      assertThat(full.offset()).isZero();
      assertThat(full.limit()).isEqualTo(1000);
      assertThat(full.partial()).isNull();
      List<FriendBoard.Ranked> entries = full.entries();
      assertThat(entries).hasSize(expected.size());
      for (int k = 0; k < expected.size(); k++) {
        FriendBoard.Ranked got = entries.get(k);
        String what = mode + " board of " + u + " at " + k;
        model.assertEntry(got.toJson(), expected, k, mode, what);
        assertThat(got.global().globalRank()).as(what).isEqualTo(all.uniqueRank(expected.get(k).userId()));
      }
      // pages are slices of the whole, without global ranks unless asked
      for (int q = 0; q < 3; q++) {
        int offset = rnd.nextInt(expected.size() + 3);
        int limit = 1 + rnd.nextInt(12);
        Boolean global = q == 0 ? null : q == 1 ? Boolean.FALSE : Boolean.TRUE;
        FriendBoard page = friends.friendBoard(board, u, "current", (long) offset, limit, mode, global).await();
        assertThat(page.total()).isEqualTo(expected.size());
        assertThat(page.offset()).isEqualTo(offset);
        assertThat(page.limit()).isEqualTo(limit);
        List<FriendBoard.Ranked> got = page.entries();
        int n = Math.max(0, Math.min(limit, expected.size() - offset));
        assertThat(got).hasSize(n);
        for (int k = 0; k < n; k++) {
          FriendBoard.Ranked want = entries.get(offset + k);
          assertThat(got.get(k).entry()).as("page at %d+%d of %s", offset, k, u).isEqualTo(want.entry());
          assertThat(got.get(k).global()).as("global rank at %d+%d of %s", offset, k, u)
              .isEqualTo(Boolean.TRUE.equals(global) ? want.global() : null);
        }
      }
    }
  }

  // ---- the graph's rules

  @Test
  void friendshipIsMutualAndIdempotent() {
    FriendRankService friends = deployFriends(5000);
    String a = user("ann");
    String b = user("bob");
    assertThat(friends.addFriend(a, b).await().toJson())
        .isEqualTo(new JsonObject().put("userId", a).put("friendId", b).put("added", true));
    assertThat(friends.addFriend(a, b).await().added()).isFalse();
    assertThat(friends.addFriend(b, a).await().added()).isFalse();
    assertThat(friends.friends(a).await().toJson())
        .isEqualTo(new JsonObject().put("userId", a).put("count", 1).put("friends", new JsonArray().add(b)));
    assertThat(friends.friends(b).await().friends()).containsExactly(a);

    assertThat(friends.removeFriend(b, a).await().toJson())
        .isEqualTo(new JsonObject().put("userId", b).put("friendId", a).put("removed", true));
    assertThat(friends.removeFriend(a, b).await().removed()).isFalse();
    assertThat(friends.friends(a).await().count()).isZero();
    assertThat(friends.friends(b).await().friends()).isEmpty();
    // a friendship again after it ended
    assertThat(friends.addFriend(b, a).await().added()).isTrue();
    assertThat(friends.friends(a).await().friends()).containsExactly(b);
  }

  @Test
  void badRequestsAreRefusedNamingTheField() {
    FriendRankService friends = deployFriends(5000);
    String a = user("ann");
    assertRefused(friends.addFriend(a, a), 400, "invalid_field", "friendId", "themself");
    assertRefused(friends.removeFriend(a, a), 400, "invalid_field", "friendId");
    assertRefused(friends.addFriend("bad id", a), 400, "invalid_field", "userId");
    assertRefused(friends.addFriend(a, null), 400, "invalid_field", "friendId");
    assertRefused(friends.friends(".."), 400, "invalid_field", "userId");
    assertRefused(friends.importFriends(a, null), 400, "invalid_field", "body");
    assertRefused(friends.importFriends(a, new FriendIds(new JsonObject().put("friendIds", "x"))), 400, "invalid_field", "friendIds");
    assertRefused(friends.importFriends(a, new FriendIds(new JsonObject().put("friends", new JsonArray()))), 400,
        "invalid_field", "friends", "not a known field");
    assertRefused(friends.importFriends(a, new FriendIds(null)), 400, "invalid_field", "body", "JSON object");
    assertThat(friends.friends(a).await().count()).isZero();

    String board = "fb-" + UUID.randomUUID().toString().substring(0, 8);
    assertRefused(friends.friendBoard(board, a, null, null, null, null, null), 404, "board_not_found", board);
    service.putBoard(board, new JsonObject().put("period", "daily")).await();
    assertRefused(friends.friendBoard(board, a, null, null, 0, null, null), 400, "invalid_field", "limit");
    assertRefused(friends.friendBoard(board, a, null, null, 1001, null, null), 400, "invalid_field", "limit");
    assertRefused(friends.friendBoard(board, a, null, -1L, null, null, null), 400, "invalid_field", "offset");
    assertRefused(friends.friendBoard(board, a, null, null, null, "best", null), 400, "invalid_field", "rankMode");
    assertRefused(friends.friendBoard(board, a, "2025-13", null, null, null, null), 400, "invalid_field", "period");
    assertRefused(friends.friendBoard("Bad Board", a, null, null, null, null, null), 400, "invalid_field", "board");
    assertRefused(friends.friendBoard(board, "", null, null, null, null, null), 400, "invalid_field", "userId");

    // a user without friends or score: an empty board with the defaults
    JsonObject empty = friends.friendBoard(board, a, null, null, null, null, null).await().toJson();
    assertThat(empty).isEqualTo(new JsonObject().put("board", board).put("period", "2025-04-15").put("userId", a)
        .put("total", 0).put("offset", 0L).put("limit", 20).put("rankMode", "unique").put("entries", new JsonArray())
        .put("missing", new JsonArray().add(a)));
  }

  @Test
  void bulkImportJudgesEachIdAndIsMutual() {
    FriendRankService friends = deployFriends(5000);
    String u = user("u");
    String a = user("a");
    String b = user("b");
    String c = user("c");
    JsonArray ids = new JsonArray().add(a).add(b).add(a).add("bad id").add(u).add(42).addNull().add("").add(c).add(b);
    FriendImport r = friends.importFriends(u, friendIds(ids)).await();
    assertThat(r.userId()).isEqualTo(u);
    assertThat(r.added()).isEqualTo(3);
    assertThat(r.already()).isEqualTo(2);
    List<FriendImport.Refused> refused = r.refused();
    assertThat(refused).hasSize(5);
    int[] indexes = {3, 4, 5, 6, 7};
    for (int k = 0; k < indexes.length; k++) {
      FriendImport.Refused x = refused.get(k);
      assertThat(x.index()).isEqualTo(indexes[k]);
      assertThat(x.friendId()).isEqualTo(ids.getValue(indexes[k]));
      assertThat(x.error()).isEqualTo("invalid_field");
      assertThat(x.message()).contains("friendIds[" + indexes[k] + "]");
    }
    assertThat(refused.get(1).message()).contains("themself");
    assertThat(friends.friends(u).await().friends()).containsExactly(a, b, c);
    for (String f : List.of(a, b, c)) {
      assertThat(friends.friends(f).await().friends()).containsExactly(u);
    }
    // again, with one new friend: the others are already there
    String d = user("d");
    JsonObject again = friends.importFriends(u, friendIds(new JsonArray().add(c).add(d))).await().toJson();
    assertThat(again).isEqualTo(new JsonObject().put("userId", u).put("added", 1).put("already", 1)
        .put("refused", new JsonArray()));
    assertThat(friends.importFriends(u, friendIds(new JsonArray())).await().added()).isZero();
    assertThat(friends.friends(u).await().count()).isEqualTo(4);
  }

  @Test
  void limitIsRefusedAndNothingChanges() {
    FriendRankService friends = deployFriends(5);
    String x = user("x");
    for (int i = 0; i < 5; i++) {
      assertThat(friends.addFriend(x, user("x" + i)).await().added()).isTrue();
    }
    List<String> xFriends = friends.friends(x).await().friends();
    String y = user("y");
    // x's list is full, asked from either side
    assertRefused(friends.addFriend(x, y), 422, "friend_limit", "'" + x + "'", "5", "nothing changed");
    assertRefused(friends.addFriend(y, x), 422, "friend_limit", "'" + x + "'", "5");
    assertThat(friends.friends(x).await().friends()).isEqualTo(xFriends);
    assertThat(friends.friends(y).await().friends()).isEmpty();
    // an existing friendship is no growth
    assertThat(friends.addFriend(user("x0"), x).await().added()).isFalse();

    // y's list full: refused naming y, and z's list stays empty
    for (int i = 0; i < 5; i++) {
      friends.addFriend(y, user("y" + i)).await();
    }
    String z = user("z");
    ServiceException full = assertRefused(friends.addFriend(z, y), 422, "friend_limit", "'" + y + "'");
    assertThat(full.getMessage()).doesNotContain("list of user '" + z + "'");
    assertThat(friends.friends(z).await().count()).isZero();

    // more IDs than the limit in one import
    JsonArray six = new JsonArray();
    for (int i = 0; i < 6; i++) {
      six.add(user("s" + i));
    }
    assertRefused(friends.importFriends(z, friendIds(six)), 400, "invalid_field", "friendIds", "5");
    assertThat(friends.friends(z).await().count()).isZero();

    // an import that fills w's list: later IDs refused for w's list, y refused for its own
    String w = user("w");
    for (int i = 0; i < 3; i++) {
      friends.addFriend(w, user("w" + i)).await();
    }
    JsonArray ids = new JsonArray().add(user("a1")).add(user("a2")).add(user("a3")).add(y).add(user("a4"));
    FriendImport r = friends.importFriends(w, friendIds(ids)).await();
    assertThat(r.added()).isEqualTo(2);
    assertThat(r.already()).isZero();
    List<FriendImport.Refused> refused = r.refused();
    assertThat(refused).hasSize(3);
    assertThat(refused.get(0).index()).isEqualTo(2);
    assertThat(refused.get(0).message()).contains("'" + w + "'", "5");
    assertThat(refused.get(1).index()).isEqualTo(3);
    assertThat(refused.get(1).message()).contains("list of user '" + y + "'");
    assertThat(refused.get(2).index()).isEqualTo(4);
    for (int k = 0; k < 3; k++) {
      assertThat(refused.get(k).error()).isEqualTo("friend_limit");
    }
    assertThat(friends.friends(w).await().friends())
        .containsExactlyInAnyOrder(user("w0"), user("w1"), user("w2"), user("a1"), user("a2"));
    assertThat(friends.friends(user("a1")).await().friends()).containsExactly(w);
    assertThat(friends.friends(user("a3")).await().friends()).isEmpty();
    assertThat(friends.friends(user("a4")).await().friends()).isEmpty();
    assertThat(friends.friends(y).await().friends()).doesNotContain(w).hasSize(5);
  }

  @Test
  void concurrentAddsNeverPassTheLimitNorLeaveHalfLinks() {
    FriendRankService friends = deployFriends(5);
    String h = user("hub");
    List<String> others = new ArrayList<>();
    List<Future<FriendChange>> sent = new ArrayList<>();
    for (int i = 0; i < 24; i++) {
      String c = user("c" + i);
      others.add(c);
      sent.add(i % 2 == 0 ? friends.addFriend(h, c) : friends.addFriend(c, h));
    }
    Future.join(sent).otherwiseEmpty().await();
    List<String> linked = new ArrayList<>();
    for (int i = 0; i < sent.size(); i++) {
      Future<FriendChange> f = sent.get(i);
      if (f.succeeded()) {
        assertThat(f.result().added()).isTrue();
        linked.add(others.get(i));
      } else {
        ServiceException e = (ServiceException) f.cause();
        assertThat(e.failureCode()).isEqualTo(422);
        assertThat(e.getMessage()).contains("'" + h + "'");
      }
    }
    assertThat(linked).hasSize(5);
    assertThat(friends.friends(h).await().friends()).containsExactlyInAnyOrderElementsOf(linked);
    for (String c : others) {
      List<?> theirs = friends.friends(c).await().friends();
      assertThat(theirs).as("friends of %s", c).isEqualTo(linked.contains(c) ? List.of(h) : List.of());
    }
  }

  private static FriendIds friendIds(JsonArray ids) {
    return new FriendIds(new JsonObject().put("friendIds", ids));
  }

  private static ServiceException assertRefused(Future<?> answer, int status, String code, String... mentions) {
    Throwable t = catchThrowable(answer::await);
    assertThat(t).isInstanceOf(ServiceException.class);
    ServiceException e = (ServiceException) t;
    assertThat(e.failureCode()).as("status of %s", e.getMessage()).isEqualTo(status);
    assertThat(e.getDebugInfo().getString("error")).as("code of %s", e.getMessage()).isEqualTo(code);
    assertThat(e.getMessage()).contains(mentions);
    return e;
  }

  private static String randomName(Random rnd) {
    String alphabet = "AZaz09._:@-";
    StringBuilder sb = new StringBuilder();
    int len = 1 + rnd.nextInt(5);
    for (int k = 0; k < len; k++) {
      sb.append(alphabet.charAt(rnd.nextInt(alphabet.length())));
    }
    return sb.toString();
  }
}
