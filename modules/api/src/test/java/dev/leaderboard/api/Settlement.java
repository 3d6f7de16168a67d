package dev.leaderboard.api;

import static org.assertj.core.api.Assertions.assertThat;

import dev.leaderboard.api.FaultWorker.Unacked;
import dev.leaderboard.service.ReferenceBoard.Entry;
import dev.leaderboard.service.ReferenceBoard.Outcome;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.json.JsonObject;
import io.vertx.ext.web.client.HttpResponse;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * After the killed shard is back: settles the writes answered 5xx, user by user, as a client would.
 *
 * <p>A write in flight when the shard died may or may not have been applied. The user's entry as the
 * restarted shard holds it must be what the model gives without the write or with it (anything else
 * means an acknowledged write was lost or a refused one applied wrongly); the model takes the write
 * when the entry says it was applied. A write sent once the shard had exited cannot have been
 * applied. Every one of them with an event ID is sent again, and the answer must be what the model
 * says: a duplicate exactly when the first attempt was applied, never counted twice. Writes without
 * an event ID are not sent again: a client cannot retry them safely.
 */
final class Settlement {
  private final BlockingHttp http;
  private final Map<String, Integer> counts = new LinkedHashMap<>();

  Settlement(BlockingHttp http) {
    this.http = http;
  }

  /** Settles every worker's unacknowledged writes. */
  void settle(List<FaultWorker> workers) {
    for (FaultWorker w : workers) {
      Map<String, List<Unacked>> byUser = new LinkedHashMap<>();
      for (Unacked u : w.unacked()) {
        byUser.computeIfAbsent(FaultWorker.key(u.board(), u.event().getString("userId")), k -> new ArrayList<>()).add(u);
      }
      byUser.values().forEach(this::settleUser);
      w.settled();
    }
  }

  /** What was settled how, e.g. {@code "in flight at the kill, applied": 2}. */
  Map<String, Integer> counts() {
    return counts;
  }

  /** One user's writes, in the order they were sent: the one in flight at the kill (if any) first. */
  private void settleUser(List<Unacked> writes) {
    FaultBoard b = writes.get(0).board();
    String user = writes.get(0).event().getString("userId");
    List<Unacked> retries = new ArrayList<>();
    Unacked inFlight = writes.get(0).inFlightAtKill() ? writes.get(0) : null;
    if (inFlight != null) {
      retries.add(inFlight);
      retries.addAll(writes.subList(1, writes.size()));
    } else {
      retries.addAll(writes);
    }
    assertThat(retries.stream().skip(inFlight == null ? 0 : 1).noneMatch(Unacked::inFlightAtKill))
        .as("one write of %s in flight at the kill at most: %s", user, writes).isTrue();
    boolean either = false;
    if (inFlight != null) {
      Entry stored = stored(b, user);
      Entry without = b.entry(user);
      Entry with = b.ifApplied(user, inFlight.event());
      assertThat(Objects.equals(stored, without) || Objects.equals(stored, with))
          .as("%s of %s after the restart is %s: neither %s (without the write in flight at the kill, %s) nor %s "
              + "(with it)", user, b.name, stored, without, inFlight.event(), with).isTrue();
      either = Objects.equals(without, with);
      if (Objects.equals(stored, with)) {
        b.apply(inFlight.event());
      }
      count("in flight at the kill, " + (either ? "no change either way" : Objects.equals(stored, with) ? "applied" : "not applied"));
    }
    for (Unacked w : retries) {
      if (w.event().getString("eventId") == null) {
        count("without event ID, not retried");
      } else {
        // the write in flight that changed nothing either way may have kept its event ID or not
        retry(b, w.event(), either && w == inFlight);
      }
    }
  }

  /** Sends {@code event} again; its outcome must be the model's (applied or duplicate as the model says unless {@code either}). */
  private void retry(FaultBoard b, JsonObject event, boolean either) {
    Outcome expected = b.apply(event);
    HttpResponse<Buffer> r = http.post(b.path() + "/scores?rank=false", event);
    String what = "retry of " + event.encode() + " on " + b.name + " -> " + r.statusCode() + " " + r.bodyAsString();
    if (expected == Outcome.REJECTED) {
      assertThat(r.statusCode()).as(what).isEqualTo(422);
      count("retried, rejected");
      return;
    }
    if (expected == Outcome.CONFLICT) {
      assertThat(r.statusCode()).as(what).isEqualTo(409);
      count("retried, event ID conflict");
      return;
    }
    assertThat(r.statusCode()).as(what).isEqualTo(200);
    JsonObject answer = r.bodyAsJsonObject();
    if (!either) {
      assertThat(answer.getBoolean("applied")).as("%s: applied (model: %s)", what, expected)
          .isEqualTo(expected == Outcome.APPLIED);
    }
    Entry now = b.entry(event.getString("userId"));
    assertThat(answer.getLong("score")).as(what).isEqualTo(now.score());
    assertThat(answer.getLong("at")).as(what).isEqualTo(now.at());
    count(answer.getBoolean("applied") ? "retried, applied now" : "retried, a duplicate");
  }

  /** The user's entry as the service holds it (null: none), read with every shard up. */
  private Entry stored(FaultBoard b, String user) {
    HttpResponse<Buffer> r = http.get(b.path() + "/users/" + user);
    if (r.statusCode() == 404) {
      return null;
    }
    assertThat(r.statusCode()).as("%s of %s: %s", user, b.name, r.bodyAsString()).isEqualTo(200);
    JsonObject e = r.bodyAsJsonObject();
    assertThat(e.getBoolean("partial", false)).as("%s of %s read partial with every shard up", user, b.name).isFalse();
    return new Entry(user, e.getLong("score"), e.getLong("at"));
  }

  private void count(String what) {
    counts.merge(what, 1, Integer::sum);
  }
}
