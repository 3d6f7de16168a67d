package dev.leaderboard.service.result;

import dev.leaderboard.core.RankMode;
import io.vertx.core.json.JsonObject;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.IntStream;

/**
 * A page of the board among a user and their friends, ranked within that group. A <em>partial</em>
 * board ({@code partial} set, while a shard is down) ranks the members whose shards answered, as a
 * complete one ranks the whole group, and lists the others apart.
 *
 * @param total Group members with a score (that were reached).
 * @param entries The page; {@code rank} and {@code percentile} are within the group.
 * @param missing The IDs of group members without a score (among those reached), as on a rank list.
 * @param partial What the board leaves out, {@code null} when it is complete.
 */
public record FriendBoard(String board, String period, String userId, int total, long offset, int limit,
    RankMode rankMode, List<Ranked> entries, List<String> missing, @AnswerJson.Flat Partial partial) implements Answer, Listing<FriendBoard> {
  /** An entry of the page, with its global rank when asked for ({@code global} {@code null} when not). */
  public record Ranked(@AnswerJson.Flat Entry entry, @AnswerJson.Flat GlobalRank global) implements Answer {
  }

  /** An entry's unique rank on the whole board; {@code null} while not known (a shard is down). */
  public record GlobalRank(Long globalRank) implements Answer {
  }

  /**
   * @param globalRanks per entry its unique rank on the whole board ({@code null} elements: not known
   *     while a shard is down); {@code null} when not asked for
   */
  public static FriendBoard of(String board, String period, String userId, int total, long offset, int limit,
      RankMode rankMode, List<Entry> entries, List<Long> globalRanks, List<String> missing, Partial partial) {
    List<Ranked> page = IntStream.range(0, entries.size()).mapToObj(k -> new Ranked(entries.get(k),
        globalRanks == null ? null : new GlobalRank(globalRanks.get(k)))).toList();
    return new FriendBoard(board, period, userId, total, offset, limit, rankMode, page, missing, partial);
  }

  @Override
  public List<String> listed() {
    return entries.stream().map(r -> r.entry().userId()).toList();
  }

  @Override
  public FriendBoard withProfiles(Map<String, String> profiles) {
    List<Ranked> page = entries.stream()
        .map(r -> new Ranked(r.entry().withProfile(profiles.get(r.entry().userId())), r.global())).toList();
    return new FriendBoard(board, period, userId, total, offset, limit, rankMode, page, missing, partial);
  }

  public static final Function<JsonObject, FriendBoard> FROM_JSON = AnswerJson.reader(FriendBoard.class);
}
