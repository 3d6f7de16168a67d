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

/** A Lua script shipped as a resource, called by SHA with its text as the fallback. */
public final class Scripts {
  public static final Scripts SUBMIT = new Scripts("submit.lua");
  public static final Scripts RANK = new Scripts("rank.lua");
  public static final Scripts FRIEND_ADD = new Scripts("friend_add.lua");

  private final String text;
  private final String sha;

  private Scripts(String name) {
    try (InputStream in = Scripts.class.getResourceAsStream("/lua/" + name)) {
      if (in == null) {
        throw new IllegalStateException("missing script " + name);
      }
      this.text = new String(in.readAllBytes(), StandardCharsets.UTF_8);
      this.sha = HexFormat.of().formatHex(MessageDigest.getInstance("SHA-1").digest(text.getBytes(StandardCharsets.UTF_8)));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException(e);
    }
  }

  public Request load() {
    return Request.cmd(Command.SCRIPT).arg("LOAD").arg(text);
  }

  /** EVALSHA with the given keys; arguments are appended by the caller. */
  public Request evalsha(String... keys) {
    Request r = Request.cmd(Command.EVALSHA).arg(sha).arg(keys.length);
    for (String k : keys) {
      r.arg(k);
    }
    return r;
  }

  public Request eval(String... keys) {
    Request r = Request.cmd(Command.EVAL).arg(text).arg(keys.length);
    for (String k : keys) {
      r.arg(k);
    }
    return r;
  }

  public static boolean isNoScript(Throwable t) {
    // a pipelined batch reports it as "ERR [i] NOSCRIPT ..."
    return t.getMessage() != null && t.getMessage().contains("NOSCRIPT");
  }
}
