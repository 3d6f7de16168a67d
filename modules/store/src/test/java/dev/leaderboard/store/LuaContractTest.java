package dev.leaderboard.store;

import dev.leaderboard.store.dispatch.ScriptCall;
import dev.leaderboard.store.dispatch.Script;
import dev.leaderboard.store.scores.SubmitScript;
import dev.leaderboard.store.scripts.StoreScripts;
import dev.leaderboard.store.scores.SubmitOutcome;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.InputStream;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The contract between each Lua script and its Java counterpart. A script opens with a header naming
 * its slots and statuses ({@code -- KEYS[1] name}, {@code -- KEYS[2] name (optional)} for a last key
 * that may be left out, {@code -- ARGV[2..] name} for a variadic tail,
 * {@code -- status NAME = -6}); this test reads every script from the classpath and checks that
 * <ul>
 *   <li>the header's KEYS and ARGV are the Java counterpart's Key and Arg enums, by name and order;</li>
 *   <li>the body uses exactly the declared slots, and binds each fixed slot to a local of the slot's
 *       name ({@code local user, op = ARGV[1], ARGV[2]}), so a slot reordered or added on one side fails;</li>
 *   <li>the header's statuses are the Java status enum's codes, and the integers the body returns as
 *       statuses ({@code return {-6, ...}}, {@code status = 1}) are exactly those;</li>
 *   <li>docs/design.md's table of submit statuses is {@link SubmitOutcome.Status}.</li>
 * </ul>
 */
class LuaContractTest {
  private static final List<String> LIBRARIES = List.of("bytes.lua", "count.lua");
  private static final Pattern SLOT = Pattern.compile("^--\\s+(KEYS|ARGV)\\[(\\d+)(\\.\\.)?]\\s+(\\w+)( \\(optional\\))?");
  private static final Pattern STATUS = Pattern.compile("^--\\s+status\\s+([A-Z_]+)\\s*=\\s*(-?\\d+)");
  private static final Pattern USE = Pattern.compile("\\b(KEYS|ARGV)\\[(\\d+)]");
  private static final Pattern RETURNED = Pattern.compile("(?:\\breturn\\s*\\{?|\\bstatus\\s*=)\\s*(-?\\d+)\\b");
  private static final Pattern LOCAL = Pattern.compile("^\\s*local\\s+([A-Za-z_][\\w\\s,]*?)\\s*=\\s*(.+)$");
  private static final Pattern DOC_ROW = Pattern.compile("^\\|\\s*`([A-Z_]+)`\\s*\\|\\s*([−-]?\\d+)\\s*\\|");

  /** What a script's header declares. */
  private record Header(List<String> keys, List<String> args, boolean variadic, boolean variadicKeys,
      boolean optionalKey, Map<String, Integer> statuses) {
  }

  static Stream<Script> scripts() {
    return StoreScripts.ALL.stream();
  }

  @ParameterizedTest
  @MethodSource("scripts")
  void everyScriptAgreesWithItsJavaCounterpart(Script script) {
    assertThat(problems(lua(script.fileName()), script)).as(script.fileName()).isEmpty();
  }

  @Test
  void everyScriptFileHasACounterpartAndLibrariesTakeNoSlots() throws IOException, URISyntaxException {
    Path dir = Path.of(Script.class.getResource("/lua/").toURI());
    TreeSet<String> files = new TreeSet<>();
    try (Stream<Path> all = Files.list(dir)) {
      all.map(p -> p.getFileName().toString()).filter(n -> n.endsWith(".lua")).forEach(files::add);
    }
    TreeSet<String> counterparts = new TreeSet<>();
    for (Script s : StoreScripts.ALL) {
      counterparts.add(s.fileName());
    }
    files.removeIf(LIBRARIES::contains);
    assertThat(counterparts).isEqualTo(files);
    for (String library : LIBRARIES) {
      assertThat(USE.matcher(lua(library)).find()).as(library + " uses KEYS or ARGV").isFalse();
    }
  }

