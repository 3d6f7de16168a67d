package dev.leaderboard.testing;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;

/**
 * The rows of the first table under one heading of a Markdown page, for tests that hold the docs to
 * the code. Cells are split on unescaped {@code |} and trimmed; the header and its rule are left out.
 */
public final class MarkdownTable {
  private static final Pattern CELL_BORDER = Pattern.compile("(?<!\\\\)\\|");

  private MarkdownTable() {
  }

  /**
   * The body rows of the first table in the section headed exactly {@code heading} (e.g.
   * {@code "## Configuration"}), up to the next heading of any level; fails when there is none.
   */
  public static List<List<String>> rows(Path page, String heading) {
    List<String> lines;
    try {
      lines = Files.readAllLines(page, StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    int start = lines.indexOf(heading);
    if (start < 0) {
      throw new AssertionError(page + " has no heading '" + heading + "'");
    }
    List<List<String>> rows = new ArrayList<>();
    boolean inTable = false;
    for (String line : lines.subList(start + 1, lines.size())) {
      if (line.startsWith("#")) {
        break;
      }
      if (line.startsWith("|")) {
        if (inTable) {
          rows.add(cells(line));
        }
        inTable = true;
      } else if (inTable) {
        break;
      }
    }
    if (rows.size() < 2) {
      throw new AssertionError(page + ", '" + heading + "': no table");
    }
    // the first row is the header's rule (|---|---|) once the header itself was skipped
    return rows.subList(1, rows.size());
  }

  private static List<String> cells(String line) {
    String inner = line.strip();
    inner = inner.substring(1, inner.endsWith("|") ? inner.length() - 1 : inner.length());
    List<String> cells = new ArrayList<>();
    for (String cell : CELL_BORDER.split(inner, -1)) {
      cells.add(cell.strip());
    }
    return cells;
  }
}
