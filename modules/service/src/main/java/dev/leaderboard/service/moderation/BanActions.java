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
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.time.Clock;
import java.util.Objects;
import java.util.List;

/**
 * Ban and lift. A ban is stored first (so every node refuses the user's events from its notice on),
 * then each live partition holding the user moves the entry into its stash and marks the user
 * banned, atomically; a lift moves the stashes back first and drops the ban last. Either order
 * leaves a state that running the same action again completes after a crash.
 */
public final class BanActions {

  private final ModerationStore store;
  private final BanRegistry bans;
  private final ModerationTargets targets;
  private final Clock clock;

  public BanActions(ModerationStore store, BanRegistry bans, ModerationTargets targets, Clock clock) {
    this.store = store;
    this.bans = bans;
    this.targets = targets;
    this.clock = clock;
  }

  public Future<JsonObject> ban(String userId, BanRequest body) {
    Names.id("userId", userId);
    String reason = Objects.requireNonNullElseGet(body, () -> new BanRequest(null)).reason();
    return unlessErasing(userId).compose(old -> {
      Ban ban = new Ban(reason, old == null ? clock.millis() : old.since(), false);
      return store.putBan(userId, ban).compose(v -> {
        bans.changed(userId, ban);
        return targets.live();
      }).compose(live -> store.apply(Op.BAN, userId, ModerationTargets.targets(live)).map(outcomes -> {
        JsonArray held = new JsonArray();
        for (int i = 0; i < live.size(); i++) {
          if (outcomes.get(i).changed()) {
            held.add(live.get(i).toJson());
          }
        }
        return new JsonObject().put("userId", userId).put("banned", true).put("reason", ban.reason())
            .put("since", ban.since()).put("held", held);
      }));
    });
  }

  public Future<JsonObject> lift(String userId) {
    Names.id("userId", userId);
    return unlessErasing(userId).compose(old -> {
      if (old == null) {
        throw Refusal.NOT_BANNED.exception(userId);
      }
      return targets.live().compose(live -> store.apply(Op.LIFT, userId, ModerationTargets.targets(live))
          .compose(outcomes -> store.dropBan(userId).map(v -> {
            bans.changed(userId, null);
            return new JsonObject().put("userId", userId).put("banned", false).put("restored", restored(live, outcomes));
          })));
    });
  }

  /** The entries a lift put back, with their scores and times as they were. */
  private static JsonArray restored(List<ModerationTargets.Hot> live, List<Outcome> outcomes) {
    JsonArray out = new JsonArray();
    for (int i = 0; i < live.size(); i++) {
      Outcome o = outcomes.get(i);
      if (o.changed()) {
        ModerationTargets.Hot h = live.get(i);
        out.add(Entries.describe(h.board(), h.period(), o.entry(), h.toJson()));
      }
    }
    return out;
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
