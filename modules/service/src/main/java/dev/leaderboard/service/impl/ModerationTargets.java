package dev.leaderboard.service.impl;

import dev.leaderboard.core.Board;
import dev.leaderboard.core.Period;
import dev.leaderboard.core.PeriodState;
import dev.leaderboard.store.BoardStore;
import dev.leaderboard.store.ModerationStore.Target;
import dev.leaderboard.store.PeriodStore;
import io.vertx.core.Future;
import io.vertx.core.json.JsonObject;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The board periods a moderation action goes over: every hot period (with data in Redis) of every
 * board, with its state, read from Redis rather than this node's caches, so a board created on
 * another node a moment ago is included.
 */
final class ModerationTargets {
  /** A hot period of a board and its state. */
  record Hot(Board board, Period period, PeriodState state) {
    Target target() {
      return new Target(board, period.id());
    }

    /** Live: read from Redis (open or closing), not from the archive. */
    boolean live() {
      return state != PeriodState.ARCHIVED;
    }

    JsonObject toJson() {
      return new JsonObject().put("board", board.name()).put("period", period.id()).put("state", state.wireName());
    }
  }

  private final BoardStore boardStore;
  private final PeriodStore periods;

  ModerationTargets(BoardStore boardStore, PeriodStore periods) {
    this.boardStore = boardStore;
    this.periods = periods;
  }

  /** Every hot period of every board. */
  Future<List<Hot>> hot() {
    return boardStore.loadAll().compose(all -> {
      List<Future<List<Hot>>> perBoard = all.values().stream().map(this::hot).toList();
      return Future.all(perBoard).map(done -> {
        List<Hot> out = new ArrayList<>();
        perBoard.forEach(f -> out.addAll(f.result()));
        return out;
      });
    });
  }

  /** The live ones among {@link #hot()}. */
  Future<List<Hot>> live() {
    return hot().map(all -> all.stream().filter(Hot::live).toList());
  }

  private Future<List<Hot>> hot(Board b) {
    return Future.all(boardStore.periods(b), periods.states(b)).map(both -> {
      List<String> ids = both.resultAt(0);
      Map<String, PeriodState> states = both.resultAt(1);
      return ids.stream().sorted()
          .map(id -> new Hot(b, b.parsePeriod(id), states.getOrDefault(id, PeriodState.OPEN))).toList();
    });
  }

  static List<Target> targets(List<Hot> hot) {
    return hot.stream().map(Hot::target).toList();
  }
}
