package dev.leaderboard.store.dispatch;

import dev.leaderboard.core.OverloadedException;
import dev.leaderboard.core.StoreUnavailableException;
import io.vertx.core.http.ConnectionPoolTooBusyException;
import io.vertx.redis.client.Response;
import io.vertx.redis.client.ResponseType;
import java.util.Set;
import java.util.concurrent.TimeoutException;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * Tells a Redis error reply (a bug of the request, kept as it is) from a node that cannot serve now.
 * A failed pipelined batch comes as one error of {@code ERR [i] <cause>} lines, so codes are read
 * line by line and a line naming an exception class is a transport failure.
 */
final class RedisFailures {
  /** Codes of replies that mean the node cannot serve now; CONNECTION_CLOSED is the client's own. */
  private static final Set<String> UNAVAILABLE =
      Set.of("LOADING", "BUSY", "MASTERDOWN", "CLUSTERDOWN", "TRYAGAIN", "CONNECTION_CLOSED");
  /**
   * Error codes on a Redis Cluster that a later attempt may not meet (see {@link #clusterRetryable});
   * UNBLOCKED is a {@code WAIT} cut short by its master turning replica (a failover).
   */
  private static final Set<String> CLUSTER_RETRYABLE = Set.of("MOVED", "ASK", "NOSCRIPT", "UNBLOCKED");
  private static final Pattern BATCH_LINE = Pattern.compile("^ERR \\[\\d+] ");
  private static final Pattern EXCEPTION_CLASS = Pattern.compile("[A-Za-z_$][\\w$]*(\\.[A-Za-z_$][\\w$]*)+");
  private static final Pattern ERROR_CODE = Pattern.compile("[A-Z_]{2,20}");

  private RedisFailures() {
  }

  /** A full pool was never sent and the node is up, so it is {@link OverloadedException}, not unavailable. */
  static Throwable classify(int shard, Throwable t) {
    if (t instanceof StoreUnavailableException || t instanceof OverloadedException) {
      return t;
    }
    if (t instanceof ConnectionPoolTooBusyException) {
      return OverloadedException.redisPool(t);
    }
    if (isErrorReply(t) && !meansUnavailable(t.getMessage())) {
      return t;
    }
    return StoreUnavailableException.redis(shard, t);
  }

  /** Public (health answers): never an address or a client's message. */
  static String summary(Throwable t) {
    Throwable why = underlying(t);
    if (why instanceof TimeoutException) {
      return "timeout";
    }
    if (isErrorReply(why)) {
      String code = codes(why.getMessage()).findFirst().orElse("");
      return ERROR_CODE.matcher(code).matches() ? "error reply " + code : "error reply";
    }
    return "unreachable";
  }

  /** The client's own failure under a {@link StoreUnavailableException}, or {@code t}. */
  static Throwable underlying(Throwable t) {
    return t instanceof StoreUnavailableException && t.getCause() != null ? t.getCause() : t;
  }

  /** Whether the failure is an error reply with this code, for a single request or any request of a batch. */
  static boolean hasCode(Throwable t, String code) {
    return isErrorReply(t) && codes(t.getMessage()).anyMatch(code::equals);
  }

  /** Whether it may succeed once the slot map is re-read or the cluster settles; not a full pool. */
  static boolean clusterRetryable(Throwable t) {
    Throwable why = underlying(t);
    if (why instanceof OverloadedException || why instanceof ConnectionPoolTooBusyException) {
      return false;
    }
    return !isErrorReply(why) || codes(why.getMessage()).anyMatch(c -> CLUSTER_RETRYABLE.contains(c)
        || UNAVAILABLE.contains(c) || EXCEPTION_CLASS.matcher(c).matches());
  }

  /** The {@code host:port} of the first such redirect (of a batch too); {@code null} when none. */
  static String redirect(Throwable t, String code) {
    Throwable why = underlying(t);
    if (!isErrorReply(why) || why.getMessage() == null) {
      return null;
    }
    return why.getMessage().lines()
        .map(line -> BATCH_LINE.matcher(line).replaceFirst("").split(" "))
        .filter(words -> words.length >= 3 && words[0].equals(code))
        .map(words -> words[2])
        .findFirst().orElse(null);
  }

  /** Whether {@code t} is an error reply (or a batch's error replies), not a failure to answer. */
  static boolean errorReply(Throwable t) {
    return isErrorReply(t);
  }

  private static boolean isErrorReply(Throwable t) {
    return t instanceof Response r && r.type() == ResponseType.ERROR;
  }

  private static boolean meansUnavailable(String message) {
    return codes(message).anyMatch(c -> UNAVAILABLE.contains(c) || EXCEPTION_CLASS.matcher(c).matches());
  }

  /** The first word of each line (of each failed request's cause, for a batch). */
  private static Stream<String> codes(String message) {
    if (message == null) {
      return Stream.empty();
    }
    return message.lines().map(line -> {
      String cause = BATCH_LINE.matcher(line).replaceFirst("");
      int end = 0;
      while (end < cause.length() && cause.charAt(end) != ' ' && cause.charAt(end) != ':') {
        end++;
      }
      return cause.substring(0, end);
    });
  }
}
