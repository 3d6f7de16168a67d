package dev.leaderboard.api;

import static org.assertj.core.api.Assertions.assertThat;

import dev.leaderboard.api.FaultRequests.Answer;
import dev.leaderboard.api.Outage.Mode;
import dev.leaderboard.service.ReferenceBoard.Entry;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Random;
import java.util.Set;
import java.util.function.BiPredicate;

/**
 * The reads of one {@link FaultWorker}, each checked against the models and the mode it met: a
 * user's entry (exact; with the shard down, partial for users of the other shards and 503 for its
 * own), around-me and pages (200 with every shard up, 503 naming the killed shard while it is down),
 * and ranks for a list (partial while it is down: the other shards' users with their scores, unranked).
 */
final class FaultReads {
  private final Random rnd;
  private final List<String> users;
  private final List<List<String>> everyoneByShard;
  private final Outage outage;
  private final FaultRequests requests;
  /** Whether a board's user has a write not settled yet (then the user's entry is not known). */
  private final BiPredicate<FaultBoard, String> unsettled;

  FaultReads(Random rnd, List<String> users, List<List<String>> everyoneByShard, Outage outage,
      FaultRequests requests, BiPredicate<FaultBoard, String> unsettled) {
    this.rnd = rnd;
    this.users = users;
    this.everyoneByShard = everyoneByShard;
    this.outage = outage;
    this.requests = requests;
    this.unsettled = unsettled;
  }

  void user(FaultBoard b) {
    String user = users.get(rnd.nextInt(users.size()));
    Answer a = requests.get(b.path() + "/users/" + user);
    boolean victim = outage.onVictim(user);
    if (a.status() >= 500) {
      outage.requireShardUnavailable(a.response(), a.what());
      assertThat(victim && a.mode() != Mode.UP).as("%s: only a user of the killed shard is unreadable", a.what()).isTrue();
      outage.count(a.mode(), "user of the killed shard refused");
      return;
    }
    assertThat(victim && a.mode() == Mode.DOWN).as("%s: answered by the killed shard", a.what()).isFalse();
    assertThat(unsettled.test(b, user)).as("%s: a user whose write failed", a.what()).isFalse();
    Entry expected = b.entry(user);
    if (expected == null) {
      assertThat(a.status()).as(a.what()).isEqualTo(404);
      return;
    }
    assertThat(a.status()).as(a.what()).isEqualTo(200);
    JsonObject r = a.json();
    FaultWorker.assertEntry(r, expected, a.what());
    if (r.getBoolean("partial", false)) {
      assertThat(a.mode()).as("%s: partial with every shard up", a.what()).isNotEqualTo(Mode.UP);
      assertThat(r.getValue("rank")).as(a.what()).isNull();
      assertThat(r.getString("unavailable")).as(a.what()).contains(outage.victimName()).doesNotContain("127.0.0.1");
      outage.count(a.mode(), "user of a healthy shard read partial");
    } else {
      assertThat(a.mode()).as("%s: not partial with a shard down", a.what()).isNotEqualTo(Mode.DOWN);
      assertThat(r.getLong("rank")).as(a.what()).isPositive();
    }
  }

  void around(FaultBoard b) {
    String user = users.get(rnd.nextInt(users.size()));
    Answer a = requests.get(b.path() + "/users/" + user + "/around?limit=5");
    Entry expected = b.entry(user);
    // a user without an entry is 404 from their own shard, before any other shard is asked
    boolean needsEveryShard = outage.onVictim(user) || expected != null;
    if (a.status() >= 500) {
      outage.requireShardUnavailable(a.response(), a.what());
      assertThat(a.mode() != Mode.UP && needsEveryShard).as(a.what()).isTrue();
      outage.count(a.mode(), "read over every shard refused");
      return;
    }
    assertThat(a.mode() == Mode.DOWN && needsEveryShard).as("%s: answered with a shard down", a.what()).isFalse();
    assertThat(unsettled.test(b, user)).as("%s: a user whose write failed", a.what()).isFalse();
    if (expected == null) {
      assertThat(a.status()).as(a.what()).isEqualTo(404);
      return;
    }
    assertThat(a.status()).as(a.what()).isEqualTo(200);
    assertThat(a.json().getJsonArray("entries").stream().map(o -> ((JsonObject) o).getString("userId")))
        .as(a.what()).contains(user);
  }

