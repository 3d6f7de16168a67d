package dev.leaderboard.api;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.leaderboard.api.auth.Access;
import dev.leaderboard.api.auth.PlayerRule;
import dev.leaderboard.api.auth.Scope;
import dev.leaderboard.embedded.TestShards;
import io.vertx.core.Vertx;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.json.JsonObject;
import io.vertx.ext.web.Route;
import io.vertx.ext.web.client.HttpResponse;
import io.vertx.ext.web.client.WebClient;
import io.vertx.ext.web.openapi.router.RouterBuilder;
import io.vertx.junit5.VertxExtension;
import io.vertx.json.schema.SchemaRepository;
import io.vertx.openapi.contract.Location;
import io.vertx.openapi.contract.OpenAPIContract;
import io.vertx.openapi.contract.OpenAPIVersion;
import io.vertx.openapi.contract.Operation;
import io.vertx.openapi.contract.Parameter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.yaml.snakeyaml.Yaml;

/**
 * {@code openapi.yaml} is the router's contract ({@link ContractRouter}): every route is an operation
 * of the document, so the (method, path) pairs and each route's accepted query parameters agree by
 * construction. These tests check the document itself, and over HTTP that every documented operation
 * is routed to its handler and that each route refuses what the document does not declare. No service
 * is deployed (only the node's API keys, so that requests pass the access check with the test admin
 * key): the router and the query check answer before a handler needs it.
 */
@ExtendWith(VertxExtension.class)
class OpenApiContractTest {
  private static final Set<String> METHODS = Set.of("get", "put", "post", "delete", "patch", "head", "options", "trace");
  private static final Pattern PATH_PARAM = Pattern.compile("\\{([^}]+)}");
  private static final Map<String, String> SAMPLES = Map.of("board", "contract-board", "userId", "u1",
      "friendId", "u2", "period", "2025-04-15");

  private HttpApiVerticle api;
  private WebClient client;
  private Map<String, Object> doc;
  private OpenAPIContract contract;

  @BeforeEach
  void deploy(Vertx vertx) throws Exception {
    api = new HttpApiVerticle(HttpApiVerticle.Options.of(0));
    ApiTestSupport.deployKeys(vertx, TestShards.endpoints()).compose(keys -> vertx.deployVerticle(api))
        .await(20, TimeUnit.SECONDS);
    client = ApiTestSupport.asAdmin(WebClient.create(vertx));
    doc = new Yaml().load(OperationRoutes.readOpenApi().toString());
    contract = ContractRouter.loadContract(vertx).await(20, TimeUnit.SECONDS);
  }

  @Test
  void isAValidOpenApi3Document(Vertx vertx) throws Exception {
    assertThat(String.valueOf(doc.get("openapi"))).startsWith("3.");
    // against the OpenAPI 3.0 JSON schema, the whole document (the router's contract leaves out the
    // response media types the library cannot validate, see ContractRouter)
    JsonObject json = new JsonObject(doc);
    OpenAPIVersion version = OpenAPIVersion.fromContract(json);
    assertThat(version).isEqualTo(OpenAPIVersion.V3_0);
    SchemaRepository repository = version.getRepository(vertx, "app://").await(20, TimeUnit.SECONDS);
    version.validateContract(vertx, repository, json).await(20, TimeUnit.SECONDS).checkValidity();
    List<String> refs = new ArrayList<>();
    collectRefs(doc, refs);
    assertThat(refs).isNotEmpty();
    refs.forEach(ref -> resolve(Map.of("$ref", ref)));
  }

  /** Every route but the dashboard's files ({@link Dashboard}: the page, not the API). */
  @Test
  void everyRouteIsADocumentedOperation() {
    List<Route> routes = api.router().getRoutes().stream()
        .filter(r -> r.getPath() != null && !r.getPath().equals("/") && !r.getPath().startsWith("/ui/")).toList();
    for (Route route : routes) {
      assertThat(route.<Operation>getMetadata(RouterBuilder.KEY_META_DATA_OPERATION))
          .as("operation of route %s %s", route.methods(), route.getPath()).isNotNull();
    }
    assertThat(routes).hasSize(contract.operations().size());
  }

