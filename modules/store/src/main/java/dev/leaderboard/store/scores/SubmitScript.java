package dev.leaderboard.store.scores;

import dev.leaderboard.core.Board;
import dev.leaderboard.store.Keys;
import dev.leaderboard.store.dispatch.Call;
import dev.leaderboard.store.dispatch.Route;
import dev.leaderboard.store.dispatch.ScriptCall;
import dev.leaderboard.store.dispatch.Script;
import dev.leaderboard.store.dispatch.Shards;
import io.vertx.redis.client.Response;

/** The Java side of {@code submit.lua}; its statuses are {@link SubmitOutcome.Status}. */
public final class SubmitScript {
  /** Its Lua script ({@code submit.lua}). */
  public static final Script SCRIPT = new Script("submit.lua", true, Key.class, Arg.class, SubmitOutcome.Status.class, "bytes.lua");

  private SubmitScript() {
  }

  public enum Key { SCORES, EVENTS, DISTINCT, SCORE_COUNTS, CLOSED, METAS, BANNED, USERS, LIVE, PARTICIPANTS, ATTEMPTS }

  public enum Arg {
    USER, OP, VALUE, DESC, SCALE, TIME_TIE, MAX_SCORE, EVENT_ID, NOW, WINDOW, DENSE, DIGEST, MAX_STEP, META,
    WIDE_TIE, MIN_SCORE, JOINING, MAX_ATTEMPTS
  }

  /** The call applying {@code c} on the user's partition at {@code now} (ms), deduplicating over {@code windowMillis}. */
  static Call call(Shards shards, Board b, SubmitCommand c, long now, long windowMillis) {
    if (b.wide() == c.wideTie().isEmpty()) {
      // the script takes the layout from the tie: a command built for the other layout would corrupt the entry
      throw new IllegalArgumentException("an event for board " + b.name() + " (" + b.layout().wireName()
          + " layout) must " + (b.wide() ? "carry" : "not carry") + " a wide tie");
    }
    Route r = Keys.home(shards, b, c.period(), c.userId());
    return new ScriptCall<Key, Arg>(SCRIPT, r)
        .key(Key.SCORES, Keys.scores(r)).key(Key.EVENTS, Keys.events(r)).key(Key.DISTINCT, Keys.distinct(r))
        .key(Key.SCORE_COUNTS, Keys.scoreCounts(r)).key(Key.CLOSED, Keys.closed(r)).key(Key.METAS, Keys.meta(r))
        .key(Key.BANNED, Keys.banned(r)).key(Key.USERS, Keys.users(r, c.userId())).key(Key.LIVE, Keys.live(r))
        .key(Key.PARTICIPANTS, Keys.participants(r)).key(Key.ATTEMPTS, Keys.attempts(r))
        .arg(Arg.USER, c.userId())
        .arg(Arg.OP, c.operator().wireName())
        .arg(Arg.VALUE, c.value())
        .arg(Arg.DESC, b.order().higherFirst())
        .arg(Arg.SCALE, b.wide() ? 1 : b.codec().scale())
        .arg(Arg.TIME_TIE, c.tie())
        .arg(Arg.MAX_SCORE, b.maxScore())
        .arg(Arg.EVENT_ID, c.eventId() == null ? "" : c.eventId())
        .arg(Arg.NOW, now)
        .arg(Arg.WINDOW, windowMillis)
        .arg(Arg.DENSE, b.denseRanks())
        .arg(Arg.DIGEST, EventDigest.of(c))
        .arg(Arg.MAX_STEP, b.maxStep() == null ? 0 : b.maxStep())
        .arg(Arg.META, c.meta() == null ? "" : c.meta())
        .arg(Arg.WIDE_TIE, c.wideTie())
        .arg(Arg.MIN_SCORE, b.minScore())
        .arg(Arg.JOINING, b.competition().joinRequired() ? 1 : b.competition().joinsOnSubmit() ? 2 : 0)
        .arg(Arg.MAX_ATTEMPTS, b.competition().maxAttempts() == null ? 0 : b.competition().maxAttempts())
        .call();
  }

  /**
   * What the script answered. {@code ownEventId}: the event ID is the node's own, so a duplicate can
   * only be an earlier attempt of this same call, which was applied: it is answered as
   * {@link SubmitOutcome.Status#CHANGED} (whether that attempt changed the score is not known).
   */
  static SubmitOutcome outcome(String userId, Response r, boolean ownEventId) {
    SubmitOutcome.Status status = Script.status(SubmitOutcome.Status.class, r.get(0).toInteger());
    if (status == SubmitOutcome.Status.DUPLICATE && ownEventId) {
      status = SubmitOutcome.Status.CHANGED;
    }
    Integer left = r.size() > 3 && r.get(3).toInteger() >= 0 ? r.get(3).toInteger() : null;
    return new SubmitOutcome(status, EntryLookups.stored(userId, r.get(1)), EntryLookups.stored(userId, r.get(2)),
        null, left);
  }
}
