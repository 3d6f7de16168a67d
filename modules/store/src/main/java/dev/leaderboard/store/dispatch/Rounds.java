package dev.leaderboard.store.dispatch;

import dev.leaderboard.core.OverloadedException;
import io.vertx.core.AsyncResult;
import io.vertx.core.Future;
import io.vertx.core.Promise;
import io.vertx.core.Vertx;
import io.vertx.core.internal.ContextInternal;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Coalesced rounds of one kind of work (docs/design.md, "Rounds"). Work is asked under a key (a board
 * and period, a page): on each event loop at most one round per key is out; what is asked under that
 * key while it is out waits, and when it answers everything waiting goes as the next round, one
 * {@link Round#run} call that merges it. No timer: a lone ask on an idle key goes at once. So an ask
 * joins only a round that starts after it arrived, and its answer is a state of the stores between
 * its arrival and its answer.
 *
 * <p>Lanes are per event loop (not per context: Vert.x runs each HTTP request on a context of its
 * own): a lane is touched only on its own loop, needs no lock, and its answers complete there, on
 * each caller's own context, with no hop to another thread. An ask from outside an event loop runs
 * alone. At most {@code maxWaiting} asks wait per lane; one more fails at once with
 * {@link OverloadedException} (nothing of it was sent). A round that fails fails only its own asks.
 *
 * @param <K> what asks must share to merge
 * @param <Q> one ask
 * @param <A> one ask's answer
 */
public final class Rounds<K, Q, A> {
  /** Runs one round: one answer per ask, in order. */
  @FunctionalInterface
  public interface Round<K, Q, A> {
    Future<List<A>> run(K key, List<Q> asks);
  }

  /**
   * Asks that may wait per key and event loop by default: far more than the requests a node serves
   * at once (its HTTP in-flight limit), so only a caller inside the node flooding one key meets it.
   */
  public static final int MAX_WAITING = 4096;

  private final Round<K, Q, A> round;
  private final int maxWaiting;
  private final Map<LaneKey, Lane> lanes = new ConcurrentHashMap<>();

  /** @param loop the event loop's own context (a request runs on a duplicate of it, one per request) */
  private record LaneKey(ContextInternal loop, Object key) {
  }

  /** One key on one event loop: whether a round is out, and what waits for the next. */
  private final class Lane {
    private final LaneKey id;
    private List<Q> asks = new ArrayList<>();
    private List<Promise<A>> answers = new ArrayList<>();

    Lane(LaneKey id) {
      this.id = id;
    }

    @SuppressWarnings("unchecked")
    void start(List<Q> round, List<Promise<A>> waiting) {
      Future<List<A>> out;
      try {
        out = Rounds.this.round.run((K) id.key(), round);
      } catch (RuntimeException e) {
        out = Future.failedFuture(e);
      }
      out.onComplete(ar -> {
        if (id.loop().nettyEventLoop().inEventLoop()) {
          answered(ar, waiting);
        } else {
          id.loop().runOnContext(v -> answered(ar, waiting));
        }
      });
    }

    private void answered(AsyncResult<List<A>> ar, List<Promise<A>> waiting) {
      // the next round goes before these answers are handed out, so a caller that asks again at
      // once waits behind it like any other new ask
      if (asks.isEmpty()) {
        lanes.remove(id);
      } else {
        List<Q> next = asks;
        List<Promise<A>> nextAnswers = answers;
        asks = new ArrayList<>();
        answers = new ArrayList<>();
        start(next, nextAnswers);
      }
      for (int i = 0; i < waiting.size(); i++) {
        if (ar.succeeded()) {
          waiting.get(i).complete(ar.result().get(i));
        } else {
          waiting.get(i).fail(ar.cause());
        }
      }
    }
  }

  public Rounds(int maxWaiting, Round<K, Q, A> round) {
    this.maxWaiting = maxWaiting;
    this.round = round;
  }

  /** The answer to {@code ask}, from the first round under {@code key} that starts from now on. */
  public Future<A> ask(K key, Q ask) {
    ContextInternal caller = (ContextInternal) Vertx.currentContext();
    if (caller == null || !caller.isEventLoopContext()) {
      return alone(key, ask);
    }
    LaneKey id = new LaneKey(caller.unwrap(), key);
    Lane lane = lanes.get(id);
    // bound to the caller's own context, so its continuation runs there
    Promise<A> answer = caller.promise();
    if (lane == null) {
      lane = new Lane(id);
      lanes.put(id, lane);
      lane.start(List.of(ask), List.of(answer));
      return answer.future();
    }
    if (lane.asks.size() >= maxWaiting) {
      return Future.failedFuture(OverloadedException.roundFull());
    }
    lane.asks.add(ask);
    lane.answers.add(answer);
    return answer.future();
  }

  private Future<A> alone(K key, Q ask) {
    try {
      return round.run(key, List.of(ask)).map(all -> all.get(0));
    } catch (RuntimeException e) {
      return Future.failedFuture(e);
    }
  }

  /** Keys with a round out on some event loop (for tests: every lane is gone once all is answered). */
  public int busyLanes() {
    return lanes.size();
  }
}
