package dev.leaderboard.app;

import io.vertx.core.json.DecodeException;
import io.vertx.core.json.Json;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.yaml.snakeyaml.DumperOptions;
import org.yaml.snakeyaml.LoaderOptions;
import org.yaml.snakeyaml.Yaml;
import org.yaml.snakeyaml.constructor.SafeConstructor;
import org.yaml.snakeyaml.error.YAMLException;
import org.yaml.snakeyaml.nodes.NodeId;
import org.yaml.snakeyaml.nodes.Tag;
import org.yaml.snakeyaml.representer.Representer;
import org.yaml.snakeyaml.resolver.Resolver;

/**
 * A definition file ({@link Definitions}) in YAML or JSON: JSON when its name ends in {@code .json}
 * (or, read from a name without {@code .json}, {@code .yaml} or {@code .yml}, when it starts with
 * <code>{</code>), YAML otherwise. YAML is read without tags beyond the standard ones, without
 * duplicate keys, and with times left as strings (the node reads RFC 3339 strings).
 */
final class DefinitionFile {
  private DefinitionFile() {
  }

  /** The file's definitions; an {@link IllegalArgumentException} says what is wrong, with the file's name. */
  static Definitions read(Path file) {
    String text;
    try {
      text = Files.readString(file, StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new IllegalArgumentException("cannot read " + file + ": " + e.getMessage());
    }
    try {
      Object parsed = json(file, text) ? plain(Json.decodeValue(text)) : yaml(new TimesAsStrings()).load(text);
      return Definitions.fromFile(parsed);
    } catch (DecodeException | YAMLException | IllegalArgumentException e) {
      throw new IllegalArgumentException(file + ": " + e.getMessage());
    }
  }

  /** {@code definitions} as a file's text: JSON when {@code file} ends in {@code .json}, else YAML. */
  static String text(Definitions definitions, Path file) {
    Map<String, Object> content = plain(definitions.toFile());
    return file != null && named(file, ".json") ? new JsonObject(content).encodePrettily() + "\n"
        : yaml(new Resolver()).dump(content);
  }

  private static boolean json(Path file, String text) {
    if (named(file, ".json")) {
      return true;
    }
    return !named(file, ".yaml") && !named(file, ".yml") && text.stripLeading().startsWith("{");
  }

  private static boolean named(Path file, String extension) {
    return file.getFileName().toString().toLowerCase(Locale.ROOT).endsWith(extension);
  }

  private static Yaml yaml(Resolver resolver) {
    LoaderOptions loading = new LoaderOptions();
    loading.setAllowDuplicateKeys(false);
    DumperOptions dumping = new DumperOptions();
    dumping.setDefaultFlowStyle(DumperOptions.FlowStyle.BLOCK);
    dumping.setIndent(2);
    return new Yaml(new SafeConstructor(loading), new Representer(dumping), dumping, loading, resolver);
  }

  /** Maps and lists all the way down, as YAML writes them. */
  @SuppressWarnings("unchecked")
  private static <T> T plain(Object value) {
    Object v = value instanceof JsonObject o ? o.getMap() : value instanceof JsonArray a ? a.getList() : value;
    if (v instanceof Map<?, ?> m) {
      Map<String, Object> out = new LinkedHashMap<>();
      m.forEach((k, x) -> out.put(String.valueOf(k), plain(x)));
      return (T) out;
    }
    if (v instanceof List<?> l) {
      List<Object> out = new ArrayList<>();
      l.forEach(x -> out.add(plain(x)));
      return (T) out;
    }
    return (T) v;
  }

  /** Reads a time as the string it is (writing keeps the standard resolver, which quotes such a string). */
  private static final class TimesAsStrings extends Resolver {
    @Override
    public Tag resolve(NodeId kind, String value, boolean implicit) {
      Tag tag = super.resolve(kind, value, implicit);
      return Tag.TIMESTAMP.equals(tag) ? Tag.STR : tag;
    }
  }
}
