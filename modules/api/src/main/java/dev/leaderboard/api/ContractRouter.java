package dev.leaderboard.api;

import dev.leaderboard.api.auth.Access;
import dev.leaderboard.api.auth.PlayerRule;
import io.vertx.core.Future;
import io.vertx.core.Handler;
import io.vertx.core.Vertx;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.json.JsonObject;
import io.vertx.ext.web.Router;
import io.vertx.ext.web.RoutingContext;
import io.vertx.ext.web.openapi.router.OpenAPIRoute;
import io.vertx.ext.web.openapi.router.RouterBuilder;
import io.vertx.openapi.contract.Location;
import io.vertx.openapi.contract.MediaType;
import io.vertx.openapi.contract.OpenAPIContract;
import io.vertx.openapi.contract.Operation;
import io.vertx.openapi.contract.Parameter;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.yaml.snakeyaml.LoaderOptions;
import org.yaml.snakeyaml.Yaml;
import org.yaml.snakeyaml.constructor.SafeConstructor;

/**
 * Builds the HTTP router from {@code openapi.yaml}, so a route cannot exist without being
 * documented: building fails when an operation has no handler, a handler names no operation, or an
 * operation declares no {@code x-scope} ({@link Access}). The library's security and validation are
 * off: the guards decide access, and the handlers check values themselves so their messages name
 * the field and the rule; unknown or repeated query parameters are refused ({@link Params#check}).
 */
final class ContractRouter {
  private final Map<String, Handler<RoutingContext>> handlers = new LinkedHashMap<>();

  /** Routes the document's operation {@code operationId} to {@code handler}. */
  ContractRouter handle(String operationId, Handler<RoutingContext> handler) {
    if (handlers.putIfAbsent(operationId, handler) != null) {
      throw new IllegalStateException("operation " + operationId + " has two handlers");
    }
    return this;
  }

  /** {@code rootHandler} (the body handler) runs before every route, then {@code guards}' handlers in order. */
  Future<Router> createRouter(Vertx vertx, Handler<RoutingContext> rootHandler,
      Function<Access, List<Handler<RoutingContext>>> guards) {
    return loadContract(vertx).map(contract -> build(vertx, contract, rootHandler, guards));
  }

  static Future<OpenAPIContract> loadContract(Vertx vertx) {
    return vertx.executeBlocking(() -> routable(parse(OperationRoutes.readOpenApi())))
        .compose(doc -> OpenAPIContract.from(vertx, doc))
        .recover(e -> Future.failedFuture(new IllegalStateException(
            OperationRoutes.OPENAPI_RESOURCE + " cannot be used to build the router: " + e.getMessage(), e)));
  }

  private Router build(Vertx vertx, OpenAPIContract contract, Handler<RoutingContext> rootHandler,
      Function<Access, List<Handler<RoutingContext>>> guards) {
    checkEveryOperationHasAHandler(contract);
    Map<String, Access> access = new LinkedHashMap<>();
    for (Operation operation : contract.operations()) {
      access.put(operation.getOperationId(), access(operation));
    }
    RouterBuilder builder = RouterBuilder.create(vertx, contract).rootHandler(rootHandler);
    for (OpenAPIRoute route : builder.getRoutes()) {
      Operation operation = route.getOperation();
      List<String> query = queryParameters(operation);
      route.setDoValidation(false).setDoSecurity(false);
      guards.apply(access.get(operation.getOperationId())).forEach(route::addHandler);
      route.addHandler(ctx -> {
            Params.check(ctx, query);
            ctx.next();
          })
          .addHandler(handlers.get(operation.getOperationId()));
    }
    return builder.createRouter();
  }

  private void checkEveryOperationHasAHandler(OpenAPIContract contract) {
    Set<String> unnamed = contract.operations().stream().filter(op -> op.getOperationId() == null)
        .map(op -> op.getHttpMethod() + " " + op.getOpenAPIPath()).collect(Collectors.toCollection(TreeSet::new));
    Set<String> documented = contract.operations().stream().map(Operation::getOperationId)
        .filter(id -> id != null).collect(Collectors.toSet());
    Set<String> missing = new TreeSet<>(documented);
    missing.removeAll(handlers.keySet());
    Set<String> unknown = new TreeSet<>(handlers.keySet());
    unknown.removeAll(documented);
    if (!unnamed.isEmpty() || !missing.isEmpty() || !unknown.isEmpty()) {
      throw new IllegalStateException(OperationRoutes.OPENAPI_RESOURCE + " and the handlers disagree: operations without "
          + "an operationId " + unnamed + ", operations without a handler " + missing
          + ", handlers of operations the document lacks " + unknown);
    }
  }

  /** What the operation declares with {@code x-scope}; an {@link IllegalStateException} when it does not. */
  static Access access(Operation operation) {
    try {
      return Access.declared(operation.getOperationId(), operation.getExtensions().get(Access.EXTENSION),
          operation.getExtensions().get(PlayerRule.EXTENSION), operation.getOpenAPIPath());
    } catch (IllegalArgumentException e) {
      throw new IllegalStateException(OperationRoutes.OPENAPI_RESOURCE + ": " + e.getMessage(), e);
    }
  }

  /** The names of the operation's query parameters (path-item ones included), in document order. */
  private static List<String> queryParameters(Operation operation) {
    return operation.getParameters().stream().filter(p -> p.getIn() == Location.QUERY).map(Parameter::getName)
        .toList();
  }

  private static JsonObject parse(Buffer yaml) {
    Map<String, Object> doc = new Yaml(new SafeConstructor(new LoaderOptions())).load(yaml.toString(StandardCharsets.UTF_8));
    return new JsonObject(doc).copy();
  }

  /**
   * The document without the response media types the library refuses (it validates only JSON, text
   * and multipart; {@code GET /openapi.yaml} answers YAML) and without security requirements (even
   * with security off the library fails every request of an operation listing two alternative
   * schemes). The library checks neither, so the routes do not change.
   */
  private static JsonObject routable(JsonObject doc) {
    doc.remove("security");
    JsonObject paths = doc.getJsonObject("paths", new JsonObject());
    paths.fieldNames().forEach(path -> paths.getJsonObject(path).forEach(item -> {
      if (item.getValue() instanceof JsonObject op) {
        op.remove("security");
        if (op.getValue("responses") instanceof JsonObject responses) {
          dropUnsupportedContent(responses);
        }
      }
    }));
    dropUnsupportedContent(doc.getJsonObject("components", new JsonObject()).getJsonObject("responses", new JsonObject()));
    return doc;
  }

  private static void dropUnsupportedContent(JsonObject responses) {
    responses.forEach(r -> {
      if (r.getValue() instanceof JsonObject response && response.getValue("content") instanceof JsonObject content) {
        content.fieldNames().removeIf(type -> !MediaType.isMediaTypeSupported(type));
      }
    });
  }
}
