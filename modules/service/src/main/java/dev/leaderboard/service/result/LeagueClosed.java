package dev.leaderboard.service.result;

import static java.util.stream.Collectors.counting;
import static java.util.stream.Collectors.groupingBy;

import dev.leaderboard.archive.LeagueMoveStore.Move;
import dev.leaderboard.core.LeagueMoves;
import io.vertx.core.json.JsonObject;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * A closed league period: its moves counted by movement and the first {@link #MOVES} of them by user
 * ID (a league may hold millions; the rest are paged by {@code GET .../moves}), each {@code {userId,
 * from, to, cohort, cohortRank, score, movement}}.
 */
public record LeagueClosed(String league, String period, int total, Counts counts, List<Move> moves) implements Answer {
  /** The most moves an answer lists. */
  public static final int MOVES = 1000;

  /** Moves by movement. */
  public record Counts(long up, long down, long stay, long dropped) implements Answer {
    public static Counts of(Map<String, Long> movements) {
      return new Counts(movements.getOrDefault(LeagueMoves.UP, 0L), movements.getOrDefault(LeagueMoves.DOWN, 0L),
          movements.getOrDefault(LeagueMoves.STAY, 0L), movements.getOrDefault(LeagueMoves.DROPPED, 0L));
    }
  }

  public static LeagueClosed of(String league, String period, List<Move> moves) {
    return new LeagueClosed(league, period, moves.size(), Counts.of(moves.stream().collect(groupingBy(Move::movement,
        counting()))), List.copyOf(moves.subList(0, Math.min(MOVES, moves.size()))));
  }

  public static final Function<JsonObject, LeagueClosed> FROM_JSON = AnswerJson.reader(LeagueClosed.class);
}
