package dev.leaderboard.client;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.InputStream;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;
import org.yaml.snakeyaml.Yaml;

/**
 * Every operation of the node's openapi.yaml has exactly one client method naming it
 * ({@link Operation}), on one of the call groups {@link LeaderboardClient} hands out, and no client
 * method names an operation the API does not have.
 */
class OperationCoverageTest {

  @Test
  void everyOperationOfTheApiHasOneClientMethod() throws IOException {
    TreeSet<String> api = operationIds();
    Map<String, String> client = clientMethods();
    assertThat(api).as("operations of openapi.yaml").hasSizeGreaterThan(50);
    assertThat(client.keySet()).as("operations the client calls").containsExactlyElementsOf(api);
  }

  @Test
  void eachGroupHoldsTheOperationsOfOneTag() throws IOException {
    Map<String, String> tags = operationTags();
    clientMethods().forEach((operation, group) -> assertThat(group.toLowerCase())
        .as("the group of %s (tag %s)", operation, tags.get(operation))
        .startsWith(tags.get(operation).replaceAll("s$", "").toLowerCase()));
  }

  /** operationId → the call group class holding its method; fails on an operation named twice. */
  private static Map<String, String> clientMethods() {
    Map<String, String> out = new TreeMap<>();
    for (Method group : LeaderboardClient.class.getDeclaredMethods()) {
      if (!Modifier.isPublic(group.getModifiers()) || Modifier.isStatic(group.getModifiers())) {
        continue;
      }
      for (Method m : group.getReturnType().getDeclaredMethods()) {
        Operation op = m.getAnnotation(Operation.class);
        if (op != null) {
          assertThat(Modifier.isPublic(m.getModifiers())).as(m.toString()).isTrue();
          String before = out.put(op.value(), group.getReturnType().getSimpleName());
          assertThat(before).as("%s is named by one method only", op.value()).isNull();
        }
      }
    }
    return out;
  }

  private static TreeSet<String> operationIds() throws IOException {
    return new TreeSet<>(operationTags().keySet());
  }

  @SuppressWarnings("unchecked")
  private static Map<String, String> operationTags() throws IOException {
    Map<String, String> out = new TreeMap<>();
    try (InputStream in = OperationCoverageTest.class.getResourceAsStream("/openapi.yaml")) {
      assertThat(in).as("the node's openapi.yaml on the test class path").isNotNull();
      Map<String, Object> doc = new Yaml().load(in);
      Map<String, Map<String, Object>> paths = (Map<String, Map<String, Object>>) doc.get("paths");
      paths.values().forEach(item -> item.forEach((method, op) -> {
        if (op instanceof Map<?, ?> operation && operation.containsKey("operationId")) {
          out.put((String) operation.get("operationId"), ((java.util.List<String>) operation.get("tags")).get(0));
        }
      }));
    }
    return out;
  }
}
