package dev.leaderboard.store.dispatch;

import io.vertx.redis.client.Command;
import io.vertx.redis.client.Request;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.Map;

/**
 * One Lua script under {@code /lua/}, always called by SHA ({@link ScriptPipeline} loads it where a
 * node lost it). A store declares its own scripts, each naming its KEYS, ARGV and statuses as Java
 * enums in the order of the script's header ({@code LuaContractTest} checks both sides agree); this
 * layer knows no store.
 */
public final class Script {
  /**
   * A script's status enum: each constant's integer in the script is its {@link Code}; {@code null} for one
   * without, which the script never returns.
   */
  public interface Status {
    default Integer code() {
      return CODES.get(((Enum<?>) this).getDeclaringClass()).get(((Enum<?>) this).name());
    }
  }

  /** The integer a script returns for a {@link Status} constant. */
  @Retention(RetentionPolicy.RUNTIME)
  @Target(ElementType.FIELD)
  public @interface Code {
    int value();
  }

  /** The {@link Code}s of each status enum's constants by name, read once. */
  private static final ClassValue<Map<String, Integer>> CODES = new ClassValue<>() {
    @Override
    protected Map<String, Integer> computeValue(Class<?> type) {
      Map<String, Integer> codes = new HashMap<>();
      for (var constant : type.getFields()) {
        Code code = constant.getAnnotation(Code.class);
        if (code != null) {
          codes.put(constant.getName(), code.value());
        }
      }
      return codes;
    }
  };

  /** Each status enum's constants by their {@link Code}. */
  private static final ClassValue<Map<Integer, Enum<?>>> BY_CODE = new ClassValue<>() {
    @Override
    protected Map<Integer, Enum<?>> computeValue(Class<?> type) {
      Map<Integer, Enum<?>> out = new HashMap<>();
      for (Object constant : type.getEnumConstants()) {
        Integer code = ((Status) constant).code();
        if (code != null) {
          out.put(code, (Enum<?>) constant);
        }
      }
      return out;
    }
  };

  private final String name;
  private final String text;
  private final String sha;
  private final boolean writes;
  private final Enum<?>[] keys;
  private final Enum<?>[] args;
  private final Class<? extends Enum<?>> statuses;
  private final boolean variadic;
  private final boolean variadicKeys;

  /** @param libraries scripts of shared local functions, prepended to this one's text in order */
  public <K extends Enum<K>, A extends Enum<A>> Script(String name, boolean writes, Class<K> keys, Class<A> args,
      Class<? extends Enum<?>> statuses, String... libraries) {
    this.name = name;
    this.writes = writes;
    this.keys = keys.getEnumConstants();
    this.args = args.getEnumConstants();
    this.statuses = statuses;
    this.variadic = ScriptCall.Variadic.class.isAssignableFrom(args);
    this.variadicKeys = ScriptCall.Variadic.class.isAssignableFrom(keys);
    StringBuilder all = new StringBuilder();
    for (String library : libraries) {
      all.append(resource(library)).append('\n');
    }
    this.text = all.append(resource(name)).toString();
    try {
      this.sha = HexFormat.of().formatHex(MessageDigest.getInstance("SHA-1").digest(text.getBytes(StandardCharsets.UTF_8)));
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException(e);
    }
  }

  private static String resource(String name) {
    try (InputStream in = Script.class.getResourceAsStream("/lua/" + name)) {
      if (in == null) {
        throw new IllegalStateException("missing script " + name);
      }
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  public boolean writes() {
    return writes;
  }

  String sha() {
    return sha;
  }

  public Request load() {
    return Request.cmd(Command.SCRIPT).arg("LOAD").arg(text);
  }

  public String fileName() {
    return name;
  }

  @Override
  public String toString() {
    return name;
  }

  public Enum<?>[] keys() {
    return keys;
  }

  public Enum<?>[] args() {
    return args;
  }

  public boolean variadic() {
    return variadic;
  }

  /** Whether the last KEYS slot takes any number of keys (the script's {@code KEYS[n..]}). */
  public boolean variadicKeys() {
    return variadicKeys;
  }

  /** {@code null} when the script answers data only. */
  public Class<? extends Enum<?>> statuses() {
    return statuses;
  }

  /** The status of {@code type} the script answered as {@code code} (a lookup made once per enum: every reply reads one). */
  public static <E extends Enum<E> & Status> E status(Class<E> type, int code) {
    Enum<?> e = BY_CODE.get(type).get(code);
    if (e == null) {
      throw new IllegalStateException("unexpected " + type.getSimpleName() + " code " + code);
    }
    return type.cast(e);
  }
}
