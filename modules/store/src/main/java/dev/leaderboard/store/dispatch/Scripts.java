package dev.leaderboard.store.dispatch;

import dev.leaderboard.store.boards.KeySetUpgrade;
import dev.leaderboard.store.boards.Leases;
import dev.leaderboard.store.friends.FriendStore;
import dev.leaderboard.store.moderation.ModerationStore;
import dev.leaderboard.store.participation.ParticipationStore;
import dev.leaderboard.store.scores.CountsScript;
import dev.leaderboard.store.scores.MetaStore;
import dev.leaderboard.store.scores.RankScript;
import dev.leaderboard.store.scores.Rows;
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
 * The Lua scripts under {@code /lua/}, always called by SHA ({@link ScriptPipeline} loads them where a
 * node lost them). Each names its KEYS, ARGV and statuses as Java enums, in the order of the script's
 * header; {@code LuaContractTest} checks both sides agree.
 */
public enum Scripts {
  SUBMIT("submit.lua", true, SubmitScript.Key.class, SubmitScript.Arg.class, SubmitOutcome.Status.class,
      "bytes.lua"),
  RANK("rank.lua", false, RankScript.Key.class, RankScript.Arg.class, null, "bytes.lua", "count.lua"),
  COUNTS("counts.lua", false, CountsScript.Key.class, CountsScript.Arg.class, null, "bytes.lua", "count.lua"),
  FRIEND_ADD("friend_add.lua", true, FriendStore.Key.class, FriendStore.Arg.class, FriendStore.Status.class),
  LEASE_RENEW("lease_renew.lua", true, Leases.Key.class, Leases.RenewArg.class, Leases.Status.class),
  LEASE_RELEASE("lease_release.lua", true, Leases.Key.class, Leases.ReleaseArg.class, Leases.Status.class),
  META_SET("meta_set.lua", true, MetaStore.Key.class, MetaStore.Arg.class, MetaStore.Outcome.class),
  ROWS("rows.lua", false, Rows.Key.class, Rows.Arg.class, null),
  JOIN("join.lua", true, ParticipationStore.Key.class, ParticipationStore.Arg.class, ParticipationStore.Status.class),
  MODERATE("moderate.lua", true, ModerationStore.Key.class, ModerationStore.Arg.class, ModerationStore.Status.class),
  MERGE("merge.lua", true, KeySetUpgrade.Key.class, KeySetUpgrade.Arg.class, null);

  /** A script's status enum: each constant's integer in the script, {@code null} for one it never returns. */
  public interface Status {
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
  private final boolean variadicKeys;

  /** @param libraries scripts of shared local functions, prepended to this one's text in order */
  <K extends Enum<K>, A extends Enum<A>> Scripts(String name, boolean writes, Class<K> keys, Class<A> args,
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
    try (InputStream in = Scripts.class.getResourceAsStream("/lua/" + name)) {
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
