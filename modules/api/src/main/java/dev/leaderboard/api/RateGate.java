package dev.leaderboard.api;

import dev.leaderboard.api.auth.Access;
import dev.leaderboard.api.auth.Caller;
import dev.leaderboard.api.limit.RateLimiter;
import dev.leaderboard.api.limit.RateLimits;
import dev.leaderboard.core.Refusal;
import io.vertx.core.Handler;
import io.vertx.core.http.HttpHeaders;
import io.vertx.ext.web.RoutingContext;
import java.util.Set;

/**
 * The rate limits, right after {@link dev.leaderboard.api.auth.AccessGate} has let a request
 * through: a request takes a token from its caller's bucket of the limit its operation counts
 * against (its scope for a key or a player, {@value RateLimits#PUBLIC} for a public read), or is answered 429
 * {@code rate_limited} with {@code Retry-After} (whole seconds until a token is there) before
 * anything of it is done. Open operations are not limited.
 *
 * @param opened the operations this node serves without a credential
 */
record RateGate(RateLimiter limiter, Set<String> opened) {
  Handler<RoutingContext> handler(Access access) {
    if (access.open() || opened.contains(access.operationId()) || limiter.limits().off()) {
      return RoutingContext::next;
    }
    String scope = access.scope().wireName();
    return ctx -> {
      Caller caller = Caller.of(ctx);
      String limit = caller.anonymous() ? RateLimits.PUBLIC : scope;
      // kind and ID: a player's user ID may look like a key's ID
      long wait = limiter.admit(limit, caller.toString());
      if (wait == 0) {
        ctx.next();
      } else {
        refuse(ctx, limit, caller, wait);
      }
    };
  }

  private void refuse(RoutingContext ctx, String limit, Caller caller, long waitNanos) {
    long seconds = Math.max(1, (waitNanos + 999_999_999L) / 1_000_000_000L);
    String per = caller.anonymous() ? "client address" : Caller.PLAYER.equals(caller.kind()) ? "player" : "API key";
    ctx.response().putHeader(HttpHeaders.RETRY_AFTER, Long.toString(seconds));
    FailureHandler.error(ctx, Refusal.RATE_LIMITED.exception(limit, limiter.limits().rate(limit), per, seconds)
        .with("limit", limit));
  }
}
