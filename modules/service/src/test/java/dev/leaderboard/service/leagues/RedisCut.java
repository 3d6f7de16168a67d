package dev.leaderboard.service.leagues;

import io.vertx.core.Future;
import io.vertx.core.Promise;
import io.vertx.core.Vertx;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.net.NetClient;
import io.vertx.core.net.NetClientOptions;
import io.vertx.core.net.NetServer;
import io.vertx.core.net.NetServerOptions;
import io.vertx.core.net.NetSocket;
import java.net.URI;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Predicate;

/**
 * A node's way to the Redis shards: a proxy on loopback before each shard that reads the commands the
 * node sends, whole, and passes them on. Once {@link #at} names a command, the first such command
 * the node sends never reaches Redis: there and then every connection to Redis is closed, nothing
 * more goes either way and no new connection is let in. To Redis it is as if the node's process died
 * just before that command (what it sent before arrived); the node hears nothing more, so it stops
 * where it was, until its own connections are closed with its stores.
 */
final class RedisCut {
  /** Characters of an argument kept for {@link #at} to look at: more than any key. */
  private static final int SHOWN = 1000;
  private final NetClient client;
  private final List<NetServer> servers = new ArrayList<>();
  private final List<String> endpoints = new ArrayList<>();
  private final Set<NetSocket> open = ConcurrentHashMap.newKeySet();
  private final Promise<List<String>> made = Promise.promise();
  private volatile Predicate<List<String>> at = command -> false;
  private volatile boolean dead;

  private RedisCut(Vertx vertx) {
    client = vertx.createNetClient(new NetClientOptions().setTcpNoDelay(true));
  }

  /** A proxy before each of the {@code shards} ({@code redis://:<password>@<host>:<port>}). */
  static RedisCut start(Vertx vertx, List<String> shards) {
    RedisCut cut = new RedisCut(vertx);
    for (String shard : shards) {
      URI uri = URI.create(shard);
      NetServer server = vertx.createNetServer(new NetServerOptions().setHost("127.0.0.1").setPort(0)
          .setTcpNoDelay(true));
      server.connectHandler(down -> cut.connect(down, uri.getHost(), uri.getPort()));
      server.listen().await();
      cut.servers.add(server);
      cut.endpoints.add(shard.substring(0, shard.lastIndexOf(':') + 1) + server.actualPort());
    }
    return cut;
  }

  /** The shards as the node reaches them, in the same order (and with the same password). */
  List<String> endpoints() {
    return endpoints;
  }

  /** Cuts at the first command (its name, then its arguments) that {@code command} matches. */
  void at(Predicate<List<String>> command) {
    at = command;
  }

  /** Completes with the command cut, once the node sent it. */
  Future<List<String>> made() {
    return made.future();
  }

  /** Closes what is still open: the connections to Redis of a cut that was never made, the proxies. */
  void close() {
    kill(null);
    client.close();
  }

  private void connect(NetSocket down, String host, int port) {
    if (dead) {
      down.close();
      return;
    }
    down.pause();
    client.connect(port, host).onComplete(ar -> {
      if (ar.failed() || dead) {
        down.close();
        if (ar.succeeded()) {
          ar.result().close();
        }
        return;
      }
      NetSocket up = ar.result();
      open.add(up);
      Commands commands = new Commands();
      down.handler(bytes -> {
        if (dead) {
          return;
        }
        Buffer pass = commands.take(bytes);
        if (pass.length() > 0) {
          up.write(pass);
        }
        if (commands.stopped != null) {
          kill(commands.stopped);
        }
      });
      up.handler(bytes -> {
        if (!dead) {
          down.write(bytes);
        }
      });
      down.closeHandler(v -> up.close());
      up.closeHandler(v -> {
        open.remove(up);
        if (!dead) {
          down.close();
        }
      });
      down.resume();
    });
  }

  private void kill(List<String> command) {
    dead = true;
    if (command != null) {
      made.tryComplete(command);
    }
    open.forEach(NetSocket::close);
    servers.forEach(NetServer::close);
  }

  /** The commands read off one connection (RESP arrays of bulk strings); a partial one waits for the rest. */
  private final class Commands {
    private Buffer pending = Buffer.buffer();
    private List<String> stopped;

    /** The bytes to pass on: every whole command before the first that {@link #at} matches (then {@code stopped}). */
    Buffer take(Buffer bytes) {
      pending.appendBuffer(bytes);
      int pos = 0;
      while (true) {
        List<String> command = new ArrayList<>();
        int end = parse(pending, pos, command);
        if (end < 0) {
          break;
        }
        if (at.test(command)) {
          stopped = command;
          Buffer pass = pending.getBuffer(0, pos);
          pending = Buffer.buffer();
          return pass;
        }
        pos = end;
      }
      Buffer pass = pending.getBuffer(0, pos);
      pending = pending.getBuffer(pos, pending.length());
      return pass;
    }
  }

  /**
   * Where the command starting at {@code pos} ends, its arguments added to {@code command} (each cut to
   * {@value #SHOWN} characters); -1 while it has not all arrived.
   */
  private static int parse(Buffer b, int pos, List<String> command) {
    int eol = lineEnd(b, pos);
    if (eol < 0) {
      return -1;
    }
    if (b.getByte(pos) != '*') {
      throw new IllegalStateException("not a command (RESP array): " + b.getString(pos, eol));
    }
    int n = Integer.parseInt(b.getString(pos + 1, eol));
    pos = eol + 2;
    for (int i = 0; i < n; i++) {
      eol = lineEnd(b, pos);
      if (eol < 0) {
        return -1;
      }
      int length = Integer.parseInt(b.getString(pos + 1, eol));
      int start = eol + 2;
      if (start + length + 2 > b.length()) {
        return -1;
      }
      command.add(b.getString(start, start + Math.min(length, SHOWN)));
      pos = start + length + 2;
    }
    return pos;
  }

  private static int lineEnd(Buffer b, int from) {
    for (int i = from; i + 1 < b.length(); i++) {
      if (b.getByte(i) == '\r' && b.getByte(i + 1) == '\n') {
        return i;
      }
    }
    return -1;
  }
}