  @Test
  void designDocStatusTableIsTheSubmitScripts() throws IOException {
    List<String> doc = Files.readAllLines(Path.of("../../docs/design.md"), StandardCharsets.UTF_8);
    int from = indexOf(doc, "<!-- submit.lua statuses");
    int to = indexOf(doc, "<!-- end of submit.lua statuses");
    assertThat(from).as("the status table's markers in docs/design.md").isNotNegative().isLessThan(to);
    Map<String, Integer> table = new TreeMap<>();
    for (String line : doc.subList(from, to)) {
      Matcher m = DOC_ROW.matcher(line);
      if (m.find()) {
        table.put(m.group(1), Integer.parseInt(m.group(2).replace('−', '-')));
      }
    }
    assertThat(table).isEqualTo(new TreeMap<>(javaStatuses(SubmitOutcome.Status.class)));
    List<String> numbered = new ArrayList<>();
    for (int i = 0; i < doc.size(); i++) {
      if ((i < from || i > to) && Pattern.compile("status(es)? [−-]?\\d").matcher(doc.get(i)).find()) {
        numbered.add((i + 1) + ": " + doc.get(i));
      }
    }
    assertThat(numbered).as("status numbers outside the table").isEmpty();
  }

  /** The check itself is honest: drift on either side of submit.lua is reported. */
  @Test
  void driftIsCaught() {
    String text = lua("submit.lua");
    // an ARGV added in Lua only
    assertThat(problems(text.replace("-- ARGV[16] minScore", "-- ARGV[16] minScore\n-- ARGV[17] extra")
        .replace("local minScore = tonumber(ARGV[16])", "local minScore = tonumber(ARGV[16])\nlocal extra = ARGV[17]"),
        SubmitScript.SCRIPT)).isNotEmpty();
    // an ARGV used in the body without a header line
    assertThat(problems(text.replace("local minScore = tonumber(ARGV[16])",
        "local minScore = tonumber(ARGV[16])\nlocal extra = ARGV[17]"), SubmitScript.SCRIPT)).isNotEmpty();
    // two ARGV swapped in the header and body alike (Java keeps its order)
    assertThat(problems(text.replace("-- ARGV[7] maxScore", "-- ARGV[7] eventId").replace("-- ARGV[8] eventId",
        "-- ARGV[8] maxScore").replace("tonumber(ARGV[7])", "tonumber(ARGV[8])").replace("local eventId = ARGV[8]",
        "local eventId = ARGV[7]"), SubmitScript.SCRIPT)).isNotEmpty();
    // two ARGV swapped in the body only
    assertThat(problems(text.replace("tonumber(ARGV[7])", "tonumber(ARGV[8])").replace("local eventId = ARGV[8]",
        "local eventId = ARGV[7]"), SubmitScript.SCRIPT)).isNotEmpty();
    // a status renumbered in the header, or returned without one
    assertThat(problems(text.replace("-- status BANNED = -6", "-- status BANNED = -5"), SubmitScript.SCRIPT)).isNotEmpty();
    assertThat(problems(text.replace("return {-6, previous, previous}", "return {-7, previous, previous}"),
        SubmitScript.SCRIPT)).isNotEmpty();
    // a key dropped from the header
    assertThat(problems(text.replace("-- KEYS[8] users", "-- users"), SubmitScript.SCRIPT)).isNotEmpty();
  }

