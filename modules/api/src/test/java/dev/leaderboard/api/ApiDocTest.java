package dev.leaderboard.api;

import static org.assertj.core.api.Assertions.assertThat;

import dev.leaderboard.testing.MarkdownTable;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.yaml.snakeyaml.Yaml;

/**
 * docs/api.md against the contract and the code: its table of operations is every {@code operationId}
 * of {@code openapi.yaml}, its table of errors is the contract's {@code Error.error.x-codes} (code and
 * status), and those are the codes the main code answers with, found in its sources where a code is
 * given: a {@code LeaderboardException} or {@code StoreUnavailableException} made or its factories
 * called, and the HTTP layer's own error replies.
 */
class ApiDocTest {
  private static final Path ROOT = Path.of(System.getProperty("leaderboard.repo.root", "../.."));
  private static final Path API_DOC = ROOT.resolve("docs/api.md");
  private static final Pattern TICKED = Pattern.compile("^`([A-Za-z_]+)`$");
  /** A code argument: a string literal, a choice between literals, or a constant; no call, no comma. */
  private static final String ARG = "([^,()]+?)";
  private static final List<Pattern> CODE_SITES = Stream.of(
          "new (?:LeaderboardException|StoreUnavailableException)\\( ?(?:\\d{3} ?, ?)?" + ARG + " ?,",
          "LeaderboardException\\.(?:badRequest|conflict|unprocessable)\\( ?" + ARG + " ?,",
          "\\berror\\( ?ctx ?, ?[^,]+, ?" + ARG + " ?,",
          "\\brefuse(?:AndClose)?\\( ?(?:request ?, ?)?[^,()]+, ?" + ARG + " ?,",
          "\\bsuper\\( ?\\d{3} ?, ?" + ARG + " ?,",
          "\\.put\\(\"error\", ?" + ARG + " ?\\)",
          "new Rejection\\( ?[^,]+, ?" + ARG + " ?,")
      .map(Pattern::compile).toList();
  private static final Pattern LITERAL = Pattern.compile("\"([a-z_]+)\"");
  private static final Pattern CONSTANT = Pattern.compile("^(?:(\\w+)\\.)?([A-Z][A-Z0-9_]*)$");
  private static final Pattern CONSTANT_DECLARED = Pattern.compile("static final String ([A-Z][A-Z0-9_]*) = \"([a-z_]+)\";");

  @Test
  void everyOperationOfTheContractIsInTheOperationsTable() throws IOException {
    Set<String> documented = new TreeSet<>();
    for (List<String> row : MarkdownTable.rows(API_DOC, "## Operations")) {
      Matcher m = TICKED.matcher(row.get(0));
      assertThat(m.matches()).as("first cell of %s is an operationId in backticks", row).isTrue();
      assertThat(documented.add(m.group(1))).as("%s has one row", m.group(1)).isTrue();
    }
    Set<String> contract = new TreeSet<>();
    Map<String, Object> paths = map(openApi().get("paths"));
    paths.values().forEach(path -> map(path).values().forEach(op -> {
      if (op instanceof Map<?, ?> operation && operation.get("operationId") != null) {
        contract.add(String.valueOf(operation.get("operationId")));
      }
    }));
    assertThat(contract).as("operations of openapi.yaml").hasSizeGreaterThan(20);
    assertThat(contract).as("operations of openapi.yaml without a row in docs/api.md, '## Operations'")
        .isSubsetOf(documented);
    assertThat(documented).as("rows in docs/api.md, '## Operations', that openapi.yaml does not have")
        .isSubsetOf(contract);
  }

