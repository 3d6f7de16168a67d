package dev.leaderboard.service.periods;

import dev.leaderboard.core.BusAddresses;
import dev.leaderboard.archive.ArchiveStore;
import dev.leaderboard.archive.ArchivedEntry;
import dev.leaderboard.archive.ArchivedPeriod;
import dev.leaderboard.archive.LeagueMovePages;
import dev.leaderboard.archive.LeagueMoveStore;
import dev.leaderboard.archive.Reward;
import dev.leaderboard.archive.RewardStore;
import dev.leaderboard.core.Board;
import dev.leaderboard.core.League;
import dev.leaderboard.core.LeagueMoves;
import dev.leaderboard.core.Period;
import io.vertx.core.Future;
import io.vertx.core.Vertx;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.util.List;

/**
 * The event of an archived period, as published on the event bus and POSTed to the board's
 * webhook: the board, the period, its number of entries and its top {@code archiveEventTop}
 * entries, and on a board with rewards the period's rewards (their count and the best ranked
 * {@link #TOP_REWARDS}), read from the archive (so every attempt, on any node, sends the same content).
 * A league's tier board adds the moves of its members at the league's close ({@code league}: the
 * count of each movement and the first {@code archiveEventTop} moves by cohort and rank).
 */
public final class PeriodArchivedEvent {
  private static final Logger LOG = LoggerFactory.getLogger(PeriodArchivedEvent.class);
  /** The most rewards an event carries (the best ranks); the event counts them all. */
  public static final int TOP_REWARDS = 100;

  private PeriodArchivedEvent() {
  }

  /** The event's ID: one per archived period of one board (a board made again under the name has another). */
  public static String id(Board b, String period) {
    return "period-archived:" + b.name() + ":" + b.uid() + ":" + period;
  }

  /**
   * Publishes the archived period's event on the event bus, a board's or a league tier's alike (at most
   * once: a node that dies first leaves it unpublished; the webhook is delivered anyway). This node's
   * {@code AdminVerticle} hears it and starts the webhook delivery at once.
   */
  public static void publish(Vertx vertx, ArchiveStore archive, Board b, ArchivedPeriod a) {
    load(archive, b, a)
        .onSuccess(event -> vertx.eventBus().publish(BusAddresses.PERIOD_ARCHIVED, event))
        .onFailure(t -> LOG.warn("the archived event of period {} of board {} was not published: {}", a.period(),
            b.name(), t.toString()));
  }

  /** The event of the archived period {@code a}, with its top entries read from the archive. */
  public static Future<JsonObject> load(ArchiveStore archive, Board b, ArchivedPeriod a) {
    Future<JsonObject> event = archive.page(b.uid(), a.period(), 0, b.events().top()).map(top -> json(b, a, top));
    League.TierName tier = b.tier();
    if (tier != null) {
      // a league's tier board: announced once the league's close recorded the moves
      event = event.compose(e -> archive.leagueMoves().pages().tier(tier.league(), a.period(), tier.tier(), b.events().top())
          .map(moves -> e.put("league", moves(tier, moves))));
    }
    // the definition the period closed under: a later change of the rules changes no event
    if (a.definition() == null || a.definition().getJsonArray("rewards", new JsonArray()).isEmpty()) {
      return event;
    }
    RewardStore rewards = archive.rewards();
    return Future.all(event, rewards.period(b.uid(), a.period(), 0, TOP_REWARDS), rewards.count(b.uid(), a.period()))
        .map(all -> all.<JsonObject>resultAt(0).put("rewards", rewards(all.resultAt(1), all.resultAt(2))));
  }

  /** A tier's moves at the league's close: how many of each movement, and the first by cohort and rank. */
  static JsonObject moves(League.TierName tier, LeagueMovePages.TierMoves moves) {
    JsonObject counts = new JsonObject();
    for (String movement : List.of(LeagueMoves.UP, LeagueMoves.STAY, LeagueMoves.DOWN, LeagueMoves.DROPPED)) {
      counts.put(movement, moves.counts().getOrDefault(movement, 0L));
    }
    JsonArray first = new JsonArray();
    for (LeagueMoveStore.Move m : moves.first()) {
      first.add(new JsonObject().put("userId", m.userId()).put("from", m.from()).put("to", m.to())
          .put("cohort", m.cohort()).put("cohortRank", m.cohortRank()).put("score", m.score())
          .put("movement", m.movement()));
    }
    return new JsonObject().put("league", tier.league()).put("tier", tier.tier()).put("total", moves.total())
        .put("counts", counts).put("moves", first);
  }

  /** The period's rewards: how many, and the first {@link #TOP_REWARDS} by rank. */
  static JsonObject rewards(List<Reward> top, long total) {
    JsonArray out = new JsonArray();
    for (Reward r : top) {
      JsonObject reward = new JsonObject().put("userId", r.userId()).put("rank", r.rank()).put("score", r.score());
      if (r.cohort() != null) {
        reward.put("cohort", r.cohort());
      }
      out.add(reward.put("reward", new JsonObject(r.reward())));
    }
    return new JsonObject().put("total", total).put("top", out);
  }

  static JsonObject json(Board b, ArchivedPeriod a, java.util.List<ArchivedEntry> top) {
    Period p = b.parsePeriod(a.period());
    JsonArray entries = new JsonArray();
    for (ArchivedEntry e : top) {
      JsonObject entry = new JsonObject().put("rank", e.position() + 1).put("userId", e.userId()).put("score", e.score())
          .put("at", e.at());
      entries.add(e.keys() == null ? entry : entry.put("keys", new JsonObject(e.keys())));
    }
    return new JsonObject()
        .put("type", BusAddresses.PERIOD_ARCHIVED)
        .put("eventId", id(b, a.period()))
        .put("board", b.name())
        .put("period", a.period())
        .put("start", p.start().toEpochMilli())
        .put("end", p.end().toEpochMilli())
        .put("archivedAt", a.archivedAt())
        .put("total", a.size())
        .put("top", entries);
  }
}
