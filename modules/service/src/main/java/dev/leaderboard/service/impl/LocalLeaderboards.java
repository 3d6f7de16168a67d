package dev.leaderboard.service.impl;

import dev.leaderboard.service.boards.BoardDefinitions;
import dev.leaderboard.service.boards.BoardRegistry;
import dev.leaderboard.service.intake.MetaUpdates;
import dev.leaderboard.service.intake.RankHints;
import dev.leaderboard.service.intake.ScoreIntake;
import dev.leaderboard.service.intake.ScoreNotices;
import dev.leaderboard.service.moderation.BanActions;
import dev.leaderboard.service.moderation.BanRegistry;
import dev.leaderboard.service.moderation.EntryRemoval;
import dev.leaderboard.service.moderation.Erasure;
import dev.leaderboard.service.moderation.ModerationTargets;
import dev.leaderboard.service.periods.PeriodAdmin;
import dev.leaderboard.service.periods.PeriodCloser;
import dev.leaderboard.service.reads.BoardReads;
import dev.leaderboard.service.reads.ReadSources;
import dev.leaderboard.service.reads.UserView;

import dev.leaderboard.archive.ArchiveStore;
import dev.leaderboard.core.Board;
import dev.leaderboard.core.StoreUnavailableException;
import dev.leaderboard.service.Leaderboards;
import dev.leaderboard.service.result.AroundPage;
import dev.leaderboard.service.result.BatchResult;
import dev.leaderboard.service.result.BoardDeleted;
import dev.leaderboard.service.result.BoardList;
import dev.leaderboard.service.result.BoardSaved;
import dev.leaderboard.service.result.EntryPage;
import dev.leaderboard.service.result.Health;
import dev.leaderboard.service.result.PeriodClosed;
import dev.leaderboard.service.result.PeriodList;
import dev.leaderboard.service.result.RankList;
import dev.leaderboard.service.result.SubmitResult;
import dev.leaderboard.service.result.UserEntry;
import dev.leaderboard.service.result.UserMeta;
import dev.leaderboard.store.boards.BoardStore;
import dev.leaderboard.store.friends.FriendStore;
import dev.leaderboard.store.scores.MetaStore;
import dev.leaderboard.store.moderation.ModerationStore;
import dev.leaderboard.store.boards.PeriodStore;
import dev.leaderboard.store.scores.ScoreStore;
import io.vertx.core.Future;
import io.vertx.core.json.JsonObject;
import java.time.Clock;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Supplier;

/**
 * The service on this node's stores: a facade that hands each request to the class doing that job
 * ({@link BoardDefinitions}, {@link ScoreIntake}, {@link BoardReads}, {@link PeriodAdmin}, {@link MetaUpdates},
 * and moderation: {@link EntryRemoval}, {@link BanActions}, {@link UserView}, {@link Erasure}). A
 * validation error thrown before the first I/O becomes a failed future like any other.
 */
public final class LocalLeaderboards implements Leaderboards {
  private final BoardRegistry boards;
  private final BoardStore boardStore;
  private final ArchiveStore archive;
  private final BoardDefinitions definitions;
  private final ScoreIntake intake;
  private final BoardReads reads;
  private final PeriodAdmin periods;
  private final MetaUpdates metas;
  private final EntryRemoval removal;
  private final BanActions banActions;
  private final UserView view;
  private final Erasure erasure;

  public LocalLeaderboards(BoardRegistry boards, BanRegistry bans, BoardStore boardStore, ScoreStore scores,
      ArchiveStore archive, PeriodCloser closer, Clock clock, int defaultPartitions, ScoreNotices notices) {
    this.boards = boards;
    this.boardStore = boardStore;
    this.archive = archive;
    RankHints hints = new RankHints();
    ReadSources sources = new ReadSources(boards, scores, archive, hints);
    this.definitions = new BoardDefinitions(boards, boardStore, archive, clock, defaultPartitions);
    this.intake = new ScoreIntake(boards, bans, scores, sources, hints, clock, notices);
    this.reads = new BoardReads(boards, sources, clock);
    this.metas = new MetaUpdates(boards, new MetaStore(scores.shards()), clock, notices);
    this.periods = new PeriodAdmin(boards, boardStore, new PeriodStore(boardStore.shards()), archive, closer, clock);
    ModerationStore moderation = new ModerationStore(boardStore.shards());
    ModerationTargets targets = new ModerationTargets(boardStore, new PeriodStore(boardStore.shards()));
    this.removal = new EntryRemoval(boards, moderation, hints, clock);
    this.banActions = new BanActions(moderation, bans, targets, clock);
    this.view = new UserView(moderation, scores, targets);
    this.erasure = new Erasure(moderation, bans, targets, new FriendStore(boardStore.shards()), archive, clock);
  }