  @Test
  void everyErrorCodeOfTheContractIsInTheErrorsTableWithItsStatus() {
    Map<String, Integer> documented = new TreeMap<>();
    for (List<String> row : MarkdownTable.rows(API_DOC, "## Errors")) {
      Matcher m = TICKED.matcher(row.get(0));
      assertThat(m.matches()).as("first cell of %s is an error code in backticks", row).isTrue();
      assertThat(documented.put(m.group(1), Integer.parseInt(row.get(1)))).as("%s has one row", m.group(1)).isNull();
      assertThat(row.get(2)).as("when %s is answered", m.group(1)).isNotBlank();
    }
    Map<String, Integer> contract = contractCodes();
    assertThat(contract.keySet()).as("codes of openapi.yaml's Error.error.x-codes without a row in docs/api.md, '## Errors'")
        .isSubsetOf(documented.keySet());
    assertThat(documented.keySet()).as("rows in docs/api.md, '## Errors', for codes openapi.yaml's x-codes does not list")
        .isSubsetOf(contract.keySet());
    contract.forEach((code, status) -> assertThat(documented.get(code)).as("the status of %s", code).isEqualTo(status));
  }

  @Test
  void theContractListsEveryErrorCodeTheCodeAnswers() throws IOException {
    Set<String> used = codesInMainSources();
    // the scan must see the codes made in each way, or it would pass by seeing none
    assertThat(used).contains("invalid_field", "banned", "step_too_large", "overloaded", "write_unconfirmed",
        "rate_limited", "headers_too_large", "uri_too_long", "request_timeout", "invalid_path", "payload_too_large");
    assertThat(used).as("codes in the main code missing from openapi.yaml's Error.error.x-codes (and docs/api.md)")
        .isSubsetOf(contractCodes().keySet());
    assertThat(contractCodes().keySet()).as("codes in openapi.yaml's x-codes that no main code answers")
        .isSubsetOf(used);
  }

  private static Map<String, Integer> contractCodes() {
    Map<String, Object> error = map(map(map(map(openApi().get("components")).get("schemas")).get("Error")).get("properties"));
    Map<String, Integer> codes = new TreeMap<>();
    map(map(error.get("error")).get("x-codes")).forEach((code, status) -> codes.put(code, (Integer) status));
    return codes;
  }

  /** Every error code the main sources of all modules give where an error is made. */
  private static Set<String> codesInMainSources() throws IOException {
    Map<Path, String> sources = new HashMap<>();
    try (Stream<Path> files = Files.walk(ROOT.resolve("modules"))) {
      for (Path file : files.filter(f -> f.toString().endsWith(".java") && f.toString().contains("/src/main/java/")).toList()) {
        sources.put(file, Files.readString(file, StandardCharsets.UTF_8).replaceAll("\\s+", " "));
      }
    }
    Map<String, String> qualified = new HashMap<>();
    sources.forEach((file, text) -> {
      Matcher m = CONSTANT_DECLARED.matcher(text);
      while (m.find()) {
        qualified.put(className(file) + "." + m.group(1), m.group(2));
      }
    });
    Set<String> codes = new TreeSet<>();
    sources.forEach((file, text) -> {
      for (Pattern site : CODE_SITES) {
        Matcher m = site.matcher(text);
        while (m.find()) {
          String arg = m.group(1).strip();
          Matcher literal = LITERAL.matcher(arg);
          boolean any = false;
          while (literal.find()) {
            codes.add(literal.group(1));
            any = true;
          }
          Matcher constant = CONSTANT.matcher(arg);
          if (!any && constant.matches()) {
            String owner = constant.group(1) == null ? className(file) : constant.group(1);
            String value = qualified.get(owner + "." + constant.group(2));
            assertThat(value).as("%s: the code constant %s", file.getFileName(), arg).isNotNull();
            codes.add(value);
          }
        }
      }
    });
    return codes;
  }

  private static String className(Path file) {
    String name = file.getFileName().toString();
    return name.substring(0, name.length() - ".java".length());
  }

  private static Map<String, Object> openApi() {
    try {
      return new Yaml().load(OperationRoutes.readOpenApi().toString());
    } catch (IOException e) {
      throw new AssertionError(e);
    }
  }

  @SuppressWarnings("unchecked")
  private static Map<String, Object> map(Object o) {
    return (Map<String, Object>) o;
  }
}
