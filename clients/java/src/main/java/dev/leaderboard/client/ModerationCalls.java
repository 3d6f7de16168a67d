package dev.leaderboard.client;

import dev.leaderboard.client.model.BanResult;
import dev.leaderboard.client.model.Erasure;
import dev.leaderboard.client.model.LiftResult;
import dev.leaderboard.client.model.ModeratedUser;
import dev.leaderboard.client.model.RemovedEntry;
import dev.leaderboard.client.model.UserExport;
import java.util.Map;

/** Removing entries, bans, a user's view, erasure (tag {@code moderation}, scope {@code admin}). */
public final class ModerationCalls {
  private final Transport transport;

  ModerationCalls(Transport transport) {
    this.transport = transport;
  }

  /** Removes the user's entry from a period ({@code period} null for the current one). */
  @Operation("removeEntry")
  public RemovedEntry removeEntry(String board, String userId, String period) {
    return transport.send(Call.of("removeEntry", "DELETE", "/v1/boards/{}/users/{}", board, userId)
        .param("period", period), RemovedEntry.class);
  }

  /** The user's entries, ban and held entries as moderation sees them. */
  @Operation("moderatedUser")
  public ModeratedUser moderatedUser(String userId) {
    return transport.send(Call.of("moderatedUser", "GET", "/v1/users/{}", userId), ModeratedUser.class);
  }

  /** Erases the user everywhere: entries, event records, friends, archived rows, rewards. */
  @Operation("eraseUser")
  public Erasure eraseUser(String userId) {
    return transport.send(Call.of("eraseUser", "DELETE", "/v1/users/{}", userId), Erasure.class);
  }

  /** Everything the service holds about the user, as one document (an admin key, or the user's own player token). */
  @Operation("exportUser")
  public UserExport exportUser(String userId) {
    return transport.send(Call.of("exportUser", "GET", "/v1/users/{}/export", userId), UserExport.class);
  }

  /** Bans the user: their entries are held back and their events refused. */
  @Operation("banUser")
  public BanResult banUser(String userId, String reason) {
    return transport.send(Call.of("banUser", "PUT", "/v1/users/{}/ban", userId).body(Map.of("reason", reason)),
        BanResult.class);
  }

  /** Lifts the user's ban, restoring the entries it held; {@code reason} may be null. */
  @Operation("liftBan")
  public LiftResult liftBan(String userId, String reason) {
    return transport.send(Call.of("liftBan", "DELETE", "/v1/users/{}/ban", userId)
        .body(reason == null ? Map.of() : Map.of("reason", reason)), LiftResult.class);
  }
}
