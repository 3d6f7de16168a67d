package dev.leaderboard.service.impl;

import dev.leaderboard.archive.ArchiveStore;
import dev.leaderboard.archive.ArchivedEntry;
import dev.leaderboard.core.Board;
import dev.leaderboard.core.Fields;
import dev.leaderboard.core.LeaderboardException;
import dev.leaderboard.core.Limits;
import dev.leaderboard.core.Names;
import dev.leaderboard.core.Period;
import dev.leaderboard.core.PeriodState;
import dev.leaderboard.core.RankMode;
import dev.leaderboard.service.FriendRankService;
import dev.leaderboard.store.FriendStore;
import dev.leaderboard.store.RankCounts;
import dev.leaderboard.store.ScoreStore;
import dev.leaderboard.store.StoredEntry;
import io.vertx.core.Future;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.time.Clock;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.function.Supplier;

/**
 * The friend graph and friend boards on Redis shards.
 *
 * <p><b>Friend board algorithm.</b> The group is the user and their friends.
 * <ol>
 *   <li>Read the user's friend set: one SMEMBERS on the owner's shard.</li>
 *   <li>Read the composites of the whole group with {@link ScoreStore#composites}: members grouped by
 *       board partition, one ZMSCORE per partition, one pipelined batch per shard, all shards in
 *       parallel. Members without a score in the period are counted as {@code missing}.</li>
 *   <li>Sort the scored members in the board's total order ({@link StoredEntry#order}: better score,
 *       then earlier time, then Redis' member order) — the same order the global board uses, so the
 *       group's order is the global order restricted to the group.</li>
 *   <li>Rank within the group: unique = position + 1; competition = 1 + members with a strictly
 *       better score; dense = 1 + distinct better scores. Equal scores are adjacent in that order, so
 *       one pass computes all three. Percentiles are within the group too.</li>
 *   <li>Cut the page at {@code offset}/{@code limit}. With {@code globalRanks}, one more round
 *       ({@link ScoreStore#counts}, one batch per shard) counts, for each page entry, the members of
 *       the whole board ordered before it: its global unique rank.</li>
 * </ol>
 * So a friend board costs two rounds (three with global ranks) whatever the number of shards, and
 * work proportional to the group, never to the board.
 */
public final class FriendRankServiceImpl implements FriendRankService {
  public static final int DEFAULT_FRIEND_LIMIT = 5_000;

  private final BoardRegistry boards;
  private final ScoreStore scores;
  private final ArchiveStore archive;
  private final FriendStore friends;
  private final Clock clock;
  private final int friendLimit;

  /** @param friendLimit the most friends a user may have (also the most IDs one import may carry) */
  public FriendRankServiceImpl(BoardRegistry boards, ScoreStore scores, ArchiveStore archive, FriendStore friends,
      Clock clock, int friendLimit) {
    if (friendLimit < 1) {
      throw new IllegalArgumentException("the friend limit must be at least 1 (got " + friendLimit + ")");
    }
    this.boards = boards;
    this.scores = scores;
    this.archive = archive;
    this.friends = friends;
    this.clock = clock;
    this.friendLimit = friendLimit;
  }

  /**
   * The group's entries: from Redis while the period is live; from the archive once it is
   * archived, rebuilt into composites so both follow one code path, with their final positions.
   */
  private record Group(List<StoredEntry> entries, java.util.Map<StoredEntry, Long> positions) {
  }

  private Future<Group> groupEntries(Board b, Period p, List<String> group) {
    return boards.periodState(b, p.id()).compose(state -> {
      if (state == PeriodState.ARCHIVED) {
        return archive.entries(b.uid(), p.id(), group).map(rows -> {
          List<StoredEntry> entries = new ArrayList<>();
          java.util.Map<StoredEntry, Long> positions = new java.util.HashMap<>();
          for (ArchivedEntry r : rows) {
            long offset = (r.at() - p.start().toEpochMilli()) / b.tieResolution().millis();
            StoredEntry e = new StoredEntry(r.userId(), b.codec().encode(r.score(), offset));
            entries.add(e);
            positions.put(e, r.position());
          }
          return new Group(entries, positions);
        });
      }
      return scores.composites(b, p.id(), group).map(composites -> {
        List<StoredEntry> entries = new ArrayList<>(group.size());
        for (int i = 0; i < group.size(); i++) {
          if (composites.get(i) != null) {
            entries.add(new StoredEntry(group.get(i), composites.get(i)));
          }
        }
        return new Group(entries, null);
      });
    });
  }

  // ---- the graph

  @Override
  public Future<JsonObject> addFriend(String userId, String friendId) {
    return Requests.guard(() -> {
      Names.id("userId", userId);
      Names.id("friendId", friendId);
      if (userId.equals(friendId)) {
        throw self("friendId", userId);
      }
      return friends.link(userId, friendId, friendLimit).map(link -> switch (link) {
        case ADDED, ALREADY -> new JsonObject()
            .put("userId", userId)
            .put("friendId", friendId)
            .put("added", link == FriendStore.Link.ADDED);
        case OWNER_FULL -> throw full(userId, userId, friendId);
        case FRIEND_FULL -> throw full(friendId, userId, friendId);
      });
    });
  }

  @Override
  public Future<JsonObject> removeFriend(String userId, String friendId) {
    return Requests.guard(() -> {
      Names.id("userId", userId);
      Names.id("friendId", friendId);
      if (userId.equals(friendId)) {
        throw self("friendId", userId);
      }
      return friends.unlink(userId, friendId).map(removed -> new JsonObject()
          .put("userId", userId)
          .put("friendId", friendId)
          .put("removed", removed));
    });
  }

