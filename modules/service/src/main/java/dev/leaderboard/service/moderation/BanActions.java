package dev.leaderboard.service.moderation;

import dev.leaderboard.core.Refusal;
import dev.leaderboard.service.reads.ModerationTargets;
import dev.leaderboard.core.Names;
import dev.leaderboard.service.request.BanRequest;
import dev.leaderboard.service.reads.Entries;
import dev.leaderboard.store.moderation.Ban;
import dev.leaderboard.store.moderation.ModerationStore.Op;
import dev.leaderboard.store.moderation.ModerationStore.Outcome;
import dev.leaderboard.store.moderation.ModerationStore;
import io.vertx.core.Future;
import java.time.Clock;
import java.util.Objects;
import java.util.List;
import java.util.stream.IntStream;
import dev.leaderboard.service.result.BanChange;
import dev.leaderboard.service.result.ModeratedEntry;

/**
 * Ban and lift. A ban is stored first (so every node refuses the user's events from its notice on),
 * then each live partition holding the user moves the entry into its stash and marks the user
 * banned, atomically; a lift moves the stashes back first and drops the ban last. Either order
 * leaves a state that running the same action again completes after a crash.
 */
public record BanActions(ModerationStore store, BanRegistry bans, ModerationTargets targets, Clock clock) {
  public Future<BanChange> ban(String userId, BanRequest body) {
    Names.id("userId", userId);
    String reason = Objects.requireNonNullElseGet(body, () -> new BanRequest(null)).reason();
    return unlessErasing(userId).compose(old -> {
      Ban ban = new Ban(reason, old == null ? clock.millis() : old.since(), false);
      return store.putBan(userId, ban).compose(v -> {
        bans.changed(userId, ban);
        return targets.live();
      }).compose(live -> store.apply(Op.BAN, userId, ModerationTargets.targets(live))
          .map(outcomes -> BanChange.banned(userId, ban.reason(), ban.since(), ModerationTargets.changed(live, outcomes))));
    });
  }

  public Future<BanChange> lift(String userId) {
    Names.id("userId", userId);
    return unlessErasing(userId).compose(old -> {
      if (old == null) {
        throw Refusal.NOT_BANNED.exception(userId);
      }
      return targets.live().compose(live -> store.apply(Op.LIFT, userId, ModerationTargets.targets(live))
          .compose(outcomes -> store.dropBan(userId).map(v -> {
            bans.changed(userId, null);
            return BanChange.lifted(userId, restored(live, outcomes));
          })));
    });
  }

  /** The entries a lift put back, with their scores and times as they were. */
  private static List<ModeratedEntry> restored(List<ModerationTargets.Hot> live, List<Outcome> outcomes) {
    return IntStream.range(0, live.size()).filter(i -> outcomes.get(i).changed())
        .mapToObj(i -> Entries.moderated(live.get(i), outcomes.get(i).entry())).toList();
  }

  /** The user's stored ban ({@code null}: none); 409 while the user is being erased. */
  private Future<Ban> unlessErasing(String userId) {
    return store.ban(userId).map(old -> {
      if (old != null && old.erasing()) {
        throw Refusal.ERASURE_UNDER_WAY.exception(userId);
      }
      return old;
    });
  }
}