  @Test
  void everyDocumentedOperationAnswers() {
    Set<String> unrouted = new TreeSet<>();
    for (Operation op : contract.operations()) {
      HttpResponse<Buffer> r = send(op, "");
      boolean json = String.valueOf(r.getHeader("Content-Type")).startsWith("application/json");
      String error = json ? r.bodyAsJsonObject().getString("error") : null;
      if ("not_found".equals(error) || "method_not_allowed".equals(error)) {
        unrouted.add(name(op) + ": " + r.statusCode() + " " + r.bodyAsString());
      }
    }
    assertThat(unrouted).as("documented operations the router does not route").isEmpty();
  }

  @Test
  void anUndeclaredQueryParameterIsRefusedNamingIt() {
    for (Operation op : contract.operations()) {
      String path = op.getOpenAPIPath();
      Set<String> declared = parameters(path, documented().get(op.getHttpMethod() + " " + path), "query").keySet();
      HttpResponse<Buffer> r = send(op, "?zzUnknown=1");
      ApiTestSupport.assertError(r, 400, "invalid_field", "zzUnknown is not a query parameter of this route",
          declared.isEmpty() ? "(it takes none)" : "(allowed: " + String.join(", ", declared) + ")");
    }
  }

  @Test
  void everyDeclaredQueryParameterIsAcceptedOnceAndRefusedTwice() {
    for (Operation op : contract.operations()) {
      for (Parameter p : op.getParameters()) {
        if (p.getIn() != Location.QUERY) {
          continue;
        }
        Object sample = p.getSchema().get("default") != null ? p.getSchema().get("default") : p.getSchema().get("example");
        assertThat(sample).as("default or example of %s in %s", p.getName(), name(op)).isNotNull();
        String query = p.getName() + "=" + sample;
        HttpResponse<Buffer> once = send(op, "?" + query);
        assertThat(once.bodyAsString()).as("%s?%s", name(op), query).doesNotContain("query parameter");
        ApiTestSupport.assertError(send(op, "?" + query + "&" + query), 400, "invalid_field",
            p.getName() + " must be given at most once");
      }
    }
  }

