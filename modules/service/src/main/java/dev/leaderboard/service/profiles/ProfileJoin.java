package dev.leaderboard.service.profiles;

import dev.leaderboard.service.result.Answer;
import dev.leaderboard.service.result.Listing;
import dev.leaderboard.store.profiles.ProfileStore;
import io.vertx.core.Future;

/**
 * Shows the listed users' profiles on a read, as they are when the read's answer is known: one round
 * of {@link ProfileStore#getAll} (a pipelined batch per node) after the read, none when it lists
 * nobody. Profiles are read afresh every time, so a change shows on the next read everywhere.
 */
public record ProfileJoin(ProfileStore store) {
  public <A extends Answer & Listing<A>> Future<A> join(Future<A> read) {
    return read.compose(answer -> {
      if (answer.listed().isEmpty()) {
        return Future.succeededFuture(answer);
      }
      return store.getAll(answer.listed()).map(answer::withProfiles);
    });
  }
}
