package dev.leaderboard.app;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Every link from README.md and the pages under docs/ to a file of the repository names a file that
 * exists, and a link to a heading (the part after {@code #}) a heading of that page, as GitHub names
 * its anchors: pages move and headings change, and a reader lands nowhere.
 */
class DocLinksTest {
  private static final Path ROOT = DeploymentManifestTest.ROOT;
  private static final Pattern LINK = Pattern.compile("\\]\\(([^)\\s]+)\\)");
  private static final Pattern HEADING = Pattern.compile("^#+ (.+)$");

  @Test
  void everyLinkReachesItsFileAndHeading() throws IOException {
    List<Path> pages = new ArrayList<>(List.of(ROOT.resolve("README.md")));
    try (Stream<Path> files = Files.list(ROOT.resolve("docs"))) {
      files.filter(p -> p.toString().endsWith(".md")).sorted().forEach(pages::add);
    }
    List<String> broken = new ArrayList<>();
    int links = 0;
    for (Path page : pages) {
      Matcher m = LINK.matcher(Files.readString(page, StandardCharsets.UTF_8));
      while (m.find()) {
        String link = m.group(1);
        if (link.matches("^[a-z]+:.*")) {
          continue;
        }
        links++;
        int hash = link.indexOf('#');
        String file = hash < 0 ? link : link.substring(0, hash);
        Path target = file.isEmpty() ? page : page.getParent().resolve(file).normalize();
        if (!Files.exists(target)) {
          broken.add(page.getFileName() + ": " + link + " (no such file)");
        } else if (hash >= 0 && target.toString().endsWith(".md") && !anchors(target).contains(link.substring(hash + 1))) {
          broken.add(page.getFileName() + ": " + link + " (no such heading)");
        }
      }
    }
    assertThat(links).as("links found").isGreaterThan(50);
    assertThat(broken).as("links that lead nowhere").isEmpty();
  }

  /** GitHub's anchors of a page's headings (outside code blocks). */
  private static Set<String> anchors(Path page) throws IOException {
    Set<String> anchors = new HashSet<>();
    boolean code = false;
    for (String line : Files.readAllLines(page, StandardCharsets.UTF_8)) {
      if (line.startsWith("```")) {
        code = !code;
      }
      Matcher m = HEADING.matcher(line);
      if (!code && m.matches()) {
        anchors.add(m.group(1).strip().toLowerCase(Locale.ROOT).replaceAll("[^\\p{L}\\p{N} _-]", "").replace(' ', '-'));
      }
    }
    return anchors;
  }
}
