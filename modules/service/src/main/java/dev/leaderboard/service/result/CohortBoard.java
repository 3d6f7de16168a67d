package dev.leaderboard.service.result;

import dev.leaderboard.core.RankMode;
import io.vertx.core.json.JsonObject;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * A cohort's board: {@code {board, period, cohort, size, rankMode, entries: [{userId, score, rank,
 * globalRank, at, keys?, meta?}], missing: [...]}}, the entries in cohort order; {@code rank} within the
 * cohort, {@code globalRank} on the whole board (both in {@code rankMode}); {@code missing} the members
 * without a score.
 *
 * @param partial What the board leaves out while a shard is down; {@code null} when it is complete.
 */
public record CohortBoard(String board, String period, long cohort, int size, RankMode rankMode,
    List<Member> entries, List<String> missing, @AnswerJson.Flat Partial partial) implements Answer, Listing<CohortBoard> {
  /**
   * A member's entry ({@code globalRank} {@code null} while not known); {@code keys}, {@code meta} and
   * {@code profile} as the entry's.
   */
  public record Member(String userId, long score, long rank, Long globalRank, long at, @AnswerJson.IfSet JsonObject keys,
      @AnswerJson.IfSet JsonObject meta, @AnswerJson.IfSet JsonObject profile) implements Answer {
    /** The member's board entry with its rank within the cohort. */
    public static Member of(Entry e, long rank, Long globalRank) {
      return new Member(e.userId(), e.score(), rank, globalRank, e.at(), Listing.object(e.keys()),
          Listing.object(e.meta()), Listing.profile(e.profile()));
    }

    /** This member with the profile among {@code profiles}, as a new member. */
    public Member withProfile(Map<String, String> profiles) {
      return new Member(userId, score, rank, globalRank, at, keys, meta, Listing.profile(profiles.get(userId)));
    }

    /** Each member with the profile among {@code profiles}. */
    public static List<Member> withProfiles(List<Member> members, Map<String, String> profiles) {
      return members == null ? null : members.stream().map(m -> m.withProfile(profiles)).toList();
    }

    public static List<String> users(List<Member> members) {
      return members == null ? List.of() : members.stream().map(Member::userId).toList();
    }
  }

  @Override
  public List<String> listed() {
    return Member.users(entries);
  }

  @Override
  public CohortBoard withProfiles(Map<String, String> profiles) {
    return new CohortBoard(board, period, cohort, size, rankMode, Member.withProfiles(entries, profiles), missing, partial);
  }

  /** The user's rank within the cohort, or {@code null} when the user has no score. */
  public Long rankOf(String userId) {
    return entries().stream().filter(e -> e.userId().equals(userId)).findFirst().map(Member::rank).orElse(null);
  }

  public static final Function<JsonObject, CohortBoard> FROM_JSON = AnswerJson.reader(CohortBoard.class);
}
