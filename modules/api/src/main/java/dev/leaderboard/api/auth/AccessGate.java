package dev.leaderboard.api.auth;

import dev.leaderboard.core.LeaderboardException;
import io.vertx.core.Future;
import io.vertx.core.Handler;
import io.vertx.core.http.HttpHeaders;
import io.vertx.ext.web.RoutingContext;
import java.time.Instant;
import java.util.List;
import java.util.Locale;
import java.util.function.Function;
import java.util.function.Predicate;

/**
 * The one place that decides who the caller is and whether an operation is allowed, in front of
 * every route ({@link #handler}). The caller is the API key sent as {@code Authorization: Bearer
 * <key>}, or nobody:
 *
 * <ul>
 *   <li>open operations ({@code x-scope: none}, and the ones the node's settings open) pass;</li>
 *   <li>without a credential, only reads on a board whose definition has {@code publicReads} pass;
 *       anything else is 401 {@code unauthenticated};</li>
 *   <li>a malformed, unknown, wrong, revoked or expired key is 401 {@code unauthenticated};</li>
 *   <li>a key without the operation's scope, or limited to other boards, is 403 {@code forbidden};</li>
 *   <li>otherwise the request goes on, with the key's record under {@link #KEY}.</li>
 * </ul>
 *
 * <p>Refusals fail the request with a {@link LeaderboardException}, before its handler, so nothing
 * changes; their messages name what is missing and never contain the key.
 */
public final class AccessGate {
  /** Where the caller's {@link ApiKey} is put on the routing context ({@code null} for public reads). */
  public static final String KEY = "leaderboard.apiKey";
  private static final String BEARER = "bearer ";
  private static final String SEND = "send 'Authorization: Bearer <key>'";

  private final NodeKeys keys;
  private final Function<String, Future<Boolean>> publicReads;
  private final Predicate<String> opened;

  /**
   * @param publicReads whether a board has {@code publicReads} (false or failed for a board that does not exist)
   * @param opened whether this node opens an operation (by its ID) by its settings (metrics, the OpenAPI document)
   */
  public AccessGate(NodeKeys keys, Function<String, Future<Boolean>> publicReads, Predicate<String> opened) {
    this.keys = keys;
    this.publicReads = publicReads;
    this.opened = opened;
  }

  /** The handler that admits requests of the operation, or refuses them. */
  public Handler<RoutingContext> handler(Access access) {
    if (access.open() || opened.test(access.operationId())) {
      return RoutingContext::next;
    }
    return ctx -> check(access, ctx);
  }

  private void check(Access access, RoutingContext ctx) {
    List<String> sent = ctx.request().headers().getAll(HttpHeaders.AUTHORIZATION);
    if (sent.isEmpty()) {
      anonymous(access, ctx);
      return;
    }
    ApiKeyToken token = sent.size() == 1 ? bearer(sent.get(0)) : null;
    if (token == null) {
      ctx.fail(unauthenticated("the Authorization header must be sent once, as 'Bearer " + ApiKeyToken.FORMAT + "'"));
      return;
    }
    KeyCache cache = keys.require();
    ApiKey known = cache.cached(token.id());
    if (known != null) {
      decide(access, ctx, cache, token, known);
      return;
    }
    cache.lookup(token.id()).onComplete(ar -> {
      if (ar.failed()) {
        ctx.fail(ar.cause());
      } else {
        decide(access, ctx, cache, token, ar.result());
      }
    });
  }

  private void anonymous(Access access, RoutingContext ctx) {
    if (!access.publicOnPublicBoards()) {
      ctx.fail(unauthenticated(access.operationId() + " needs an API key; " + SEND));
      return;
    }
    String board = ctx.pathParam("board");
    publicReads.apply(board).onComplete(ar -> {
      if (ar.succeeded() && Boolean.TRUE.equals(ar.result())) {
        ctx.next();
      } else {
        ctx.fail(unauthenticated("reading board '" + board + "' needs an API key unless the board has publicReads; "
            + SEND));
      }
    });
  }

  private static void decide(Access access, RoutingContext ctx, KeyCache cache, ApiKeyToken token, ApiKey key) {
    if (key == null || !key.isKey(token)) {
      ctx.fail(unauthenticated("the API key is not valid: it is unknown, revoked or mistyped"));
    } else if (key.expiredAt(cache.clock().millis())) {
      ctx.fail(unauthenticated("the API key " + key.id() + " expired at " + Instant.ofEpochMilli(key.expiresAt())));
    } else if (!key.allows(access.scope())) {
      ctx.fail(forbidden(access.operationId() + " needs the '" + access.scope().wireName() + "' scope; key "
          + key.id() + " has " + key.scopes().stream().map(Scope::wireName).toList()));
    } else if (key.limited() && !(access.onBoard() && key.covers(ctx.pathParam("board")))) {
      ctx.fail(forbidden("key " + key.id() + " is limited to the boards " + key.boards() + "; "
          + (access.onBoard() ? "it cannot be used on board '" + ctx.pathParam("board") + "'"
              : access.operationId() + " is not on one board and needs a key for every board")));
    } else {
      ctx.put(KEY, key);
      ctx.next();
    }
  }

  /** The key of an {@code Authorization: Bearer <key>} header, or {@code null}. */
  static ApiKeyToken bearer(String header) {
    if (header.length() <= BEARER.length() || !header.substring(0, BEARER.length()).toLowerCase(Locale.ROOT).equals(BEARER)) {
      return null;
    }
    return ApiKeyToken.parse(header.substring(BEARER.length()).strip());
  }

  private static LeaderboardException unauthenticated(String message) {
    return new LeaderboardException(401, "unauthenticated", message);
  }

  private static LeaderboardException forbidden(String message) {
    return new LeaderboardException(403, "forbidden", message);
  }
}