  void page(FaultBoard b) {
    int offset = rnd.nextInt(everyoneByShard.stream().mapToInt(List::size).sum() + 5);
    int limit = 1 + rnd.nextInt(50);
    Answer a = requests.get(b.path() + "/entries?offset=" + offset + "&limit=" + limit);
    if (refusedOverEveryShard(a)) {
      return;
    }
    JsonArray entries = a.json().getJsonArray("entries");
    assertThat(entries.size()).as(a.what()).isLessThanOrEqualTo(limit);
    for (int i = 0; i < entries.size(); i++) {
      assertThat(entries.getJsonObject(i).getLong("rank")).as(a.what()).isEqualTo(offset + i + 1L);
    }
  }

  void ranks(FaultBoard b) {
    Set<String> ids = new LinkedHashSet<>();
    // a user of every shard, so that the read needs every shard whoever has an entry
    for (List<String> shard : everyoneByShard) {
      ids.add(shard.get(rnd.nextInt(shard.size())));
    }
    for (int i = rnd.nextInt(8); i > 0; i--) {
      List<String> shard = everyoneByShard.get(rnd.nextInt(everyoneByShard.size()));
      ids.add(shard.get(rnd.nextInt(shard.size())));
    }
    Answer a = requests.post(b.path() + "/ranks", new JsonObject().put("userIds", new JsonArray(new ArrayList<>(ids))));
    if (a.status() >= 500) {
      outage.requireShardUnavailable(a.response(), a.what());
      assertThat(a.mode()).as("%s: refused with every shard up", a.what()).isNotEqualTo(Mode.UP);
      outage.count(a.mode(), "ranks for a list refused");
      return;
    }
    assertThat(a.status()).as(a.what()).isEqualTo(200);
    JsonObject r = a.json();
    List<String> answered = new ArrayList<>();
    r.getJsonArray("missing").forEach(u -> answered.add((String) u));
    boolean partial = r.getBoolean("partial", false);
    if (partial) {
      // the users of the killed shard are named unreachable; the others keep their score and time, unranked
      assertThat(a.mode()).as("%s: partial with every shard up", a.what()).isNotEqualTo(Mode.UP);
      assertThat(r.getString("reason")).as(a.what()).contains("shard " + outage.victim);
      r.getJsonArray("unreachable").forEach(u -> {
        assertThat(outage.onVictim((String) u)).as("%s: %s unreachable", a.what(), u).isTrue();
        answered.add((String) u);
      });
      outage.count(a.mode(), "ranks for a list answered partial");
    } else {
      assertThat(a.mode()).as("%s: complete with a shard down", a.what()).isNotEqualTo(Mode.DOWN);
    }
    for (Object o : r.getJsonArray("entries")) {
      JsonObject e = (JsonObject) o;
      String user = e.getString("userId");
      answered.add(user);
      if (partial) {
        assertThat(e.getValue("rank")).as(a.what()).isNull();
      }
      // other workers' users may be written meanwhile: only this worker's own have a known entry
      if (users.contains(user) && !unsettled.test(b, user)) {
        FaultWorker.assertEntry(e, b.entry(user), a.what());
      }
    }
    assertThat(answered).as("%s: every user asked for answered once", a.what()).containsExactlyInAnyOrderElementsOf(ids);
  }

  /** A read over every shard: 503 naming the killed shard exactly while it is down, 200 while it is up. */
  private boolean refusedOverEveryShard(Answer a) {
    if (a.status() >= 500) {
      outage.requireShardUnavailable(a.response(), a.what());
      assertThat(a.mode()).as("%s: refused with every shard up", a.what()).isNotEqualTo(Mode.UP);
      outage.count(a.mode(), "read over every shard refused");
      return true;
    }
    assertThat(a.mode()).as("%s: answered with a shard down", a.what()).isNotEqualTo(Mode.DOWN);
    assertThat(a.status()).as(a.what()).isEqualTo(200);
    return false;
  }
}
