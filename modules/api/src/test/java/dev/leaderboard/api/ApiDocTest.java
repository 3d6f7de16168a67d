package dev.leaderboard.api;

import static org.assertj.core.api.Assertions.assertThat;

import dev.leaderboard.testing.MarkdownTable;
import dev.leaderboard.core.Refusal;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.yaml.snakeyaml.Yaml;

/**
 * docs/api.md against the contract and the code: its table of operations is every {@code operationId}
 * of {@code openapi.yaml}, and its table of errors and the contract's {@code Error.error.x-codes} are
 * the catalogue of refusals ({@link Refusal}: every error code the main code answers), code and status.
 */
class ApiDocTest {
  private static final Path ROOT = Path.of(System.getProperty("leaderboard.repo.root", "../.."));
  private static final Path API_DOC = ROOT.resolve("docs/api.md");
  private static final Pattern TICKED = Pattern.compile("^`([A-Za-z_]+)`$");

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
  void theContractListsEveryErrorCodeOfTheCatalogueWithItsStatus() {
    assertThat(contractCodes()).as("openapi.yaml's Error.error.x-codes against the catalogue of refusals (Refusal)")
        .isEqualTo(catalogue());
  }

  @Test
  void theErrorsTableIsTheCatalogue() {
    Map<String, Integer> documented = new TreeMap<>();
    for (List<String> row : MarkdownTable.rows(API_DOC, "## Errors")) {
      documented.put(row.get(0).replace("`", ""), Integer.parseInt(row.get(1)));
    }
    assertThat(documented).as("docs/api.md, '## Errors', against the catalogue of refusals (Refusal)")
        .isEqualTo(catalogue());
  }

  /** Every code the API answers, with its status. */
  static Map<String, Integer> catalogue() {
    Map<String, Integer> codes = new TreeMap<>();
    for (Refusal r : Refusal.values()) {
      codes.put(r.code(), r.status());
    }
    return codes;
  }

  private static Map<String, Integer> contractCodes() {
    Map<String, Object> error = map(map(map(map(openApi().get("components")).get("schemas")).get("Error")).get("properties"));
    Map<String, Integer> codes = new TreeMap<>();
    map(map(error.get("error")).get("x-codes")).forEach((code, status) -> codes.put(code, (Integer) status));
    return codes;
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
