package dev.leaderboard.service.friends;

import dev.leaderboard.core.Refusal;
import dev.leaderboard.service.boards.BoardRegistry;
import dev.leaderboard.service.request.Requests;
import dev.leaderboard.service.reads.ReadSource;
import dev.leaderboard.service.reads.ReadSources;
import dev.leaderboard.service.reads.Entries;
import dev.leaderboard.service.reads.RankMath;
import dev.leaderboard.service.reads.Reach;

import dev.leaderboard.core.Board;
import dev.leaderboard.core.LeaderboardException;
import dev.leaderboard.core.Limits;
import dev.leaderboard.core.Names;
import dev.leaderboard.core.Period;
import dev.leaderboard.core.RankMode;
import dev.leaderboard.core.StoreUnavailableException;
import dev.leaderboard.service.request.FriendIds;
import dev.leaderboard.service.FriendRankService;
import dev.leaderboard.service.result.Entry;
import dev.leaderboard.service.result.FriendBoard;
import dev.leaderboard.service.result.FriendChange;
import dev.leaderboard.service.result.FriendImport;
import dev.leaderboard.service.result.FriendList;
import dev.leaderboard.service.result.Partial;
import dev.leaderboard.store.friends.FriendStore;
import dev.leaderboard.service.profiles.ProfileCache;
import dev.leaderboard.service.profiles.ProfileJoin;
import dev.leaderboard.store.scores.ScoreStore;
import dev.leaderboard.store.scores.StoredEntry;
import io.vertx.core.Future;
import java.time.Clock;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import java.util.stream.IntStream;

/**
 * The friend graph and friend boards. A friend board reads the group's entries in one round
 * ({@link ScoreStore#lookups}), sorts them in the global board order ({@link StoredEntry#order}) so
 * the group's order is the global one restricted to the group, and ranks them in one pass; global
 * ranks cost one more round ({@link ScoreStore#counts}). So it costs two or three rounds whatever
 * the number of shards, and work proportional to the group, never the board. A shard that is down
 * leaves out only its members, and the board is marked partial.
 */
public final class FriendRankServiceImpl implements FriendRankService {
  private final BoardRegistry boards;
  private final ScoreStore scores;
  private final ReadSources sources;
  private final FriendStore friends;
  private final ProfileJoin profiles;
  private final Clock clock;
  private final int friendLimit;

  /** @param friendLimit the most friends a user may have (also the most IDs one import may carry) */
  public FriendRankServiceImpl(BoardRegistry boards, ScoreStore scores, ReadSources sources, FriendStore friends,
      ProfileCache profiles, Clock clock, int friendLimit) {
    if (friendLimit < 1) {
      throw new IllegalArgumentException("the friend limit must be at least 1 (got " + friendLimit + ")");
    }
    this.boards = boards;
    this.scores = scores;
    this.sources = sources;
    this.friends = friends;
    this.profiles = new ProfileJoin(profiles);
    this.clock = clock;
    this.friendLimit = friendLimit;
  }

  // ---- the graph

  @Override
  public Future<FriendChange> addFriend(String userId, String friendId) {
    return Requests.guard(() -> {
      Names.id("userId", userId);
      Names.id("friendId", friendId);
      if (userId.equals(friendId)) {
        throw self("friendId", userId);
      }
      return friends.link(userId, friendId, friendLimit).map(link -> switch (link) {
        case ADDED, ALREADY -> FriendChange.added(userId, friendId, link == FriendStore.Link.ADDED);
        case OWNER_FULL -> throw full(userId, userId, friendId);
        case FRIEND_FULL -> throw full(friendId, userId, friendId);
      });
    });
  }

  @Override
  public Future<FriendChange> removeFriend(String userId, String friendId) {
    return Requests.guard(() -> {
      Names.id("userId", userId);
      Names.id("friendId", friendId);
      if (userId.equals(friendId)) {
        throw self("friendId", userId);
      }
      return friends.unlink(userId, friendId).map(removed -> FriendChange.removed(userId, friendId, removed));
    });
  }

  @Override
  public Future<FriendList> friends(String userId) {
    return Requests.guard(() -> {
      Names.id("userId", userId);
      return friends.friends(userId).map(list -> FriendList.of(userId, list));
    });
  }

