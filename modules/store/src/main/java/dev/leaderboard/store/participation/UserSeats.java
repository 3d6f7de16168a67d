package dev.leaderboard.store.participation;

import dev.leaderboard.core.Board;
import dev.leaderboard.store.Keys;
import dev.leaderboard.store.dispatch.Call;
import dev.leaderboard.store.dispatch.Route;
import dev.leaderboard.store.dispatch.Shards;
import io.vertx.core.Future;
import io.vertx.redis.client.Command;
import io.vertx.redis.client.Request;
import io.vertx.redis.client.Response;
import java.util.ArrayList;
import java.util.List;

/**
 * One user's seats across board periods ({@link ParticipationStore} keeps each period's): read for an
 * export, taken away by an erasure and, once it is done, the user let back in. Each is one round over
 * the periods' home routes and the user's partitions.
 */
public final class UserSeats {
  private final Shards shards;

  public UserSeats(Shards shards) {
    this.shards = shards;
  }

  /** A board's period. */
  public record BoardPeriod(Board board, String period) {
  }

  /**
   * Removes the user's participation and attempts from the given periods (an erasure): one round
   * that bars the user from joining each period again ({@code join.lua} refuses them, whatever a
   * node's ban cache knows) and finds where they joined, one to remove them. The cohort keeps its count, so nobody is placed
   * in the gap and no cohort ever grows past its size. Answers how many periods the user had joined.
   */
  public Future<Integer> forget(List<BoardPeriod> periods, String userId) {
    List<Call> lookups = new ArrayList<>(periods.size() * 2);
    for (BoardPeriod bp : periods) {
      Route home = Keys.participation(bp.board(), bp.period());
      // barred first, in the same pipeline: a join after it is refused, one before it is seen below
      lookups.add(Call.of(home, Request.cmd(Command.SADD).arg(Keys.joinBarred(home)).arg(userId)));
      lookups.add(Call.of(home, Request.cmd(Command.HGET).arg(Keys.joined(home)).arg(userId)));
    }
    return shards.dispatch(lookups).map(all -> {
      List<Response> values = new ArrayList<>(periods.size());
      for (int i = 1; i < all.size(); i += 2) {
        values.add(all.get(i));
      }
      return values;
    }).compose(values -> {
      List<Call> removals = new ArrayList<>();
      int joined = 0;
      for (int i = 0; i < periods.size(); i++) {
        BoardPeriod bp = periods.get(i);
        Route partition = Keys.home(shards, bp.board(), bp.period(), userId);
        removals.add(Call.of(partition, Request.cmd(Command.HDEL).arg(Keys.participants(partition)).arg(userId)));
        removals.add(Call.of(partition, Request.cmd(Command.HDEL).arg(Keys.attempts(partition)).arg(userId)));
        if (values.get(i) == null) {
          continue;
        }
        joined++;
        Route home = Keys.participation(bp.board(), bp.period());
        removals.add(Call.of(home, Request.cmd(Command.LREM).arg(Keys.joinOrder(home)).arg(0)
            .arg(userId + "\n" + values.get(i))));
        removals.add(Call.of(home, Request.cmd(Command.ZREM).arg(Keys.cohortMembers(home)).arg(userId)));
        removals.add(Call.of(home, Request.cmd(Command.HDEL).arg(Keys.joined(home)).arg(userId)));
      }
      int count = joined;
      return shards.dispatch(removals).map(ok -> count);
    });
  }

  /**
   * Lets the user join the periods again (the last step of an erasure, once their data is gone): one
   * round.
   */
  public Future<Void> unbar(List<BoardPeriod> periods, String userId) {
    List<Call> calls = new ArrayList<>(periods.size());
    for (BoardPeriod bp : periods) {
      Route home = Keys.participation(bp.board(), bp.period());
      calls.add(Call.of(home, Request.cmd(Command.SREM).arg(Keys.joinBarred(home)).arg(userId)));
    }
    return calls.isEmpty() ? Future.succeededFuture() : shards.dispatch(calls).mapEmpty();
  }

  /** A user's place in one period: their participation ({@code null} when they have not joined) and the events applied for them. */
  public record Seat(ParticipationStore.Participant participant, long attempts) {
  }

  /** The user's {@link Seat} in each of the periods, in the order asked; one round. */
  public Future<List<Seat>> seats(List<BoardPeriod> periods, String userId) {
    List<Call> calls = new ArrayList<>(2 * periods.size());
    for (BoardPeriod bp : periods) {
      Route home = Keys.participation(bp.board(), bp.period());
      Route partition = Keys.home(shards, bp.board(), bp.period(), userId);
      calls.add(Call.of(home, Request.cmd(Command.HGET).arg(Keys.joined(home)).arg(userId)));
      calls.add(Call.of(partition, Request.cmd(Command.HGET).arg(Keys.attempts(partition)).arg(userId)));
    }
    return shards.dispatch(calls).map(answers -> {
      List<Seat> out = new ArrayList<>(periods.size());
      for (int i = 0; i < periods.size(); i++) {
        var joined = answers.get(2 * i);
        var attempts = answers.get(2 * i + 1);
        out.add(new Seat(joined == null ? null : ParticipationStore.Participant.parse(userId, joined.toString()),
            attempts == null ? 0 : attempts.toLong()));
      }
      return out;
    });
  }

}
