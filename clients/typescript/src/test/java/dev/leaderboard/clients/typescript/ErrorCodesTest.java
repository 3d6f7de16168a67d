package dev.leaderboard.clients.typescript;

import static org.assertj.core.api.Assertions.assertThat;

import dev.leaderboard.core.Refusal;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/** The client's {@code ERROR_CODES} (src/main/ts/errors.ts) are the node's catalogue of refusals ({@link Refusal}). */
class ErrorCodesTest {
  private static final Path ERRORS = Path.of("src/main/ts/errors.ts");
  private static final Pattern LIST = Pattern.compile("export const ERROR_CODES = \\{\\n(.*?)\\n} as const;", Pattern.DOTALL);
  private static final Pattern ENTRY = Pattern.compile("^ {2}([a-z_]+): (\\d{3}),$");

  @Test
  void theErrorCodesAreTheCatalogue() throws IOException {
    Matcher list = LIST.matcher(Files.readString(ERRORS, StandardCharsets.UTF_8));
    assertThat(list.find()).as("%s declares ERROR_CODES", ERRORS).isTrue();
    Map<String, Integer> client = new TreeMap<>();
    for (String line : list.group(1).split("\n")) {
      Matcher entry = ENTRY.matcher(line);
      assertThat(entry.matches()).as("an entry 'code: status,' of ERROR_CODES: %s", line).isTrue();
      assertThat(client.put(entry.group(1), Integer.parseInt(entry.group(2)))).as("%s is listed once", entry.group(1)).isNull();
    }
    Map<String, Integer> node = new TreeMap<>();
    for (Refusal r : Refusal.values()) {
      node.put(r.code(), r.status());
    }
    assertThat(client).as("ERROR_CODES of errors.ts against the node's catalogue of refusals (Refusal)").isEqualTo(node);
  }
}
