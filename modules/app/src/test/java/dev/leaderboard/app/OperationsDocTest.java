package dev.leaderboard.app;

import static org.assertj.core.api.Assertions.assertThat;

import dev.leaderboard.testing.MarkdownTable;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * docs/operations.md's configuration table is {@link AppConfig#VARIABLES}: every setting the node
 * reads has a row with a meaning and a default, and no row names a setting the node does not read.
 * The other pages may name only settings the node reads.
 */
class OperationsDocTest {
  private static final Path DOCS = DeploymentManifestTest.ROOT.resolve("docs");
  private static final Path OPERATIONS = DOCS.resolve("operations.md");
  /** A setting's name; {@code LB_RATE_*} and the like name a group, not a setting. */
  private static final Pattern NAME = Pattern.compile("LB_[A-Z0-9_]*[A-Z0-9](?![A-Z0-9_]*\\*)");

  @Test
  void theConfigurationTableHasEverySettingWithItsDefault() {
    TreeMap<String, List<String>> documented = new TreeMap<>();
    for (List<String> row : MarkdownTable.rows(OPERATIONS, "## Configuration")) {
      assertThat(row).as("row %s: variable, meaning, default", row).hasSize(3);
      Matcher m = NAME.matcher(row.get(0));
      boolean any = false;
      while (m.find()) {
        any = true;
        assertThat(documented.put(m.group(), row)).as("%s has one row", m.group()).isNull();
        assertThat(row.get(1)).as("the meaning of %s", m.group()).isNotBlank();
        assertThat(row.get(2)).as("the default of %s", m.group()).isNotBlank();
      }
      assertThat(any).as("row %s names a variable", row).isTrue();
    }
    assertThat(new TreeSet<>(AppConfig.VARIABLES)).as("settings the node reads without a row in %s", OPERATIONS)
        .isSubsetOf(documented.keySet());
    assertThat(documented.keySet()).as("rows in %s for settings the node does not read", OPERATIONS)
        .isSubsetOf(AppConfig.VARIABLES);
  }

  @Test
  void theDocsNameOnlySettingsTheNodeReads() throws IOException {
    List<Path> pages = new ArrayList<>(List.of(DeploymentManifestTest.ROOT.resolve("README.md")));
    try (Stream<Path> files = Files.list(DOCS)) {
      files.filter(p -> p.toString().endsWith(".md")).forEach(pages::add);
    }
    Set<String> unknown = new TreeSet<>();
    for (Path page : pages) {
      Matcher m = NAME.matcher(Files.readString(page, StandardCharsets.UTF_8));
      while (m.find()) {
        if (!AppConfig.VARIABLES.contains(m.group())) {
          unknown.add(page.getFileName() + ": " + m.group());
        }
      }
    }
    assertThat(unknown).as("LB_* names in the docs that the node does not read").isEmpty();
  }
}
