package dev.leaderboard.service.profiles;

import dev.leaderboard.service.result.Answer;
import dev.leaderboard.service.result.Listing;
import dev.leaderboard.store.profiles.ProfileStore;
import io.vertx.core.Future;

/**
 * Shows the listed users' profiles on a read, as they are when the read's answer is known: the node's
 * {@link ProfileCache}, which reads those it does not hold in one round of {@link ProfileStore#read}
 * (a pipelined batch per node) after the read; none when it lists nobody.
 * Requests that share one answer (the reads of a merged round hand the same answer to every request
 * that asked for the same page) share its join too: one read of the profiles and one joined answer,
 * which the HTTP edge then encodes once.
 */
public record ProfileJoin(ProfileCache profiles) {
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
      // an answer is built without profiles: with none to show it stands as it is
      Future<A> joined = profiles.getAll(answer.listed()).map(found -> found.isEmpty() ? answer
          : answer.withProfiles(found));
      last[0] = answer;
      last[1] = joined;
      return joined;
    });
  }
}
