package dev.leaderboard.store;

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
 */
public enum Scripts {
  SUBMIT("submit.lua", true, "bytes.lua"),
  RANK("rank.lua", false, "bytes.lua"),
  FRIEND_ADD("friend_add.lua", true),
  LEASE_RENEW("lease_renew.lua", true),
  LEASE_RELEASE("lease_release.lua", true),
  META_SET("meta_set.lua", true),
  ROWS("rows.lua", false),
  MODERATE("moderate.lua", true);

  private final String text;
  private final String sha;
  private final boolean writes;

  /** @param libraries scripts of shared local functions, prepended to this one's text in order */
  Scripts(String name, boolean writes, String... libraries) {
    this.writes = writes;
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

  /** EVALSHA of this script with the given keys, all on {@code route}; arguments are appended by the caller. */
  public Call call(Route route, String... keys) {
    Request r = Request.cmd(Command.EVALSHA).arg(sha).arg(keys.length);
    for (String k : keys) {
      r.arg(k);
    }
    return new Call(route, r, this);
  }

  /** A script flag argument: {@code "1"} or {@code "0"}. */
  static String flag(boolean on) {
    return on ? "1" : "0";
  }
}
