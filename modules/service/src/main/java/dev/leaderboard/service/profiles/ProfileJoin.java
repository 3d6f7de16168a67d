package dev.leaderboard.service.profiles;

import dev.leaderboard.service.result.Answer;
import dev.leaderboard.service.result.Listing;
import dev.leaderboard.store.profiles.ProfileStore;
import io.vertx.core.Future;

/**
 * Shows the listed users' profiles on a read, as they are when the read's answer is known: one round
 * of {@link ProfileStore#getAll} (a pipelined batch per node) after the read, none when it lists
 * nobody. Profiles are read afresh for every answer, so a change shows on the next read everywhere.
 * Requests that share one answer (the reads of a merged round hand the same answer to every request
 * that asked for the same page) share its join too: one read of the profiles and one joined answer,
 * which the HTTP edge then encodes once.
 */
public record ProfileJoin(ProfileStore store) {
  /** The answer this event loop joined last, and its join. */
  private static final ThreadLocal<Object[]> LAST = ThreadLocal.withInitial(() -> new Object[2]);

  public <A extends Answer & Listing<A>> Future<A> join(Future<A> read) {
    return read.compose(answer -> {
      if (answer.listed().isEmpty()) {
        return Future.succeededFuture(answer);
      }
      Object[] last = LAST.get();
      if (last[0] == answer) {
        @SuppressWarnings("unchecked")
        Future<A> shared = (Future<A>) last[1];
        return shared;
      }
      Future<A> joined = store.getAll(answer.listed()).map(answer::withProfiles);
      last[0] = answer;
      last[1] = joined;
      return joined;
    });
  }
}