  /** Every disagreement between {@code text} and {@code script}'s Java counterpart. */
  private static List<String> problems(String text, Script script) {
    List<String> out = new ArrayList<>();
    List<String> lines = List.of(text.split("\n", -1));
    int bodyFrom = 0;
    while (bodyFrom < lines.size() && lines.get(bodyFrom).startsWith("--")) {
      bodyFrom++;
    }
    Header h = header(lines.subList(0, bodyFrom), out);
    List<String> javaKeys = names(script.keys());
    List<String> javaArgs = names(script.args());
    boolean javaOptional = script.keys()[0] instanceof ScriptCall.OptionalLast;
    if (!h.keys().equals(javaKeys) || h.optionalKey() != javaOptional || h.variadicKeys() != script.variadicKeys()) {
      out.add("KEYS: Lua " + h.keys() + (h.optionalKey() ? " (last optional)" : "")
          + (h.variadicKeys() ? " (last variadic)" : "") + ", Java " + javaKeys
          + (javaOptional ? " (last optional)" : "") + (script.variadicKeys() ? " (last variadic)" : ""));
    }
    if (!h.args().equals(javaArgs) || h.variadic() != script.variadic()) {
      out.add("ARGV: Lua " + h.args() + (h.variadic() ? " (last variadic)" : "") + ", Java " + javaArgs
          + (script.variadic() ? " (last variadic)" : ""));
    }
    Map<String, Integer> java = script.statuses() == null ? Map.of() : javaStatuses(script.statuses());
    if (!new TreeMap<>(h.statuses()).equals(new TreeMap<>(java))) {
      out.add("statuses: Lua " + new TreeMap<>(h.statuses()) + ", Java " + new TreeMap<>(java));
    }

    List<String> body = new ArrayList<>();
    for (String line : lines.subList(bodyFrom, lines.size())) {
      int comment = line.indexOf("--");
      body.add(comment < 0 ? line : line.substring(0, comment));
    }
    int fixedArgs = h.variadic() ? h.args().size() - 1 : h.args().size();
    int fixedKeys = h.variadicKeys() ? h.keys().size() - 1 : h.keys().size();
    Map<String, List<String>> slots = Map.of("KEYS", h.keys(), "ARGV", h.args());
    TreeSet<String> used = new TreeSet<>();
    TreeSet<String> bound = new TreeSet<>();
    for (String statement : statements(body)) {
      Matcher m = USE.matcher(statement);
      while (m.find()) {
        String ref = m.group();
        int n = Integer.parseInt(m.group(2));
        boolean fixed = m.group(1).equals("KEYS") ? n <= fixedKeys : n <= fixedArgs;
        boolean tail = m.group(1).equals("ARGV") ? h.variadic() && n >= h.args().size()
            : h.variadicKeys() && n >= h.keys().size();
        if (!fixed && !tail) {
          out.add(ref + " is used but not declared");
        } else if (fixed) {
          used.add(ref);
        }
      }
      bind(statement, slots, fixedArgs, bound, out);
    }
    for (String kind : List.of("KEYS", "ARGV")) {
      int n = kind.equals("KEYS") ? fixedKeys : fixedArgs;
      for (int i = 1; i <= n; i++) {
        String ref = kind + "[" + i + "]";
        if (!used.contains(ref)) {
          out.add(ref + " " + slots.get(kind).get(i - 1) + " is declared but not used");
        } else if (!bound.contains(ref)) {
          out.add(ref + " is not bound to a local named " + slots.get(kind).get(i - 1));
        }
      }
    }
    TreeSet<Integer> returned = new TreeSet<>();
    for (String line : body) {
      Matcher m = RETURNED.matcher(line);
      while (m.find()) {
        returned.add(Integer.parseInt(m.group(1)));
      }
    }
    if (!returned.equals(new TreeSet<>(h.statuses().values()))) {
      out.add("statuses returned " + returned + ", declared " + new TreeSet<>(h.statuses().values()));
    }
    return out;
  }

  private static Header header(List<String> lines, List<String> out) {
    List<String> keys = new ArrayList<>();
    List<String> args = new ArrayList<>();
    boolean variadic = false;
    boolean variadicKeys = false;
    boolean optionalKey = false;
    Map<String, Integer> statuses = new LinkedHashMap<>();
    for (String line : lines) {
      Matcher m = SLOT.matcher(line);
      if (m.find()) {
        List<String> list = m.group(1).equals("KEYS") ? keys : args;
        if (optionalKey && list == keys) {
          out.add("KEYS after the optional one: " + line);
        }
        if (m.group(5) != null) {
          if (list == args) {
            out.add("optional ARGV: " + line);
          }
          optionalKey = true;
        }
        if (variadic && list == args || variadicKeys && list == keys) {
          out.add(m.group(1) + " after the variadic one: " + line);
        }
        if (Integer.parseInt(m.group(2)) != list.size() + 1) {
          out.add("out of order: " + line);
        }
        if (m.group(3) != null) {
          if (list == keys) {
            variadicKeys = true;
          } else {
            variadic = true;
          }
        }
        list.add(m.group(4));
      }
      Matcher s = STATUS.matcher(line);
      if (s.find() && statuses.put(s.group(1), Integer.parseInt(s.group(2))) != null) {
        out.add("status named twice: " + line);
      }
    }
    if (new TreeSet<>(statuses.values()).size() != statuses.size()) {
      out.add("two statuses share a code: " + statuses);
    }
    return new Header(keys, args, variadic, variadicKeys, optionalKey, statuses);
  }

