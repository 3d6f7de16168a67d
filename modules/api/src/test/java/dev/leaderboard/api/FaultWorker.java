package dev.leaderboard.api;

import static org.assertj.core.api.Assertions.assertThat;

import dev.leaderboard.api.FaultRequests.Answer;
import dev.leaderboard.api.Outage.Mode;
import dev.leaderboard.service.ReferenceBoard.Entry;
import dev.leaderboard.service.ReferenceBoard.Outcome;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.BooleanSupplier;

/**
 * One closed loop of {@link ShardFaultTest}'s load: sends a random request (submit, batch, or one of
 * {@link FaultReads}) about users of its own, waits for the answer and checks it against the boards'
 * models and the {@link Outage}'s mode. Acknowledged writes go into the model; writes answered 5xx
 * are kept for {@link Settlement} after the restart.
 */
final class FaultWorker {
  /** A write answered 5xx (a batch event reported failed): in no model yet. */
  record Unacked(FaultBoard board, JsonObject event, boolean inFlightAtKill) {
  }

  private final int index;
  private final Random rnd;
  private final List<String> users;
  private final List<FaultBoard> boards;
  private final Outage outage;
  private final FaultRequests requests;
  private final FaultReads reads;
  private final List<Unacked> unacked = new ArrayList<>();
  /** board/user of the users with an unacknowledged write: their entries are unknown until settled. */
  private final Set<String> unsettled = new HashSet<>();
  /** board/user → event IDs acknowledged as applied, to send again (they must be duplicates). */
  private final Map<String, List<String>> appliedIds = new HashMap<>();
  private int nextEventId;

  FaultWorker(int index, Random rnd, List<String> users, List<List<String>> everyoneByShard, List<FaultBoard> boards,
      Outage outage, BlockingHttp http, AtomicInteger answered) {
    this.index = index;
    this.rnd = rnd;
    this.users = users;
    this.boards = boards;
    this.outage = outage;
    this.requests = new FaultRequests(index, outage, http, answered);
    this.reads = new FaultReads(rnd, users, everyoneByShard, outage, requests, (b, u) -> unsettled.contains(key(b, u)));
  }

  /** Sends requests until {@code done}; fails past {@code cap} requests. */
  Void runUntil(BooleanSupplier done, int cap) {
    for (int n = 0; !done.getAsBoolean(); n++) {
      assertThat(n).as("requests of worker %d", index).isLessThan(cap);
      step();
    }
    return null;
  }

  int sentWhileDown() {
    return requests.sentWhileDown();
  }

  List<Unacked> unacked() {
    return List.copyOf(unacked);
  }

  /** After {@link Settlement}: every user's entry is in the model again. */
  void settled() {
    unacked.clear();
    unsettled.clear();
  }

  private void step() {
    FaultBoard b = boards.get(rnd.nextInt(boards.size()));
    int k = rnd.nextInt(100);
    if (k < 35) {
      submit(b);
    } else if (k < 50) {
      batch(b);
    } else if (k < 70) {
      reads.user(b);
    } else if (k < 78) {
      reads.around(b);
    } else if (k < 90) {
      reads.page(b);
    } else {
      reads.ranks(b);
    }
  }

  // ---- writes

  private void submit(FaultBoard b) {
    String user = writable(b, users.get(rnd.nextInt(users.size())));
    if (user == null) {
      return;
    }
    JsonObject e = withEventId(b, b.event(rnd, user));
    String rank = List.of("", "?rank=true", "?rank=false").get(rnd.nextInt(3));
    Answer a = requests.post(b.path() + "/scores" + rank, e);
    boolean victim = outage.onVictim(user);
    if (a.status() >= 500) {
      outage.requireShardUnavailable(a.response(), a.what());
      assertThat(victim && a.mode() != Mode.UP).as("%s: only a write to the killed shard may fail", a.what()).isTrue();
      refused(b, e, a.mode());
      return;
    }
    assertThat(victim && a.mode() == Mode.DOWN).as("%s: answered by the killed shard", a.what()).isFalse();
    Outcome expected = b.apply(e);
    if (expected == Outcome.REJECTED) {
      assertThat(a.status()).as(a.what()).isEqualTo(422);
      assertThat(a.json().getString("error")).as(a.what()).isEqualTo("score_out_of_range");
      return;
    }
    if (expected == Outcome.CONFLICT) {
      // an earlier event ID sent again with another payload: refused, nothing changed
      assertThat(a.status()).as(a.what()).isEqualTo(409);
      assertThat(a.json().getString("error")).as(a.what()).isEqualTo("event_id_conflict");
      return;
    }
    assertThat(a.status()).as(a.what()).isEqualTo(200);
    JsonObject r = a.json();
    assertThat(r.getBoolean("applied")).as("%s: applied", a.what()).isEqualTo(expected == Outcome.APPLIED);
    assertEntry(r, b.entry(user), a.what());
    if (rank.endsWith("false")) {
      assertThat(r.getValue("rank")).as(a.what()).isNull();
      assertThat(r.containsKey("rankError")).as(a.what()).isFalse();
    } else if (r.getValue("rank") != null) {
      assertThat(a.mode()).as("%s: a rank while a shard is down", a.what()).isNotEqualTo(Mode.DOWN);
      assertThat(r.getLong("rank")).as(a.what()).isPositive();
    } else {
      assertThat(a.mode()).as("%s: no rank with every shard up", a.what()).isNotEqualTo(Mode.UP);
      assertThat(r.getString("rankError")).as(a.what()).contains("applied").contains(outage.victimName()).doesNotContain("127.0.0.1");
      outage.count(a.mode(), "submit applied, rank not read");
    }
    outage.count(a.mode(), "write acknowledged on " + (victim ? "the killed shard" : "a healthy shard"));
    remember(b, e, expected);
  }

