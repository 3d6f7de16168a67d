package dev.leaderboard.api;

import static org.assertj.core.api.Assertions.assertThat;

import io.vertx.core.Vertx;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpMethod;
import io.vertx.core.json.JsonObject;
import io.vertx.ext.web.Route;
import io.vertx.ext.web.client.HttpResponse;
import io.vertx.ext.web.client.WebClient;
import io.vertx.junit5.VertxExtension;
import io.vertx.json.schema.SchemaRepository;
import io.vertx.openapi.contract.OpenAPIVersion;
import java.util.ArrayList;
import java.util.Arrays;
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
 * {@code openapi.yaml} and the router must agree: the same (method, path) pairs both ways, the same
 * path parameters, and for every operation the same query parameters the handler accepts. The
 * accepted query parameters are read from the running API itself: a request with an unknown
 * parameter is refused with a message that lists the allowed ones ({@link Params}). No service is
 * deployed: those checks happen before a handler calls it.
 */
@ExtendWith(VertxExtension.class)
class OpenApiContractTest {
  private static final Set<String> METHODS = Set.of("get", "put", "post", "delete", "patch", "head", "options", "trace");
  private static final Pattern PATH_PARAM = Pattern.compile("\\{([^}]+)}");
  private static final Pattern ALLOWED = Pattern.compile("\\(allowed: ([^)]*)\\)");
  private static final Map<String, String> SAMPLES = Map.of("board", "contract-board", "userId", "u1",
      "friendId", "u2", "period", "2025-04-15");

  private Vertx vertx;
  private HttpApiVerticle api;
  private Map<String, Object> doc;

  @BeforeEach
  void deploy(Vertx vertx) throws Exception {
    this.vertx = vertx;
    api = new HttpApiVerticle(0);
    vertx.deployVerticle(api).await(20, TimeUnit.SECONDS);
    doc = new Yaml().load(OperationRoutes.readOpenApi().toString());
  }

  @Test
  void isAValidOpenApi3Document() throws Exception {
    assertThat(String.valueOf(doc.get("openapi"))).startsWith("3.");
    // against the OpenAPI 3.0 JSON schema (vertx-openapi's schemas; its OpenAPIContract would also
    // refuse media types it cannot validate at run time, such as application/yaml, so only the check)
    JsonObject contract = new JsonObject(doc);
    OpenAPIVersion version = OpenAPIVersion.fromContract(contract);
    assertThat(version).isEqualTo(OpenAPIVersion.V3_0);
    SchemaRepository repository = version.getRepository(vertx, "app://").await(20, TimeUnit.SECONDS);
    version.validateContract(vertx, repository, contract).await(20, TimeUnit.SECONDS).checkValidity();
    List<String> refs = new ArrayList<>();
    collectRefs(doc, refs);
    assertThat(refs).isNotEmpty();
    refs.forEach(ref -> resolve(Map.of("$ref", ref)));
  }

  @Test
  void everyRouteIsDocumentedAndEveryDocumentedOperationIsRouted() {
    assertThat(routed()).as("(method, path) pairs of the router vs. openapi.yaml")
        .containsExactlyInAnyOrderElementsOf(documented().keySet());
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
  void documentedQueryParametersAreExactlyTheOnesEachRouteAccepts() {
    WebClient client = WebClient.create(vertx);
    Set<String> routed = routed();
    Map<String, String> disagreements = new TreeMap<>();
    documented().forEach((operation, op) -> {
      if (!routed.contains(operation)) {
        return; // reported by everyRouteIsDocumentedAndEveryDocumentedOperationIsRouted
      }
      String method = operation.substring(0, operation.indexOf(' '));
      String path = operation.substring(operation.indexOf(' ') + 1);
      Set<String> documentedQuery = new TreeSet<>(parameters(path, op, "query").keySet());
      Set<String> accepted = accepted(client, method, path);
      if (!accepted.equals(documentedQuery)) {
        disagreements.put(operation, "route accepts " + accepted + ", openapi.yaml documents " + documentedQuery);
      }
    });
    assertThat(disagreements).as("query parameters").isEmpty();
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

  /** "METHOD /path/{param}" of every route with a path; a route without methods would take them all. */
  private Set<String> routed() {
    Set<String> out = new TreeSet<>();
    for (Route route : api.router().getRoutes()) {
      String path = route.getPath();
      if (path == null) {
        continue; // body handler, failure handler
      }
      Set<HttpMethod> methods = route.methods();
      assertThat(methods).as("methods of route %s", path).isNotNull().isNotEmpty();
      String template = path.replaceAll(":([A-Za-z0-9_]+)", "{$1}");
      methods.forEach(m -> out.add(m.name() + " " + template));
    }
    return out;
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

  /** The query parameters a route accepts, from the message that refuses an unknown one. */
  private Set<String> accepted(WebClient client, String method, String path) {
    String uri = PATH_PARAM.matcher(path).replaceAll(m -> SAMPLES.getOrDefault(m.group(1), "x")) + "?zzUnknown=1";
    HttpResponse<Buffer> r;
    try {
      r = client.request(HttpMethod.valueOf(method), api.actualPort(), "localhost", uri).send().await(20, TimeUnit.SECONDS);
    } catch (Exception e) {
      throw new AssertionError(method + " " + uri, e);
    }
    assertThat(r.statusCode()).as("%s %s: %s", method, uri, r.bodyAsString()).isEqualTo(400);
    String message = r.bodyAsJsonObject().getString("message");
    assertThat(message).as("%s %s", method, uri).startsWith("zzUnknown is not a query parameter of this route");
    if (message.contains("(it takes none)")) {
      return Set.of();
    }
    Matcher m = ALLOWED.matcher(message);
    assertThat(m.find()).as("allowed list in '%s'", message).isTrue();
    return new TreeSet<>(Arrays.asList(m.group(1).split(", ")));
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
