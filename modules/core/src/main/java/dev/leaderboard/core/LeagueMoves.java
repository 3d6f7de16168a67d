package dev.leaderboard.core;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Who moves where at a league period's close (no I/O). In each cohort the members with a score come
 * first, in the tier board's unique order (ties go to who reached the score first), then those
 * without, in join order; the first {@code promote} move up a tier (not above the top), the last
 * {@code relegate} of the rest move down (not below the lowest). A member seated in no cohort did
 * not score in the period: they stay, or leave the league with {@code dropInactive}, as does a
 * seated member without a score (whose entry was removed); such a member never moves up.
 */
public final class LeagueMoves {
  public static final String UP = "up";
  public static final String DOWN = "down";
  public static final String STAY = "stay";
  public static final String DROPPED = "dropped";

  private LeagueMoves() {
  }

  /** A member's seat in a cohort; {@code score} null for a member without one. */
  public record Seat(String userId, Long score) {
  }

  /** A cohort of a tier, its seats best first by the board's unique order. */
  public record Cohort(String tier, long id, List<Seat> seats) {
  }

  /**
   * One member's outcome; {@code to} null when dropped; {@code cohort}, {@code cohortRank} null for
   * a member seated in no cohort.
   */
  public record Move(String userId, String from, String to, Long cohort, Long cohortRank, Long score, String movement) {
  }

  /**
   * @param members every member of the league at the close, user → tier
   * @param cohorts the period's cohorts of every tier
   * @return one move per member, cohort members in cohort order first, then the unseated in
   *     {@code members}' order
   */
  public static List<Move> of(League league, Map<String, String> members, List<Cohort> cohorts) {
    List<Move> out = new ArrayList<>();
    Set<String> seated = new HashSet<>();
    for (Cohort c : cohorts) {
      out.addAll(cohort(league, members, c, seated));
    }
    out.addAll(unseated(league, members, seated));
    return out;
  }

  /**
   * The moves of one cohort's members, in cohort order, each added to {@code seated}: a close
   * computes the cohorts one at a time, holding no more than one cohort's seats.
   */
  public static List<Move> cohort(League league, Map<String, String> members, Cohort c, Set<String> seated) {
    int top = league.tiers().size() - 1;
    int level = league.level(c.tier());
    List<Seat> ordered = new ArrayList<>(c.seats().size());
    c.seats().stream().filter(s -> s.score() != null && members.containsKey(s.userId())).forEach(ordered::add);
    c.seats().stream().filter(s -> s.score() == null && members.containsKey(s.userId())).forEach(ordered::add);
    int n = ordered.size();
    int up = level == top ? 0 : league.promote().of(n);
    int down = level == 0 ? 0 : Math.min(league.relegate().of(n), n - up);
    List<Move> out = new ArrayList<>(n);
    for (int i = 0; i < n; i++) {
      Seat s = ordered.get(i);
      seated.add(s.userId());
      String movement = s.score() == null && league.dropInactive() ? DROPPED
          : i < up && s.score() != null ? UP : i >= n - down ? DOWN : STAY;
      String to = switch (movement) {
        case UP -> league.tiers().get(level + 1);
        case DOWN -> league.tiers().get(level - 1);
        case DROPPED -> null;
        default -> c.tier();
      };
      out.add(new Move(s.userId(), c.tier(), to, c.id(), (long) i + 1, s.score(), movement));
    }
    return out;
  }

  /** The moves of the members not in {@code seated} (seated in no cohort), in {@code members}' order. */
  public static List<Move> unseated(League league, Map<String, String> members, Set<String> seated) {
    List<Move> out = new ArrayList<>();
    boolean drop = league.dropInactive();
    for (Map.Entry<String, String> m : members.entrySet()) {
      if (!seated.contains(m.getKey())) {
        out.add(new Move(m.getKey(), m.getValue(), drop ? null : m.getValue(), null, null, null, drop ? DROPPED : STAY));
      }
    }
    return out;
  }
}