  private void batch(FaultBoard b) {
    List<String> picked = new ArrayList<>(users);
    Collections.shuffle(picked, rnd);
    JsonArray events = new JsonArray();
    // one event per user: a user's entry after the batch then follows from one event
    for (String u : picked.subList(0, 2 + rnd.nextInt(picked.size() - 1))) {
      if (writable(b, u) != null) {
        events.add(withEventId(b, b.event(rnd, u)));
      }
    }
    if (events.isEmpty()) {
      return;
    }
    Answer a = requests.post(b.path() + "/scores/batch", new JsonObject().put("events", events));
    if (a.status() >= 500) {
      outage.requireShardUnavailable(a.response(), a.what());
    }
    assertThat(a.status()).as("%s: a batch answers per event", a.what()).isEqualTo(200);
    JsonObject r = a.json();
    Set<Integer> failed = new HashSet<>();
    for (Object o : r.getJsonArray("failures")) {
      JsonObject f = (JsonObject) o;
      JsonObject e = events.getJsonObject(f.getInteger("index"));
      assertThat(outage.onVictim(e.getString("userId")) && a.mode() != Mode.UP)
          .as("%s: only an event on the killed shard may fail: %s", a.what(), f).isTrue();
      assertThat(f.getString("error")).as(a.what()).isEqualTo("shard_unavailable");
      assertThat(f.getString("message")).as(a.what()).contains(outage.victimName()).doesNotContain("127.0.0.1");
      failed.add(f.getInteger("index"));
      refused(b, e, a.mode());
    }
    int applied = 0;
    int duplicate = 0;
    List<Integer> rejected = new ArrayList<>();
    List<Integer> conflicts = new ArrayList<>();
    for (int i = 0; i < events.size(); i++) {
      if (failed.contains(i)) {
        continue;
      }
      JsonObject e = events.getJsonObject(i);
      boolean victim = outage.onVictim(e.getString("userId"));
      assertThat(victim && a.mode() == Mode.DOWN).as("%s: event %d answered by the killed shard", a.what(), i).isFalse();
      Outcome o = b.apply(e);
      switch (o) {
        case APPLIED -> applied++;
        case DUPLICATE -> duplicate++;
        case CONFLICT -> conflicts.add(i);
        default -> rejected.add(i);
      }
      remember(b, e, o);
      outage.count(a.mode(), "batch event answered on " + (victim ? "the killed shard" : "a healthy shard"));
    }
    assertThat(r.getInteger("applied")).as("%s: applied", a.what()).isEqualTo(applied);
    assertThat(r.getInteger("duplicate")).as("%s: duplicate", a.what()).isEqualTo(duplicate);
    assertThat(r.getJsonArray("rejections").stream().map(x -> ((JsonObject) x).getInteger("index")).toList())
        .as("%s: rejections", a.what()).isEqualTo(rejected);
    assertThat(r.getJsonArray("conflicts").stream().map(x -> ((JsonObject) x).getInteger("index")).toList())
        .as("%s: conflicts", a.what()).isEqualTo(conflicts);
    assertThat(r.getInteger("failed")).as("%s: failed", a.what()).isEqualTo(failed.size());
  }

  /**
   * {@code user}, unless it has an unacknowledged write and the shard may still be up: a second
   * write in flight at the kill would leave two unknowns for one user; once the shard is down
   * nothing can be applied, so its writes may go on.
   */
  private String writable(FaultBoard b, String user) {
    return unsettled.contains(key(b, user)) && outage.state() != Outage.State.DOWN ? null : user;
  }

  /** An event ID 3 times in 4: new, or now and then one of the user's applied before (a retry). */
  private JsonObject withEventId(FaultBoard b, JsonObject e) {
    int k = rnd.nextInt(20);
    List<String> before = appliedIds.getOrDefault(key(b, e.getString("userId")), List.of());
    if (k < 3 && !before.isEmpty()) {
      return e.put("eventId", before.get(rnd.nextInt(before.size())));
    }
    return k < 15 ? e.put("eventId", "w" + index + "-" + nextEventId++) : e;
  }

  private void refused(FaultBoard b, JsonObject e, Mode mode) {
    unacked.add(new Unacked(b, e.copy(), mode == Mode.EITHER));
    unsettled.add(key(b, e.getString("userId")));
    outage.count(mode, "write refused");
  }

  private void remember(FaultBoard b, JsonObject e, Outcome o) {
    assertThat(unsettled).as("an acknowledged write of a user whose earlier write failed: %s", e)
        .doesNotContain(key(b, e.getString("userId")));
    if (o == Outcome.APPLIED && e.getString("eventId") != null) {
      appliedIds.computeIfAbsent(key(b, e.getString("userId")), k -> new ArrayList<>()).add(e.getString("eventId"));
    }
  }

  // ---- plumbing

  static void assertEntry(JsonObject r, Entry expected, String what) {
    assertThat(r.getLong("score")).as("%s: score (model: %s)", what, expected).isEqualTo(expected.score());
    assertThat(r.getLong("at")).as("%s: at (model: %s)", what, expected).isEqualTo(expected.at());
  }

  static String key(FaultBoard b, String user) {
    return b.name + "/" + user;
  }
}
