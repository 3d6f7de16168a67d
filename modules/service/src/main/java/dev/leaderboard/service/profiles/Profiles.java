package dev.leaderboard.service.profiles;

import dev.leaderboard.core.BusAddresses;
import dev.leaderboard.core.Names;
import dev.leaderboard.core.Profile;
import dev.leaderboard.core.Refusal;
import dev.leaderboard.service.moderation.BanRegistry;
import dev.leaderboard.service.result.UserProfile;
import dev.leaderboard.store.moderation.Ban;
import dev.leaderboard.store.profiles.ProfileStore;
import io.vertx.core.Future;
import io.vertx.core.eventbus.EventBus;
import io.vertx.core.json.JsonObject;
import java.util.function.UnaryOperator;

/**
 * Players' profiles ({@link Profile}): read, replaced, changed field by field, and removed by an
 * erasure. A change is read, merged and stored only if the profile is still the one read
 * ({@link ProfileStore#swap}), so concurrent changes of different fields never lose one another.
 * Every change is announced on {@link BusAddresses#PROFILE_CHANGED} (the live streams show it).
 * While the user is being erased, changes are refused with 409 {@code erasure_under_way}.
 *
 * @param cache the node's kept profiles: a change forgets the user there before it is answered
 */
public record Profiles(ProfileStore store, ProfileCache cache, BanRegistry bans, EventBus bus) {
  /** Swaps tried before a change that keeps racing others gives up (503 {@code overloaded}, retry). */
  static final int MAX_SWAPS = 16;

  public Future<UserProfile> get(String userId) {
    Names.id("userId", userId);
    return store.get(userId).map(text -> {
      if (text == null) {
        throw Refusal.PROFILE_NOT_FOUND.exception(userId);
      }
      return UserProfile.of(userId, new JsonObject(text));
    });
  }

  /** Replaces the whole profile (creates it when there is none). */
  public Future<UserProfile> put(String userId, JsonObject body) {
    Names.id("userId", userId);
    JsonObject profile = Profile.replace(body);
    notErasing(userId);
    return store.put(userId, profile.encode()).map(v -> changed(userId, profile));
  }

  /** Changes the fields {@code body} names ({@code null}: removes the field); creates the profile when there is none. */
  public Future<UserProfile> patch(String userId, JsonObject body) {
    Names.id("userId", userId);
    Profile.patch(new JsonObject(), body);
    notErasing(userId);
    return swap(userId, current -> Profile.patch(current == null ? new JsonObject() : current, body), 0);
  }

  /** Removes the display name (an admin's reset of an offensive name); 404 when the user has no profile. */
  public Future<UserProfile> resetName(String userId) {
    Names.id("userId", userId);
    notErasing(userId);
    return swap(userId, current -> {
      if (current == null) {
        throw Refusal.PROFILE_NOT_FOUND.exception(userId);
      }
      current.remove(Profile.DISPLAY_NAME);
      return current;
    }, 0);
  }

  /** Removes the profile (erasure); {@code true} when there was one. */
  public Future<Boolean> erase(String userId) {
    return store.remove(userId).map(removed -> {
      cache.forget(userId);
      if (removed) {
        bus.publish(BusAddresses.PROFILE_CHANGED, new JsonObject().put("userId", userId));
      }
      return removed;
    });
  }

  private Future<UserProfile> swap(String userId, UnaryOperator<JsonObject> change, int tries) {
    if (tries >= MAX_SWAPS) {
      return Future.failedFuture(Refusal.OVERLOADED.exception("the profile of user '" + userId
          + "' keeps changing under this change"));
    }
    return store.get(userId).compose(text -> {
      JsonObject next = change.apply(text == null ? null : new JsonObject(text));
      return store.swap(userId, text, next.encode()).compose(swapped -> swapped
          ? Future.succeededFuture(changed(userId, next))
          : swap(userId, change, tries + 1));
    });
  }

  private void notErasing(String userId) {
    Ban ban = bans.ban(userId);
    if (ban != null && ban.erasing()) {
      throw Refusal.ERASURE_UNDER_WAY.exception(userId);
    }
  }

  private UserProfile changed(String userId, JsonObject profile) {
    cache.forget(userId);
    bus.publish(BusAddresses.PROFILE_CHANGED, new JsonObject().put("userId", userId));
    return UserProfile.of(userId, profile);
  }
}
