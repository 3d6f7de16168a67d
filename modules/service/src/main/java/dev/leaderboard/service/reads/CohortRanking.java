package dev.leaderboard.service.reads;

import dev.leaderboard.core.RankMode;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.function.Function;

/**
 * How a cohort is ranked, wherever it is read: a cohort board, a closed period's rewards, a league's
 * moves. Its members with an entry come first, in board order, ranked among themselves in the mode
 * asked ({@link RankMath#within}); then, unranked, those without one, in the order given (join order).
 */
public final class CohortRanking {
  private CohortRanking() {
  }

  /** A member's place: its rank within the cohort, {@code null} without an entry. */
  public record Place<T>(T member, Long rank) {
  }

  /**
   * @param members the cohort's members, in join order
   * @param position a member's position on the board (any numbers in board order), {@code null} without an entry
   * @param score a member's score (only asked of members with an entry)
   */
  public static <T> List<Place<T>> of(RankMode mode, List<T> members, Function<T, Long> position,
      Function<T, Long> score) {
    List<T> ranked = new ArrayList<>(members.size());
    List<T> unranked = new ArrayList<>();
    for (T m : members) {
      (position.apply(m) != null ? ranked : unranked).add(m);
    }
    ranked.sort(Comparator.comparing(position));
    long[] ranks = RankMath.within(mode, ranked.stream().mapToLong(score::apply).toArray());
    List<Place<T>> out = new ArrayList<>(members.size());
    for (int i = 0; i < ranks.length; i++) {
      out.add(new Place<>(ranked.get(i), ranks[i]));
    }
    unranked.forEach(m -> out.add(new Place<>(m, null)));
    return out;
  }
}
