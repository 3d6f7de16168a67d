package dev.leaderboard.store.dispatch;

import dev.leaderboard.store.boards.LeaseReleaseScript;
import dev.leaderboard.store.boards.LeaseRenewScript;
import dev.leaderboard.store.friends.FriendAddScript;
import dev.leaderboard.store.moderation.ModerateScript;
import dev.leaderboard.store.moderation.ModerationStore;
import dev.leaderboard.store.scores.MetaSetScript;
import dev.leaderboard.store.scores.MetaStore;
import dev.leaderboard.store.scores.RankScript;
import dev.leaderboard.store.scores.RowsScript;
import dev.leaderboard.store.scores.SubmitOutcome;
import dev.leaderboard.store.scores.SubmitScript;

import io.vertx.redis.client.Command;
import io.vertx.redis.client.Request;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;

/**
 * The Lua scripts, shipped as resources under {@code /lua/} and always called by SHA (EVALSHA);
 * {@link ScriptPipeline} loads them where a node has lost them. A script that writes is never
 * sent again once it may have run (see {@link ScriptPipeline}).
 *
 * <p>Each script has one Java counterpart (its {@code *Script} class) that names its KEYS and ARGV,
 * in order, builds its calls ({@link ScriptCall}) and decodes its statuses into an enum; the script's
 * header names the same slots and statuses, and {@code LuaContractTest} checks both sides agree.
 */
public enum Scripts {
  SUBMIT("submit.lua", true, SubmitScript.Key.class, SubmitScript.Arg.class, SubmitOutcome.Status.class,
      "bytes.lua"),
  RANK("rank.lua", false, RankScript.Key.class, RankScript.Arg.class, null, "bytes.lua"),
  FRIEND_ADD("friend_add.lua", true, FriendAddScript.Key.class, FriendAddScript.Arg.class,
      FriendAddScript.Status.class),
  LEASE_RENEW("lease_renew.lua", true, LeaseRenewScript.Key.class, LeaseRenewScript.Arg.class,
      LeaseRenewScript.Status.class),
  LEASE_RELEASE("lease_release.lua", true, LeaseReleaseScript.Key.class, LeaseReleaseScript.Arg.class,
      LeaseReleaseScript.Status.class),
  META_SET("meta_set.lua", true, MetaSetScript.Key.class, MetaSetScript.Arg.class, MetaStore.Outcome.class),
  ROWS("rows.lua", false, RowsScript.Key.class, RowsScript.Arg.class, null),
  MODERATE("moderate.lua", true, ModerateScript.Key.class, ModerateScript.Arg.class, ModerationStore.Status.class);

  /** A script's status enum: each constant names the integer the script returns for it. */
  public interface Status {
    /** The script's integer for this status, or {@code null} for an outcome the script never returns. */
    Integer code();
  }

  private final String name;
  private final String text;
  private final String sha;
  private final boolean writes;
  private final Enum<?>[] keys;
  private final Enum<?>[] args;
  private final Class<? extends Enum<?>> statuses;
  private final boolean variadic;

  /** @param libraries scripts of shared local functions, prepended to this one's text in order */
  <K extends Enum<K>, A extends Enum<A>> Scripts(String name, boolean writes, Class<K> keys, Class<A> args,
      Class<? extends Enum<?>> statuses, String... libraries) {
    this.name = name;
    this.writes = writes;
    this.keys = keys.getEnumConstants();
    this.args = args.getEnumConstants();
    this.statuses = statuses;
    this.variadic = ScriptCall.Variadic.class.isAssignableFrom(args);
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
    try (InputStream in = Scripts.class.getResourceAsStream("/lua/" + name)) {
      if (in == null) {
        throw new IllegalStateException("missing script " + name);
      }
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** Whether the script changes data. */
  public boolean writes() {
    return writes;
  }

  /** The SHA-1 of the script's text, which EVALSHA names. */
  String sha() {
    return sha;
  }

  /** {@code SCRIPT LOAD} of the script's text. */
  public Request load() {
    return Request.cmd(Command.SCRIPT).arg("LOAD").arg(text);
  }

  /** The script's resource name under {@code /lua/}. */
  public String fileName() {
    return name;
  }

  /** The script's KEYS, in order. */
  public Enum<?>[] keys() {
    return keys;
  }

  /** The script's ARGV, in order; the last takes any number of values when {@link #variadic}. */
  public Enum<?>[] args() {
    return args;
  }

  public boolean variadic() {
    return variadic;
  }

  /** The script's status enum, or {@code null} when it answers data only. */
  public Class<? extends Enum<?>> statuses() {
    return statuses;
  }

  /** The status of {@code type} the script answered as {@code code}. */
  public static <E extends Enum<E> & Status> E status(Class<E> type, int code) {
    for (E e : type.getEnumConstants()) {
      if (e.code() != null && e.code() == code) {
        return e;
      }
    }
    throw new IllegalStateException("unexpected " + type.getSimpleName() + " code " + code);
  }
}