  /** The body as statements: a line ending in {@code =} or {@code ,} continues on the next. */
  private static List<String> statements(List<String> body) {
    List<String> out = new ArrayList<>();
    StringBuilder current = new StringBuilder();
    for (String line : body) {
      current.append(' ').append(line.strip());
      String s = line.strip();
      if (!(s.endsWith("=") || s.endsWith(","))) {
        out.add(current.toString().strip());
        current.setLength(0);
      }
    }
    out.add(current.toString());
    return out;
  }

  /**
   * Records the fixed slots a {@code local a, b = x, y} statement binds: an expression holding one slot
   * binds it to the local in its place, which must bear the slot's name.
   */
  private static void bind(String statement, Map<String, List<String>> slots, int fixedArgs, TreeSet<String> bound,
      List<String> out) {
    Matcher m = LOCAL.matcher(statement);
    if (!m.find()) {
      return;
    }
    String[] names = m.group(1).split("\\s*,\\s*");
    List<String> exprs = topLevel(m.group(2));
    if (names.length != exprs.size()) {
      return;
    }
    for (int i = 0; i < names.length; i++) {
      Matcher u = USE.matcher(exprs.get(i));
      if (!u.find()) {
        continue;
      }
      String ref = u.group();
      String kind = u.group(1);
      int n = Integer.parseInt(u.group(2));
      List<String> declared = slots.get(kind);
      if (u.find() || n > (kind.equals("KEYS") ? declared.size() : fixedArgs)) {
        continue;
      }
      if (!declared.get(n - 1).equals(names[i].strip())) {
        out.add(ref + " is " + declared.get(n - 1) + " in the header but bound to local " + names[i].strip());
      } else {
        bound.add(ref);
      }
    }
  }

  /** {@code s} split at the commas outside brackets. */
  private static List<String> topLevel(String s) {
    List<String> out = new ArrayList<>();
    int depth = 0;
    int from = 0;
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      if (c == '(' || c == '{' || c == '[') {
        depth++;
      } else if (c == ')' || c == '}' || c == ']') {
        depth--;
      } else if (c == ',' && depth == 0) {
        out.add(s.substring(from, i).strip());
        from = i + 1;
      }
    }
    out.add(s.substring(from).strip());
    return out;
  }

  /** The Java names of slots as the headers spell them: {@code SCORE_COUNTS} is {@code scoreCounts}. */
  private static List<String> names(Enum<?>[] slots) {
    List<String> out = new ArrayList<>();
    for (Enum<?> e : slots) {
      StringBuilder b = new StringBuilder();
      for (String part : e.name().toLowerCase(java.util.Locale.ROOT).split("_")) {
        b.append(b.length() == 0 ? part : Character.toUpperCase(part.charAt(0)) + part.substring(1));
      }
      out.add(b.toString());
    }
    return out;
  }

  /** The statuses an enum names with a script code, by name. */
  private static Map<String, Integer> javaStatuses(Class<? extends Enum<?>> type) {
    Map<String, Integer> out = new LinkedHashMap<>();
    for (Enum<?> e : type.getEnumConstants()) {
      Integer code = ((Script.Status) e).code();
      if (code != null) {
        out.put(e.name(), code);
      }
    }
    return out;
  }

  private static int indexOf(List<String> lines, String prefix) {
    for (int i = 0; i < lines.size(); i++) {
      if (lines.get(i).startsWith(prefix)) {
        return i;
      }
    }
    return -1;
  }

  private static String lua(String name) {
    try (InputStream in = Script.class.getResourceAsStream("/lua/" + name)) {
      assertThat(in).as("/lua/" + name).isNotNull();
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
  }
}
