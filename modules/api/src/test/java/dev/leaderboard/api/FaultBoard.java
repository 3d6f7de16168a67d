package dev.leaderboard.api;

import dev.leaderboard.service.ReferenceBoard;
import dev.leaderboard.service.ReferenceBoard.Entry;
import dev.leaderboard.service.ReferenceBoard.Outcome;
import io.vertx.core.json.JsonObject;
import java.util.List;
import java.util.Random;

/**
 * A board of {@link ShardFaultTest} and its {@link ReferenceBoard}, shared by the test's workers. Each
 * worker writes only its own users, so one user's events reach the model in the order they were sent.
 */
final class FaultBoard {
  /** The receipt time of an event without {@code at}: the service runs on a fixed clock. */
  private static final long NOW = ApiTestSupport.CLOCK.millis();

  final String name;
  private final String operator;
  private final long periodStart;
  private final ReferenceBoard model;

  /** {@code definition} as the API answered its creation; {@code periodStart} of the current period. */
  FaultBoard(JsonObject definition, long periodStart) {
    this.name = definition.getString("board");
    this.operator = definition.getString("operator");
    this.periodStart = periodStart;
    this.model = new ReferenceBoard(definition, periodStart);
  }

  String path() {
    return "/v1/boards/" + name;
  }

  /**
   * A random event of {@code user}: a value the operator takes (incr -5..20, which now and then
   * would go below 0; set and best 0..100, so scores tie), at one of the first 60 seconds of the
   * period (ties in time too) or, 3 times in 10, without {@code at}.
   */
  JsonObject event(Random rnd, String user) {
    long value = operator.equals("incr") ? rnd.nextInt(26) - 5 : rnd.nextInt(101);
    JsonObject e = new JsonObject().put("userId", user).put("value", value);
    if (rnd.nextInt(10) < 7) {
      e.put("at", periodStart + rnd.nextInt(60) * 1000L + rnd.nextInt(3));
    }
    return e;
  }

  synchronized Outcome apply(JsonObject event) {
    return apply(model, event);
  }

  synchronized Entry entry(String user) {
    return model.get(user);
  }

  /** The user's entry had {@code event} been applied now; the model stays as it is. */
  synchronized Entry ifApplied(String user, JsonObject event) {
    ReferenceBoard tried = model.copy();
    apply(tried, event);
    return tried.get(user);
  }

  synchronized List<Entry> sorted() {
    return model.sorted();
  }

  synchronized long uniqueRank(String user) {
    return model.uniqueRank(user);
  }

  synchronized long competitionRank(long score) {
    return model.competitionRank(score);
  }

  private static Outcome apply(ReferenceBoard board, JsonObject e) {
    return board.apply(e.getString("userId"), e.getLong("value"), e.getLong("at", NOW), e.getString("eventId"));
  }
}
