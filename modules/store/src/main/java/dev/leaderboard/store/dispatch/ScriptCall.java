package dev.leaderboard.store.dispatch;

import io.vertx.redis.client.Command;
import io.vertx.redis.client.Request;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * One EVALSHA of a {@link Script}, built by slot name, so a value lands at its slot's index
 * whatever order the caller sets it in; {@link #call} refuses a slot left unset.
 */
public final class ScriptCall<K extends Enum<K>, A extends Enum<A>> {
  /**
   * Marks an ARGV enum whose last slot takes any number of values (the script's {@code ARGV[n..]}), or
   * a KEYS enum whose last slot takes any number of keys ({@code KEYS[n..]}).
   */
  public interface Variadic {
  }

  /** Marks a KEYS enum whose last slot may be left out (the script's {@code KEYS[n] name (optional)}). */
  public interface OptionalLast {
  }

  private final Script script;
  private final Route route;
  private final String[] keys;
  private final String[] args;
  private final List<String> tail = new ArrayList<>();
  private final List<String> keyTail = new ArrayList<>();

  public ScriptCall(Script script, Route route) {
    this.script = script;
    this.route = route;
    this.keys = new String[script.keys().length];
    this.args = new String[script.args().length];
  }

  /** Sets a KEYS slot; the last slot of a script with variadic keys takes one more key. */
  public ScriptCall<K, A> key(K slot, String key) {
    if (script.variadicKeys() && slot.ordinal() == keys.length - 1) {
      keyTail.add(key);
    } else {
      keys[slot.ordinal()] = key;
    }
    return this;
  }

  /** Sets an ARGV slot (a boolean as {@code 1|0}); the last slot of a variadic script takes one more value. */
  public ScriptCall<K, A> arg(A slot, Object value) {
    String v = value instanceof Boolean on ? (on ? "1" : "0") : String.valueOf(value);
    if (script.variadic() && slot.ordinal() == args.length - 1) {
      tail.add(v);
    } else {
      args[slot.ordinal()] = v;
    }
    return this;
  }

  public Call call() {
    if (script.variadicKeys()) {
      if (keyTail.isEmpty()) {
        throw new IllegalStateException(script + ": no key for KEYS[" + keys.length + "..]");
      }
      int fixed = keys.length - 1;
      Request r = Request.cmd(Command.EVALSHA).arg(script.sha()).arg(fixed + keyTail.size());
      append(r, Arrays.copyOf(keys, fixed), script.keys(), "KEYS");
      keyTail.forEach(r::arg);
      append(r, args, script.args(), "ARGV");
      tail.forEach(r::arg);
      return new Call(route, r, script);
    }
    boolean omitted = keys[keys.length - 1] == null && script.keys()[0] instanceof OptionalLast;
    Request r = Request.cmd(Command.EVALSHA).arg(script.sha()).arg(omitted ? keys.length - 1 : keys.length);
    append(r, omitted ? Arrays.copyOf(keys, keys.length - 1) : keys, script.keys(), "KEYS");
    append(r, args, script.args(), "ARGV");
    tail.forEach(r::arg);
    return new Call(route, r, script);
  }

  private void append(Request r, String[] values, Enum<?>[] slots, String kind) {
    int fixed = kind.equals("ARGV") && script.variadic() ? values.length - 1 : values.length;
    for (int i = 0; i < fixed; i++) {
      if (values[i] == null) {
        throw new IllegalStateException(script + ": " + kind + "[" + (i + 1) + "] " + slots[i] + " not set");
      }
      r.arg(values[i]);
    }
  }
}