  @Override
  public Future<JsonObject> friends(String userId) {
    return Requests.guard(() -> {
      Names.id("userId", userId);
      return friends.friends(userId).map(list -> new JsonObject()
          .put("userId", userId)
          .put("count", list.size())
          .put("friends", new JsonArray(new ArrayList<>(list))));
    });
  }

  @Override
  public Future<JsonObject> importFriends(String userId, JsonObject request) {
    return Requests.guard(() -> {
      Names.id("userId", userId);
      JsonObject body = Fields.object(request, "body");
      Fields.onlyKnown(body, "", Set.of("friendIds"));
      JsonArray ids = Fields.array(body, "friendIds");
      if (ids.size() > friendLimit) {
        throw LeaderboardException.invalid("friendIds", "must hold at most " + friendLimit
            + " IDs, the friend limit (got " + ids.size() + "); send the rest in further calls");
      }
      List<JsonObject> refused = new ArrayList<>();
      List<String> unique = new ArrayList<>();
      List<Integer> positions = new ArrayList<>();
      Set<String> seen = new HashSet<>();
      int repeated = 0;
      for (int i = 0; i < ids.size(); i++) {
        Object v = ids.getValue(i);
        String field = "friendIds[" + i + "]";
        try {
          if (!(v instanceof String)) {
            throw LeaderboardException.invalid(field, "must be a string (a user ID)");
          }
          String id = Names.id(field, (String) v);
          if (id.equals(userId)) {
            throw self(field, userId);
          }
          if (seen.add(id)) {
            unique.add(id);
            positions.add(i);
          } else {
            repeated++;
          }
        } catch (LeaderboardException e) {
          refused.add(refusal(i, v, e));
        }
      }
      int already = repeated;
      return friends.linkAll(userId, unique, friendLimit).map(links -> {
        int added = 0;
        int present = already;
        for (int k = 0; k < links.size(); k++) {
          String f = unique.get(k);
          switch (links.get(k)) {
            case ADDED -> added++;
            case ALREADY -> present++;
            case OWNER_FULL -> refused.add(refusal(positions.get(k), f, full(userId, userId, f)));
            case FRIEND_FULL -> refused.add(refusal(positions.get(k), f, full(f, userId, f)));
          }
        }
        refused.sort(Comparator.comparingInt(o -> o.getInteger("index")));
        return new JsonObject()
            .put("userId", userId)
            .put("added", added)
            .put("already", present)
            .put("refused", new JsonArray(new ArrayList<>(refused)));
      });
    });
  }

  private static JsonObject refusal(int index, Object friendId, LeaderboardException e) {
    return new JsonObject()
        .put("index", index)
        .put("friendId", friendId)
        .put("error", e.code())
        .put("message", e.getMessage());
  }

  private static LeaderboardException self(String field, String userId) {
    return LeaderboardException.invalid(field, "must not be the user themself ('" + userId
        + "'): a user cannot befriend themself");
  }

  private LeaderboardException full(String whose, String userId, String friendId) {
    return LeaderboardException.unprocessable("friend_limit", "the friend list of user '" + whose
        + "' is full: it holds the limit of " + friendLimit + " friends; '" + userId + "' and '" + friendId
        + "' were not made friends and nothing changed (remove a friend of '" + whose + "' first)");
  }

  // ---- friend boards

  @Override
  public Future<JsonObject> friendBoard(String board, String userId, String period, Long offset, Integer limit,
      String rankMode, Boolean globalRanks) {
    return Requests.guard(() -> {
      Names.board("board", board);
      Names.id("userId", userId);
      long off = Requests.offset(offset);
      int lim = Requests.limit(limit, Limits.DEFAULT_PAGE);
      RankMode mode = Requests.rankMode(rankMode);
      boolean withGlobal = Boolean.TRUE.equals(globalRanks);
      return boards.require(board).compose(b -> {
        Period p = Requests.period(b, period, clock);
        return friends.unordered(userId).compose(list -> {
          List<String> group = new ArrayList<>(list.size() + 1);
          group.add(userId);
          group.addAll(list);
          return groupEntries(b, p, group).compose(found -> {
            List<StoredEntry> scored = found.entries();
            scored.sort(StoredEntry.order(b.order()));
            long[] ranks = RankMath.within(mode, Entries.scores(b, scored));
            int from = (int) Math.min(off, scored.size());
            int to = (int) Math.min(scored.size(), (long) from + lim);
            List<StoredEntry> page = scored.subList(from, to);
            Future<long[]> before = !withGlobal || page.isEmpty() ? Future.succeededFuture(null)
                : found.positions() != null ? Future.succeededFuture(page.stream().mapToLong(found.positions()::get).toArray())
                : scores.counts(b, p.id(), page, List.of()).map(RankCounts::before);
            return before.map(global -> {
              JsonArray entries = new JsonArray();
              for (int k = 0; k < page.size(); k++) {
                JsonObject e = Entries.of(b, p, page.get(k), ranks[from + k], from + k, scored.size()).toJson();
                if (global != null) {
                  e.put("globalRank", RankMath.unique(global[k]));
                }
                entries.add(e);
              }
              return new JsonObject()
                  .put("board", b.name())
                  .put("period", p.id())
                  .put("userId", userId)
                  .put("total", scored.size())
                  .put("offset", off)
                  .put("limit", lim)
                  .put("rankMode", mode.wireName())
                  .put("entries", entries)
                  .put("missing", group.size() - scored.size());
            });
          });
        });
      });
    });
  }

  // ---- request parts, with the same rules and messages as the board reads
}
