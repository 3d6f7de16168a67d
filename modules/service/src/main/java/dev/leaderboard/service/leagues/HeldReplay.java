package dev.leaderboard.service.leagues;

import dev.leaderboard.core.League;
import dev.leaderboard.core.Period;
import dev.leaderboard.core.Refusal;
import dev.leaderboard.service.intake.ScoreIntake;
import dev.leaderboard.service.request.ScoreEvent;
import dev.leaderboard.service.result.BatchResult.Rejection;
import dev.leaderboard.store.leagues.HeldScoreStore;
import io.vertx.core.Future;
import io.vertx.core.json.JsonObject;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.IntStream;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The last step of a league period's close, after its moves are applied: the next period's scores
 * held meanwhile ({@link HeldScores}) are sent to the tier boards of the tiers the moves gave, in the
 * order they came, {@value #CHUNK} a batch (one pipelined round per shard); after each batch
 * {@code league_release.lua} records the position reached and lowers each user's count of held
 * scores (a user with none left has their next scores sent at once), and ends the holding when
 * nothing more is held. Each score keeps its event ID, so a batch sent again after a failure (the
 * close is retried from the recorded position) counts none twice.
 */
record HeldReplay(HeldScoreStore store, TierRoutes routes, ScoreIntake intake) {
  private static final Logger LOG = LoggerFactory.getLogger(HeldReplay.class);
  /** Held scores sent in one batch. */
  static final int CHUNK = 500;

  /** Replays every score held after the period and ends the holding; fails (to be run again) when a shard does not answer. */
  Future<Void> release(League l, Period p) {
    return store.replayedSoFar(l, p.id()).compose(from -> replay(l, p, from));
  }

  private Future<Void> replay(League l, Period p, long from) {
    return store.held(l, p.id(), from, CHUNK).compose(held -> {
      if (held.isEmpty()) {
        return store.replayed(l, p.id(), from, List.of())
            .compose(done -> done ? Future.succeededFuture() : replay(l, p, from));
      }
      // an erased user's scores are empty objects in place (HeldScoreStore.heldOf): skipped, positions kept
      List<ScoreEvent> events = held.stream().map(JsonObject::new).filter(json -> !json.isEmpty())
          .map(ScoreEvent::new).toList();
      List<Integer> all = IntStream.range(0, events.size()).boxed().toList();
      return routes.route(l, events, all, false).compose(r -> {
        List<Rejection> refused = new ArrayList<>();
        r.refused().forEach((i, e) -> refused.add(new Rejection(i, e.refusal(), e.getMessage())));
        r.notMembers().forEach((i, e) -> refused.add(new Rejection(i, e.refusal(), e.getMessage())));
        return intake.submitRouted(r.routed(), refused, List.of());
      }).compose(done -> {
        if (done.result().failed() > 0) {
          return Future.failedFuture(Refusal.SHARD_UNAVAILABLE.exception("of a tier board",
              "did not take the scores held after period " + p.id() + " of league " + l.name() + " ("
              + done.result().failures().get(0).message() + ")"));
        }
        if (done.result().rejected() > 0) {
          // a user banned or erased since their score was held, or a period closed before the replay
          LOG.info("{} of the scores held after period {} of league {} were refused when replayed: {}",
              done.result().rejected(), p.id(), l.name(), done.result().rejections().get(0).message());
        }
        long next = from + held.size();
        return store.replayed(l, p.id(), next, events.stream().map(ScoreEvent::userId).toList())
            .compose(released -> released ? Future.succeededFuture() : replay(l, p, next));
      });
    });
  }
}
