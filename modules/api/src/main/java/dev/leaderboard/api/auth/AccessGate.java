package dev.leaderboard.api.auth;

import dev.leaderboard.core.Board;
import dev.leaderboard.core.LeaderboardException;
import dev.leaderboard.core.Refusal;
import io.vertx.core.Future;
import io.vertx.core.Handler;
import io.vertx.core.http.HttpHeaders;
import io.vertx.core.json.JsonObject;
import io.vertx.ext.web.RoutingContext;
import java.time.Instant;
import java.util.List;
import java.util.Locale;
import java.util.function.Function;
import java.util.function.Predicate;

/**
 * The one place that decides who the caller is and whether an operation is allowed, in front of
 * every route. The credential is an API key or a player token ({@link PlayerTokens}), told apart by
 * shape. Without one, only open operations and reads of {@code publicReads} boards pass. A bad,
 * revoked or expired credential is 401 {@code unauthenticated}; a missing scope, another board, or a
 * player outside its {@code x-player} rule ({@link PlayerAccess}) is 403 {@code forbidden}. Refusals
 * come before the handler, so nothing changes, and never contain the key or token.
 */
public final class AccessGate {
  /** Where the caller's {@link ApiKey} is put on the routing context ({@code null} for public reads). */
  public static final String KEY = "leaderboard.apiKey";
  /** Where the caller's {@link Player} is put on the routing context when it sent a player token. */
  public static final String PLAYER = "leaderboard.player";
  /** Set by a guard that admitted the request by its own credential ({@link TicketGate}); passes. */
  public static final String ADMITTED = "leaderboard.admitted";
  private static final String BEARER = "bearer ";
  private static final String SEND = "send 'Authorization: Bearer <key>' (or, where players may call it, a player token)";
  private static final String FORMATS = "'Bearer " + ApiKeyToken.FORMAT + "' or 'Bearer <player token>' (a JWT: "
      + "three dot-separated Base64url parts)";

  private final NodeKeys keys;
  private final Function<String, Future<Board>> boards;
  private final Predicate<String> opened;
  private final PlayerAccess players;

  /**
   * @param boards a board's definition (failed, e.g. 404, for a board that does not exist)
   * @param body the request's body as the handlers read it (or the 400 they answer)
   * @param opened whether this node opens an operation (by its ID) by its settings (metrics, the OpenAPI document)
   */
  public AccessGate(NodeKeys keys, Function<String, Future<Board>> boards, Function<RoutingContext, JsonObject> body,
      Predicate<String> opened) {
    this.keys = keys;
    this.boards = boards;
    this.opened = opened;
    this.players = new PlayerAccess(boards, body);
  }

  public Handler<RoutingContext> handler(Access access) {
    if (access.open() || opened.test(access.operationId())) {
      return RoutingContext::next;
    }
    return ctx -> check(access, ctx);
  }

  private void check(Access access, RoutingContext ctx) {
    if (Boolean.TRUE.equals(ctx.get(ADMITTED))) {
      ctx.next();
      return;
    }
    List<String> sent = ctx.request().headers().getAll(HttpHeaders.AUTHORIZATION);
    if (sent.isEmpty()) {
      anonymous(access, ctx);
      return;
    }
    String credential = sent.size() == 1 ? bearer(sent.get(0)) : null;
    ApiKeyToken token = ApiKeyToken.parse(credential);
    if (token == null && credential != null && PlayerTokens.shaped(credential)) {
      player(access, ctx, credential);
      return;
    }
    if (token == null) {
      ctx.fail(unauthenticated("the Authorization header must be sent once, as " + FORMATS));
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
    boards.apply(board).onComplete(ar -> {
      if (ar.succeeded() && ar.result().publicReads()) {
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

  private void player(Access access, RoutingContext ctx, String jwt) {
    PlayerTokens tokens = keys.players();
    if (tokens == null) {
      ctx.fail(unauthenticated("this node takes no player tokens (it has no LB_JWT_HS256_SECRET_FILE or "
          + "LB_JWT_JWKS_FILE); " + SEND));
      return;
    }
    tokens.verify(jwt).compose(player -> players.check(access, ctx, player).map(player)).onComplete(ar -> {
      if (ar.failed()) {
        ctx.fail(ar.cause());
      } else {
        ctx.put(PLAYER, ar.result());
        ctx.next();
      }
    });
  }

  /** The credential of an {@code Authorization: Bearer <credential>} header, or {@code null}. */
  static String bearer(String header) {
    if (header.length() <= BEARER.length() || !header.substring(0, BEARER.length()).toLowerCase(Locale.ROOT).equals(BEARER)) {
      return null;
    }
    return header.substring(BEARER.length()).strip();
  }

  private static LeaderboardException unauthenticated(String message) {
    return Refusal.UNAUTHENTICATED.exception(message);
  }

  private static LeaderboardException forbidden(String message) {
    return Refusal.FORBIDDEN.exception(message);
  }
}
