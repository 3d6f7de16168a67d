package dev.leaderboard.service.boards;

import dev.leaderboard.archive.ArchiveStore;
import dev.leaderboard.core.Board;
import dev.leaderboard.core.League;
import dev.leaderboard.core.Names;
import dev.leaderboard.service.result.BoardDeleted;
import dev.leaderboard.service.result.BoardList;
import dev.leaderboard.service.result.BoardDefinition;
import dev.leaderboard.store.boards.BoardStore;
import io.vertx.core.Future;
import io.vertx.core.json.JsonObject;
import java.time.Clock;
import java.util.Comparator;
import java.util.concurrent.ThreadLocalRandom;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** Board definitions: create or update, read, list, delete (with every score, hot and archived). */
public record BoardDefinitions(BoardRegistry boards, BoardStore store, ArchiveStore archive, Clock clock,
    int defaultPartitions) {
  private static final Logger LOG = LoggerFactory.getLogger(BoardDefinitions.class);

  public Future<BoardDefinition> put(String board, JsonObject definition) {
    return save(Names.board("board", board), definition, null);
  }

  /** Creates or updates a league's tier board, whose name no caller may give. */
  public Future<BoardDefinition> putTier(League.TierName tier, JsonObject definition) {
    return save(Names.boardOrTier("board", tier.board()), definition, tier);
  }

  private Future<BoardDefinition> save(String board, JsonObject definition, League.TierName tier) {
    JsonObject spec = definition == null ? new JsonObject() : definition;
    return boards.fresh(board).compose(existing -> {
      Board b = Board.define(board, spec, existing, clock.instant(), defaultPartitions, newUid(), tier);
      Future<Boolean> saved = existing == null ? store.create(b) : store.update(b).map(true);
      return saved.compose(stored -> {
        if (!stored) {
          // another node created it meanwhile: apply this request as an update of that board
          return save(board, definition, tier);
        }
        if (existing == null) {
          LOG.info("board {} created: {}", board, b.toJson().encode());
        }
        // answered once every node serves the new definition
        return boards.changed(board, b).map(BoardDefinition.of(b, existing == null));
      });
    });
  }

  public Future<Board> get(String board) {
    return boards.require(Names.board("board", board));
  }

  /** Every board but the leagues' tier boards, which are reached through their league. */
  public Future<BoardList> list() {
    return boards.all().map(all -> BoardList.of(all.stream().filter(b -> b.tier() == null)
        .sorted(Comparator.comparing(Board::name)).toList()));
  }

  public Future<BoardDeleted> delete(String board) {
    return remove(Names.board("board", board));
  }

  /** Deletes a league's tier board; a board already gone is no failure. */
  public Future<Void> deleteTier(String board) {
    return boards.fresh(Names.boardOrTier("board", board)).compose(b -> b == null ? Future.succeededFuture()
        : remove(board).mapEmpty());
  }

  private Future<BoardDeleted> remove(String board) {
    return boards.require(board)
        // answered once no node serves the board any more, whether or not its archive could be deleted
        .compose(b -> store.delete(b).compose(ok -> archive.deleteBoard(b.uid()).eventually(() -> boards.changed(board, null))))
        .map(ok -> BoardDeleted.of(board));
  }

  private static String newUid() {
    return Long.toString(ThreadLocalRandom.current().nextLong(Long.MAX_VALUE), 36);
  }
}
