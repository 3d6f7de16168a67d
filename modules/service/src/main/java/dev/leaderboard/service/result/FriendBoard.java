package dev.leaderboard.service.result;

import dev.leaderboard.core.RankMode;
import io.vertx.codegen.annotations.DataObject;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.util.List;

/**
 * A page of the board among a user and their friends, ranked within that group. A <em>partial</em>
 * board ({@code partial} set, while a shard is down) ranks the members whose shards answered, as a
 * complete one ranks the whole group, and lists the others apart.
 */
@DataObject
public final class FriendBoard extends JsonAnswer {
  public FriendBoard(JsonObject json) {
    super(json);
  }

  /**
   * @param total group members with a score (that were reached)
   * @param entries the page; {@code rank} and {@code percentile} are within the group
   * @param globalRanks per entry its unique rank on the whole board ({@code null} elements: not known
   *     while a shard is down); {@code null} when not asked for
   * @param missing the IDs of group members without a score (among those reached), as on a rank list
   * @param partial what the board leaves out, {@code null} when it is complete
   */
  public static FriendBoard of(String board, String period, String userId, int total, long offset, int limit,
      RankMode rankMode, List<Entry> entries, List<Long> globalRanks, List<String> missing, Partial partial) {
    JsonArray page = new JsonArray();
    for (int k = 0; k < entries.size(); k++) {
      JsonObject e = entries.get(k).toJson();
      if (globalRanks != null) {
        e.put("globalRank", globalRanks.get(k));
      }
      page.add(e);
    }
    JsonObject out = new JsonObject()
        .put("board", board)
        .put("period", period)
        .put("userId", userId)
        .put("total", total)
        .put("offset", offset)
        .put("limit", limit)
        .put("rankMode", rankMode.wireName())
        .put("entries", page)
        .put("missing", new JsonArray(missing));
    return new FriendBoard(partial == null ? out : partial.addTo(out));
  }
}
