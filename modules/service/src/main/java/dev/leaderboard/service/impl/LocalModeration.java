package dev.leaderboard.service.impl;

import dev.leaderboard.archive.ArchiveStore;
import dev.leaderboard.service.Moderation;
import dev.leaderboard.store.BoardStore;
import dev.leaderboard.store.FriendStore;
import dev.leaderboard.store.ModerationStore;
import dev.leaderboard.store.PeriodStore;
import dev.leaderboard.store.ScoreStore;
import io.vertx.core.Future;
import io.vertx.core.json.JsonObject;
import java.time.Clock;

/** Moderation on this node's stores: a facade over {@link EntryRemoval}, {@link BanActions}, {@link UserView} and {@link Erasure}. */
final class LocalModeration implements Moderation {
  private final EntryRemoval removal;
  private final BanActions banActions;
  private final UserView view;
  private final Erasure erasure;

  LocalModeration(BoardRegistry boards, BanRegistry bans, BoardStore boardStore, ScoreStore scores,
      ArchiveStore archive, RankHints hints, Clock clock) {
    ModerationStore store = new ModerationStore(boardStore.shards());
    ModerationTargets targets = new ModerationTargets(boardStore, new PeriodStore(boardStore.shards()));
    this.removal = new EntryRemoval(boards, store, hints, clock);
    this.banActions = new BanActions(store, bans, targets, clock);
    this.view = new UserView(store, scores, targets);
    this.erasure = new Erasure(store, bans, targets, new FriendStore(boardStore.shards()), archive, clock);
  }

  @Override
  public Future<JsonObject> removeEntry(String board, String userId, String period) {
    return LocalLeaderboards.call(() -> removal.remove(board, userId, period));
  }

  @Override
  public Future<JsonObject> ban(String userId, JsonObject body) {
    return LocalLeaderboards.call(() -> banActions.ban(userId, body));
  }

  @Override
  public Future<JsonObject> lift(String userId) {
    return LocalLeaderboards.call(() -> banActions.lift(userId));
  }

  @Override
  public Future<JsonObject> user(String userId) {
    return LocalLeaderboards.call(() -> view.user(userId));
  }

  @Override
  public Future<JsonObject> erase(String userId) {
    return LocalLeaderboards.call(() -> erasure.erase(userId));
  }
}
