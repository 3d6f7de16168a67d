package dev.leaderboard.service.reads;

import dev.leaderboard.core.Board;
import dev.leaderboard.core.Period;
import dev.leaderboard.core.PeriodState;
import dev.leaderboard.store.boards.BoardStore;
import dev.leaderboard.store.boards.PeriodStore;
import dev.leaderboard.store.moderation.ModerationStore.Outcome;
import dev.leaderboard.store.moderation.ModerationStore.Target;
import dev.leaderboard.store.participation.UserSeats;
import io.vertx.core.Future;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.IntStream;
import dev.leaderboard.service.result.ModeratedEntry;

/**
 * The board periods a moderation action goes over: every hot period (with data in Redis) of every
 * board, with its state, read from Redis rather than this node's caches, so a board created on
 * another node a moment ago is included.
 */
public record ModerationTargets(BoardStore boardStore, PeriodStore periods) {
  /** A hot period of a board and its state. */
  public record Hot(Board board, Period period, PeriodState state) {
    Target target() {
      return new Target(board, period.id());
    }

    /** Live: read from Redis (open or closing), not from the archive. */
    public boolean live() {
      return state != PeriodState.ARCHIVED;
    }

    /** The period as moderation answers name it. */
    public ModeratedEntry answer() {
      return new ModeratedEntry(board.name(), period.id(), state);
    }
  }

  /** Every hot period of every board: two rounds (the boards, then all their periods at once). */
  public Future<List<Hot>> hot() {
    return boardStore.loadAll().compose(all -> periods.hotPeriods(new ArrayList<>(all.values()))).map(perBoard -> {
      List<Hot> out = new ArrayList<>();
      for (PeriodStore.HotPeriods h : perBoard) {
        Board b = h.board();
        h.periods().stream().sorted()
            .forEach(id -> out.add(new Hot(b, b.parsePeriod(id), h.states().getOrDefault(id, PeriodState.OPEN))));
      }
      return out;
    });
  }

  /** The live ones among {@link #hot()}. */
  public Future<List<Hot>> live() {
    return hot().map(all -> all.stream().filter(Hot::live).toList());
  }

  public static List<Target> targets(List<Hot> hot) {
    return hot.stream().map(Hot::target).toList();
  }

  /** The periods as the participation store names them. */
  public static List<UserSeats.BoardPeriod> seats(List<Hot> hot) {
    return hot.stream().map(h -> new UserSeats.BoardPeriod(h.board(), h.period().id())).toList();
  }

  /** The periods among {@code hot} whose outcome (in the same order) says an action changed them. */
  public static List<ModeratedEntry> changed(List<Hot> hot, List<Outcome> outcomes) {
    return IntStream.range(0, hot.size()).filter(i -> outcomes.get(i).changed()).mapToObj(i -> hot.get(i).answer())
        .toList();
  }
}