  @Override
  public Future<FriendImport> importFriends(String userId, FriendIds request) {
    return Requests.guard(() -> {
      Names.id("userId", userId);
      List<Object> ids = Objects.requireNonNullElseGet(request, () -> new FriendIds(null)).friendIds();
      if (ids.size() > friendLimit) {
        throw Refusal.invalid("friendIds", "must hold at most " + friendLimit
            + " IDs, the friend limit (got " + ids.size() + "); send the rest in further calls");
      }
      List<FriendImport.Refused> refused = new ArrayList<>();
      List<String> unique = new ArrayList<>();
      List<Integer> positions = new ArrayList<>();
      Set<String> seen = new HashSet<>();
      int repeated = 0;
      for (int i = 0; i < ids.size(); i++) {
        Object v = ids.get(i);
        String field = "friendIds[" + i + "]";
        try {
          if (!(v instanceof String)) {
            throw Refusal.invalid(field, "must be a string (a user ID)");
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
        refused.sort(Comparator.comparingInt(FriendImport.Refused::index));
        return new FriendImport(userId, added, present, refused);
      });
    });
  }

  private static FriendImport.Refused refusal(int index, Object friendId, LeaderboardException e) {
    return new FriendImport.Refused(index, friendId, e.code(), e.getMessage());
  }

  private static LeaderboardException self(String field, String userId) {
    return Refusal.invalid(field, "must not be the user themself ('" + userId
        + "'): a user cannot befriend themself");
  }

  private LeaderboardException full(String whose, String userId, String friendId) {
    return Refusal.FRIEND_LIMIT.exception(whose, friendLimit, userId, friendId);
  }

  // ---- friend boards

  /** What a partial friend board leaves out. */
  private static final String LEFT_OUT = "its members are left out and ranks are within the members reached";
  private static final String NO_GLOBAL = "globalRank is not known";

  @Override
  public Future<FriendBoard> friendBoard(String board, String userId, String period, Long offset, Integer limit,
      String rankMode, Boolean globalRanks) {
    return profiles.join(Requests.<FriendBoard>guard(() -> {
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
          return sources.of(b, p, true).compose(source -> source.group(group)).compose(found -> {
            Reach reach = found.reach();
            List<StoredEntry> scored = new ArrayList<>(reach.entries());
            scored.sort(StoredEntry.order(b.order()));
            long[] groupScores = Entries.scores(b, scored);
            long[] ranks = RankMath.within(mode, groupScores);
            long[] competition = RankMath.within(RankMode.COMPETITION, groupScores);
            int from = (int) Math.min(off, scored.size());
            int to = (int) Math.min(scored.size(), (long) from + lim);
            List<StoredEntry> page = scored.subList(from, to);
            Future<GlobalRanks> global = withGlobal ? globalRanks(b, p, found, page) : Future.succeededFuture(null);
            return global.map(g -> {
              List<Entry> entries = IntStream.range(0, page.size()).mapToObj(k -> Entries.of(b, p, page.get(k),
                  ranks[from + k], RankMath.ahead(mode, from + k, competition[from + k]), scored.size())).toList();
              return FriendBoard.of(b.name(), p.id(), userId, scored.size(), off, lim, mode, entries,
                  g == null ? null : g.ranks(), reach.missing().stream().sorted().toList(), partial(reach, g));
            });
          });
        });
      });
    }));
  }

  /** @param ranks {@code null} each when they cannot be counted */
  private record GlobalRanks(List<Long> ranks, StoreUnavailableException down) {
    boolean known() {
      return !ranks.contains(null);
    }
  }

  /** Not counted when a member's shard is already known to be down: the count needs every shard. */
  private Future<GlobalRanks> globalRanks(Board b, Period p, ReadSource.Group found, List<StoredEntry> page) {
    if (found.positions() != null) {
      return Future.succeededFuture(new GlobalRanks(page.stream()
          .map(e -> RankMath.unique(found.positions().get(e))).toList(), null));
    }
    List<Long> unknown = Collections.nCopies(page.size(), null);
    if (page.isEmpty() || !found.reach().complete()) {
      return Future.succeededFuture(new GlobalRanks(unknown, null));
    }
    return scores.counts(b, p.id(), page, List.of())
        .map(c -> new GlobalRanks(Arrays.stream(c.before()).map(RankMath::unique).boxed().toList(), null))
        .recover(t -> t instanceof StoreUnavailableException down
            ? Future.succeededFuture(new GlobalRanks(unknown, down))
            : Future.failedFuture(t));
  }

  /** What the board leaves out while a shard is down; {@code null} when it is complete. */
  private static Partial partial(Reach reach, GlobalRanks global) {
    boolean globalKnown = global == null || global.known();
    if (reach.complete() && globalKnown) {
      return null;
    }
    if (reach.complete()) {
      return reach.partial(global.down(), NO_GLOBAL);
    }
    return reach.partial(globalKnown ? LEFT_OUT : LEFT_OUT + "; " + NO_GLOBAL);
  }
}