  @Test
  void everyOperationDeclaresTheScopeItNeedsAndWhetherPlayersMayCallIt() {
    Map<String, Object> schemes = map(map(doc.get("components")).get("securitySchemes"));
    assertThat(map(schemes.get("apiKey"))).containsEntry("type", "http").containsEntry("scheme", "bearer");
    assertThat(map(schemes.get("playerToken"))).containsEntry("type", "http").containsEntry("scheme", "bearer")
        .containsEntry("bearerFormat", "JWT");
    assertThat(doc.get("security")).as("the document's default security").isEqualTo(List.of(Map.of("apiKey", List.of())));
    Set<String> open = new TreeSet<>();
    Map<String, String> players = new TreeMap<>();
    for (Operation op : contract.operations()) {
      Access access = ContractRouter.access(op);
      Object security = documented().get(op.getHttpMethod() + " " + op.getOpenAPIPath()).get("security");
      if (access.open()) {
        open.add(op.getOpenAPIPath());
        assertThat(security).as("security of open %s", name(op)).isEqualTo(List.of());
      } else if (access.forPlayers()) {
        players.put(op.getOperationId(), access.player().wireName());
        assertThat(security).as("security of %s (x-player: an API key or a player token)", name(op))
            .isEqualTo(List.of(Map.of("apiKey", List.of()), Map.of("playerToken", List.of())));
      } else {
        assertThat(security).as("security of %s (the document's default: an API key)", name(op)).isNull();
      }
      if (!access.open()) {
        Map<String, Object> codes = map(documented().get(op.getHttpMethod() + " " + op.getOpenAPIPath()).get("responses"));
        assertThat(codes).as("responses of %s", name(op)).containsKeys("401", "403");
      }
      if (op.getOpenAPIPath().startsWith("/v1/")) {
        assertThat(access.scope()).as("scope of %s", name(op)).isNotNull();
      }
      if (op.getOpenAPIPath().startsWith("/v1/keys")) {
        assertThat(access.scope()).as("scope of %s", name(op)).isEqualTo(Scope.ADMIN);
      }
      if (access.scope() == Scope.ADMIN) {
        assertThat(access.player()).as("players call admin operation %s only about themselves", name(op))
            .isIn(null, PlayerRule.OWN_USER);
      }
    }
    assertThat(open).as("operations open to everyone").containsExactlyInAnyOrder("/health/live", "/health/ready");
    assertThat(players).as("what players may call, and how").isEqualTo(new TreeMap<>(Map.ofEntries(
        Map.entry("listBoards", "any"), Map.entry("getBoard", "any"), Map.entry("entries", "any"),
        Map.entry("user", "any"), Map.entry("around", "any"), Map.entry("ranks", "any"), Map.entry("periods", "any"),
        Map.entry("histogram", "any"),
        Map.entry("scoreAtRank", "any"),
        Map.entry("rankOfScore", "any"),
        Map.entry("openApi", "any"), Map.entry("submit", "own-event"), Map.entry("friendBoard", "own-user"),
        Map.entry("friends", "own-user"), Map.entry("importFriends", "own-user"), Map.entry("addFriend", "own-user"),
        Map.entry("removeFriend", "own-user"),
        Map.entry("streamTicket", "any"), Map.entry("stream", "any"), Map.entry("join", "own-join"),
        Map.entry("participants", "any"), Map.entry("userCohort", "any"), Map.entry("cohort", "any"),
        Map.entry("userBoards", "own-user"), Map.entry("history", "any"),
        Map.entry("userRewards", "own-user"), Map.entry("claimReward", "own-user"), Map.entry("listLeagues", "any"),
        Map.entry("getLeague", "any"), Map.entry("leagueUser", "own-user"),
        Map.entry("leagueHistory", "own-user"), Map.entry("leagueTiers", "any"), Map.entry("leagueCohort", "any"),
        Map.entry("leaguePeriods", "any"), Map.entry("leagueMoves", "any"), Map.entry("exportUser", "own-user"),
        Map.entry("getProfile", "any"), Map.entry("putProfile", "own-user"), Map.entry("patchProfile", "own-user"))));
  }

  @Test
  void aPlayerRuleMustFitItsOperation() {
    assertThat(Access.declared("op", "read", null, "/v1/boards/{board}").forPlayers()).isFalse();
    assertThat(Access.declared("op", "read", "any", "/v1/boards").player()).isEqualTo(PlayerRule.ANY);
    assertThatThrownBy(() -> Access.declared("op", "admin", "any", "/v1/boards/{board}"))
        .hasMessageContaining("players never call admin operations, but about their own user (own-user)");
    assertThat(Access.declared("op", "admin", "own-user", "/v1/users/{userId}/export").player())
        .isEqualTo(PlayerRule.OWN_USER);
    assertThatThrownBy(() -> Access.declared("op", "friends", "own-user", "/v1/boards"))
        .hasMessageContaining("own-user, but its path has no {userId}");
    assertThatThrownBy(() -> Access.declared("op", "read", "everyone", "/v1/boards"))
        .hasMessageContaining("x-player of op must be one of any, own-user, own-event, own-join (got everyone)");
  }

  @Test
  void pathParametersMatchThePathTemplate() {
    documented().forEach((operation, op) -> {
      String path = operation.substring(operation.indexOf(' ') + 1);
      Set<String> inPath = new TreeSet<>();
      Matcher m = PATH_PARAM.matcher(path);
      while (m.find()) {
        inPath.add(m.group(1));
      }
      assertThat(parameters(path, op, "path").keySet()).as("path parameters of %s", operation).isEqualTo(inPath);
      parameters(path, op, "path").values().forEach(p ->
          assertThat(p.get("required")).as("path parameter %s of %s is required", p.get("name"), operation).isEqualTo(true));
    });
  }