  @Override
  public Future<BoardSaved> putBoard(String board, JsonObject definition) {
    return call(() -> definitions.put(board, definition));
  }

  @Override
  public Future<Board> getBoard(String board) {
    return call(() -> definitions.get(board));
  }

  @Override
  public Future<BoardList> listBoards() {
    return call(definitions::list);
  }

  @Override
  public Future<BoardDeleted> deleteBoard(String board) {
    return call(() -> definitions.delete(board));
  }

  @Override
  public Future<PeriodList> periods(String board) {
    return call(() -> periods.list(board));
  }

  @Override
  public Future<PeriodClosed> closePeriod(String board, String period) {
    return call(() -> periods.close(board, period));
  }

  @Override
  public Future<SubmitResult> submit(String board, JsonObject event, Boolean withRank) {
    return call(() -> intake.submit(board, event, withRank));
  }

  @Override
  public Future<BatchResult> submitBatch(String board, JsonObject batch) {
    return call(() -> intake.submitBatch(board, batch));
  }

  @Override
  public Future<EntryPage> entries(String board, String period, Long offset, Integer limit, String rankMode,
      Boolean meta) {
    return call(() -> reads.entries(board, period, offset, limit, rankMode, meta));
  }

  @Override
  public Future<UserEntry> user(String board, String userId, String period, String rankMode, Boolean meta) {
    return call(() -> reads.user(board, userId, period, rankMode, meta));
  }

  @Override
  public Future<AroundPage> around(String board, String userId, String period, Integer limit, String rankMode,
      Boolean meta) {
    return call(() -> reads.around(board, userId, period, limit, rankMode, meta));
  }

  @Override
  public Future<RankList> ranks(String board, JsonObject request, String period, String rankMode, Boolean meta) {
    return call(() -> reads.ranks(board, request, period, rankMode, meta));
  }

  @Override
  public Future<UserMeta> updateMeta(String board, String userId, String period, JsonObject request) {
    return call(() -> metas.update(board, userId, period, request));
  }

  @Override
  public Future<JsonObject> removeEntry(String board, String userId, String period) {
    return call(() -> removal.remove(board, userId, period));
  }

  @Override
  public Future<JsonObject> ban(String userId, JsonObject body) {
    return call(() -> banActions.ban(userId, body));
  }

  @Override
  public Future<JsonObject> lift(String userId) {
    return call(() -> banActions.lift(userId));
  }

  @Override
  public Future<JsonObject> moderatedUser(String userId) {
    return call(() -> view.user(userId));
  }

  @Override
  public Future<JsonObject> erase(String userId) {
    return call(() -> erasure.erase(userId));
  }

  @Override
  public Future<Health> health() {
    long start = System.nanoTime();
    Future<Health.ArchiveCheck> archived = archive.ping().timeout(ShardHealth.TIMEOUT_MILLIS, TimeUnit.MILLISECONDS)
        .transform(ar -> Future.succeededFuture(new Health.ArchiveCheck(ar.succeeded(),
            Math.round((System.nanoTime() - start) / 10_000.0) / 100.0,
            ar.succeeded() ? null : archiveFailure(ar.cause()))));
    return ShardHealth.check(boardStore.shards()).compose(shards -> archived
        .map(pg -> new Health(shards, boards.cached().size(), pg)));
  }

  /** Runs the request; a validation error thrown before its first I/O becomes a failed future. */
  static <T> Future<T> call(Supplier<Future<T>> request) {
    try {
      return request.get();
    } catch (RuntimeException e) {
      return Future.failedFuture(e);
    }
  }

  /** Why PostgreSQL did not answer, as a public health answer may say it: no address, no driver message. */
  private static String archiveFailure(Throwable t) {
    if (t instanceof TimeoutException) {
      return "timeout";
    }
    return t instanceof StoreUnavailableException ? "unreachable" : "error";
  }
}
