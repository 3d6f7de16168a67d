package dev.leaderboard.api;

import dev.leaderboard.api.auth.ApiKey;
import dev.leaderboard.api.auth.ApiKeyToken;
import dev.leaderboard.api.auth.KeyAdmin;
import dev.leaderboard.api.auth.KeyRequest;
import dev.leaderboard.api.auth.NodeKeys;
import dev.leaderboard.core.Refusal;
import io.vertx.core.Future;
import io.vertx.core.http.HttpHeaders;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import io.vertx.ext.web.RoutingContext;
import java.security.SecureRandom;

/**
 * API key management ({@code /v1/keys}, scope {@code admin}): create (the key is in the answer
 * once), list (never a key or its hash), revoke. The work is {@link KeyAdmin}'s; answers carry
 * {@code Cache-Control: no-store}.
 */
final class KeyRoutes {
  private final NodeKeys keys;
  private final SecureRandom random = new SecureRandom();

  private KeyRoutes(NodeKeys keys) {
    this.keys = keys;
  }

  static void mount(ContractRouter router, NodeKeys keys) {
    KeyRoutes routes = new KeyRoutes(keys);
    router.handle("createKey", routes::create);
    router.handle("listKeys", routes::list);
    router.handle("revokeKey", routes::revoke);
  }

  private void create(RoutingContext ctx) {
    KeyAdmin admin = admin();
    KeyRequest request = KeyRequest.parse(Params.body(ctx), admin.clock().millis());
    reply(ctx, 201, admin.create(request).map(issued -> {
      AuditTrail.note(ctx, "id", issued.record().id());
      return issued.record().toJson().put("key", issued.token().value());
    }));
  }

  private void list(RoutingContext ctx) {
    reply(ctx, 200, admin().list().map(all -> new JsonObject()
        .put("keys", new JsonArray(all.stream().map(ApiKey::toJson).toList()))));
  }

  private void revoke(RoutingContext ctx) {
    String id = ctx.pathParam("id");
    if (!ApiKeyToken.isId(id)) {
      throw Refusal.invalid("id", "must be 16 characters of 0-9 and a-f (the part after 'lb_')");
    }
    reply(ctx, 200, admin().revoke(id).map(revoked -> {
      if (!revoked) {
        throw Refusal.KEY_NOT_FOUND.exception(id);
      }
      return new JsonObject().put("id", id).put("revoked", true);
    }));
  }

  private KeyAdmin admin() {
    return new KeyAdmin(keys.require(), random);
  }

  private static void reply(RoutingContext ctx, int status, Future<JsonObject> answer) {
    answer.onComplete(ar -> {
      if (ar.succeeded()) {
        ctx.response().setStatusCode(status).putHeader(HttpHeaders.CACHE_CONTROL, "no-store");
        ctx.json(ar.result());
      } else {
        ctx.fail(ar.cause());
      }
    });
  }
}
