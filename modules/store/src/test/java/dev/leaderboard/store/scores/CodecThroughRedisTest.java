package dev.leaderboard.store.scores;

import dev.leaderboard.store.dispatch.Call;
import dev.leaderboard.store.dispatch.Route;
import dev.leaderboard.store.dispatch.Shards;

import static org.assertj.core.api.Assertions.assertThat;

import dev.leaderboard.core.Order;
import dev.leaderboard.core.ScoreCodec;
import dev.leaderboard.embedded.TestShards;
import dev.leaderboard.testing.TestSeed;
import io.vertx.core.Vertx;
import io.vertx.junit5.VertxExtension;
import io.vertx.redis.client.Command;
import io.vertx.redis.client.Request;
import io.vertx.redis.client.Response;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Random;
import java.util.UUID;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The score codec through a real Redis: random scores and times (with the edges: score 0 and the
 * largest score, the first and the last instant of a period) are packed, stored as sorted-set
 * scores, read back as Redis formats them, and must decode exactly and sort as the board orders
 * them — better score first, then earlier time.
 */
@ExtendWith({VertxExtension.class, TestSeed.class})
class CodecThroughRedisTest {

  record Point(String member, long score, long offset) {
  }

  @ParameterizedTest(name = "{0} with {1} time bits")
  @CsvSource({"DESC, 17", "ASC, 17", "DESC, 27", "ASC, 30", "DESC, 32", "ASC, 39", "DESC, 52", "ASC, 1"})
  void packedScoresRoundTripAndSortInRedis(Order order, int timeBits, Vertx vertx, Random rnd) {
    ScoreCodec codec = ScoreCodec.of(order, timeBits);
    long maxOffset = codec.timeSpanUnits() - 1;
    List<Point> points = new ArrayList<>();
    long[] edgeScores = {0, 1, codec.largestScore() - 1, codec.largestScore()};
    long[] edgeOffsets = {0, 1, maxOffset - 1, maxOffset};
    for (long s : edgeScores) {
      for (long o : edgeOffsets) {
        points.add(new Point("e" + points.size(), Math.max(0, s), Math.max(0, o)));
      }
    }
    for (int i = 0; i < 3000; i++) {
      // a few distinct scores, so that equal scores at different times are common
      long score = rnd.nextInt(4) == 0 ? (long) (rnd.nextDouble() * codec.largestScore())
          : Math.min(codec.largestScore(), rnd.nextInt(20));
      long offset = (long) (rnd.nextDouble() * maxOffset);
      points.add(new Point("r" + i, score, offset));
    }

    Shards shards = Shards.connect(vertx, TestShards.endpoints(), 1);
    try {
      Route route = new Route("{codec-test:" + UUID.randomUUID() + "}", 0);
      String key = route.key("s");
      List<Call> adds = new ArrayList<>();
      for (Point p : points) {
        adds.add(Call.of(route,
            Request.cmd(Command.ZADD).arg(key).arg(codec.encode(p.score(), p.offset())).arg(p.member())));
      }
      shards.dispatch(adds).await();
      Response all = shards.send(route, Request.cmd(order == Order.DESC ? Command.ZREVRANGE : Command.ZRANGE)
          .arg(key).arg(0).arg(-1).arg("WITHSCORES")).await();
      shards.send(route, Request.cmd(Command.DEL).arg(key)).await();

      List<Point> fromRedis = new ArrayList<>();
      for (int i = 0; i + 1 < all.size(); i += 2) {
        long composite = StoredEntry.parseComposite(all.get(i + 1).toString());
        fromRedis.add(new Point(all.get(i).toString(), codec.score(composite), codec.offsetUnits(composite)));
      }
      // exact round trip through Redis' own number formatting
      assertThat(fromRedis).containsExactlyInAnyOrderElementsOf(points);
      // Redis' order is the board's order: better score first, then earlier time
      Comparator<Point> byScore = Comparator.comparingLong(Point::score);
      Comparator<Point> board = (order == Order.DESC ? byScore.reversed() : byScore).thenComparingLong(Point::offset);
      for (int i = 1; i < fromRedis.size(); i++) {
        assertThat(board.compare(fromRedis.get(i - 1), fromRedis.get(i))).as("%s before %s", fromRedis.get(i - 1),
            fromRedis.get(i)).isLessThanOrEqualTo(0);
      }
    } finally {
      shards.close();
    }
  }
}
