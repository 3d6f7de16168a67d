package dev.leaderboard.store.dispatch;

import static org.assertj.core.api.Assertions.assertThat;

import dev.leaderboard.core.OverloadedException;
import dev.leaderboard.core.StoreUnavailableException;
import io.vertx.core.VertxException;
import io.vertx.core.http.ConnectionPoolTooBusyException;
import io.vertx.redis.client.impl.types.ErrorType;
import java.net.ConnectException;
import java.util.concurrent.TimeoutException;
import org.junit.jupiter.api.Test;

/** How failures of single requests and of pipelined batches (as the client reports them) are read. */
class RedisFailuresTest {
  private static final int SHARD = 3;

  @Test
  void errorRepliesStayUnlessTheirCodeMeansTheNodeCannotServe() {
    assertStays(ErrorType.create("WRONGTYPE Operation against a key holding the wrong kind of value"));
    assertStays(ErrorType.create("ERR wrong number of arguments for 'zadd' command"));
    assertStays(ErrorType.create("NOSCRIPT No matching script. Please use EVAL."));
    assertUnavailable(ErrorType.create("LOADING Redis is loading the dataset in memory"));
    assertUnavailable(ErrorType.create("BUSY Redis is busy running a script."));
    assertUnavailable(ErrorType.create("MASTERDOWN Link with MASTER is down"));
    assertUnavailable(ErrorType.create("CLUSTERDOWN The cluster is down"));
    assertUnavailable(ErrorType.create("TRYAGAIN Multiple keys request during rehashing of slot"));
    assertUnavailable(ErrorType.create("CONNECTION_CLOSED"));
  }

  @Test
  void batchFailuresAreReadLineByLine() {
    assertStays(ErrorType.create("ERR [3] NOSCRIPT No matching script.\nERR [7] wrong number of arguments"));
    assertThat(RedisFailures.hasCode(ErrorType.create("ERR [0] WRONGTYPE x\nERR [3] NOSCRIPT No matching script."),
        "NOSCRIPT")).isTrue();
    assertThat(RedisFailures.hasCode(ErrorType.create("ERR [0] WRONGTYPE x"), "NOSCRIPT")).isFalse();
    assertUnavailable(ErrorType.create("ERR [0] CONNECTION_CLOSED\nERR [1] CONNECTION_CLOSED"));
    assertUnavailable(ErrorType.create("ERR [0] java.io.IOException: Connection reset by peer"));
    assertUnavailable(ErrorType.create("ERR [2] LOADING Redis is loading the dataset in memory"));
  }

  @Test
  void anyOtherFailureIsATransportFailure() {
    assertUnavailable(new ConnectException("Connection refused"));
    assertUnavailable(new VertxException("Connection is closed", true));
    StoreUnavailableException once = StoreUnavailableException.redis(SHARD, new ConnectException("refused"));
    assertThat(RedisFailures.classify(SHARD, once)).isSameAs(once);
  }

  @Test
  void aFullPoolIsAnOverloadNotAnOutage() {
    ConnectionPoolTooBusyException full = new ConnectionPoolTooBusyException("Connection pool reached max wait queue size of 1");
    Throwable seen = RedisFailures.classify(SHARD, full);
    assertThat(seen).isInstanceOf(OverloadedException.class).hasCause(full).hasMessageNotContaining("127.0.0.1");
    assertThat(((OverloadedException) seen).code()).isEqualTo("overloaded");
    assertThat(((OverloadedException) seen).status()).isEqualTo(503);
    assertThat(RedisFailures.classify(SHARD, seen)).isSameAs(seen);
  }

  private static void assertStays(Throwable t) {
    assertThat(RedisFailures.classify(SHARD, t)).isSameAs(t);
  }

  private static void assertUnavailable(Throwable t) {
    Throwable seen = RedisFailures.classify(SHARD, t);
    assertThat(seen).isInstanceOf(StoreUnavailableException.class).hasCause(t)
        .hasMessage("Redis shard 3 is unavailable; retry later");
    assertThat(((StoreUnavailableException) seen).shard()).hasValue(SHARD);
  }

  @Test
  void whatHealthAnswersSayOfAFailureIsAFixedWordOrAReplyCode() {
    assertThat(RedisFailures.summary(StoreUnavailableException.redis(SHARD,
        new ConnectException("Connection refused: /10.0.0.7:6379")))).isEqualTo("unreachable");
    assertThat(RedisFailures.summary(new TimeoutException("no answer from 10.0.0.7"))).isEqualTo("timeout");
    assertThat(RedisFailures.summary(ErrorType.create("LOADING Redis is loading the dataset in memory")))
        .isEqualTo("error reply LOADING");
    assertThat(RedisFailures.summary(ErrorType.create("ERR [0] java.io.IOException: Connection reset by 10.0.0.7")))
        .isEqualTo("error reply");
  }
}