  @Test
  void everyOperationDocumentsASuccessAndItsErrorsUseTheErrorSchema() {
    Map<String, Object> components = map(doc.get("components"));
    Map<String, Object> responses = map(components.get("responses"));
    responses.forEach((name, r) -> assertThat(String.valueOf(r)).as("response %s", name)
        .contains("#/components/schemas/Error"));
    documented().forEach((operation, op) -> {
      Map<String, Object> codes = map(op.get("responses"));
      assertThat(codes.keySet()).as("responses of %s", operation).anyMatch(c -> c.startsWith("2"));
      codes.forEach((code, r) -> {
        if (code.startsWith("4")) {
          assertThat(String.valueOf(r)).as("%s of %s", code, operation)
              .containsAnyOf("#/components/responses/", "#/components/schemas/Error");
        }
      });
    });
  }

  /** Sends the operation's request with sample path parameters, {@code query} and no body. */
  private HttpResponse<Buffer> send(Operation op, String query) {
    String uri = PATH_PARAM.matcher(op.getOpenAPIPath()).replaceAll(m -> SAMPLES.getOrDefault(m.group(1), "x")) + query;
    try {
      return client.request(op.getHttpMethod(), api.actualPort(), "localhost", uri).send().await(20, TimeUnit.SECONDS);
    } catch (Exception e) {
      throw new AssertionError(op.getHttpMethod() + " " + uri, e);
    }
  }

  private static String name(Operation op) {
    return op.getOperationId() + " (" + op.getHttpMethod() + " " + op.getOpenAPIPath() + ")";
  }

  /** "METHOD /path" → the operation object, with the path item's parameters merged in. */
  private Map<String, Map<String, Object>> documented() {
    Map<String, Map<String, Object>> out = new TreeMap<>();
    map(doc.get("paths")).forEach((path, item) -> map(item).forEach((key, op) -> {
      if (METHODS.contains(key)) {
        out.put(key.toUpperCase(Locale.ROOT) + " " + path, map(op));
      }
    }));
    return out;
  }

  /** Name → parameter object of the operation's parameters in {@code in}, path-item ones included, refs resolved. */
  private Map<String, Map<String, Object>> parameters(String path, Map<String, Object> op, String in) {
    List<Object> all = new ArrayList<>();
    Object common = map(map(doc.get("paths")).get(path)).get("parameters");
    if (common != null) {
      all.addAll((List<?>) common);
    }
    if (op.get("parameters") != null) {
      all.addAll((List<?>) op.get("parameters"));
    }
    Map<String, Map<String, Object>> out = new LinkedHashMap<>();
    for (Object p : all) {
      Map<String, Object> param = resolve(map(p));
      if (in.equals(param.get("in"))) {
        assertThat(out.put((String) param.get("name"), param)).as("parameter %s of %s given twice", param.get("name"), path)
            .isNull();
      }
    }
    return out;
  }

  private Map<String, Object> resolve(Map<String, Object> node) {
    Object ref = node.get("$ref");
    if (ref == null) {
      return node;
    }
    Map<String, Object> target = doc;
    assertThat((String) ref).as("local reference").startsWith("#/");
    for (String part : ((String) ref).substring(2).split("/")) {
      target = map(target.get(part));
      assertThat(target).as("target of %s", ref).isNotNull();
    }
    return target;
  }

  private static void collectRefs(Object node, List<String> out) {
    if (node instanceof Map<?, ?> m) {
      m.forEach((k, v) -> {
        if ("$ref".equals(k)) {
          out.add((String) v);
        } else {
          collectRefs(v, out);
        }
      });
    } else if (node instanceof List<?> l) {
      l.forEach(v -> collectRefs(v, out));
    }
  }

  @SuppressWarnings("unchecked")
  private static Map<String, Object> map(Object o) {
    return (Map<String, Object>) o;
  }
}
