package dev.leaderboard.store.participation;

import dev.leaderboard.core.Board;
import dev.leaderboard.store.Keys;
import dev.leaderboard.store.dispatch.Call;
import dev.leaderboard.store.dispatch.Route;
import dev.leaderboard.store.dispatch.ScriptCall;
import dev.leaderboard.store.dispatch.Script;
import dev.leaderboard.store.dispatch.Shards;
import io.vertx.core.Future;
import io.vertx.redis.client.Command;
import io.vertx.redis.client.Request;
import io.vertx.redis.client.Response;
import java.util.ArrayList;
import java.util.List;

/**
 * A board period's participants. A join is decided by {@code join.lua} on the period's home route
 * ({@link Keys#participation}), which alone counts the participants and places cohorts; the user's
 * partition then gets a copy ({@link Keys#participants}) so the submit script checks membership
 * atomically with the write. The copy is written after every join answer, so a join asked again
 * repairs a copy a failure left out.
 */
public final class ParticipationStore {
  /** Its Lua script ({@code join.lua}). */
  public static final Script JOIN = new Script("join.lua", true, Key.class, Arg.class, Status.class);
  /** The partition's copy of a seat, unless the partition marks the user banned ({@code participant_copy.lua}). */
  public static final Script COPY = new Script("participant_copy.lua", true, CopyKey.class, CopyArg.class,
      Copy.class);

  /** A user's seat and their cohort's members, in one call ({@code seat.lua}). */
  public static final Script SEAT = new Script("seat.lua", false, SeatKey.class, SeatArg.class, null);

  /** Places in a cohort's score range of {@link Keys#cohortMembers}: more than the largest cohort. */
  public static final long PLACES = 16384;

  public enum Key { JOINED, ORDER, OPEN_COHORTS, COHORT_COUNTS, COHORT_MEMBERS, CLOSED, LIVE, BARRED }

  public enum CopyKey { PARTICIPANTS, BANNED }

  public enum CopyArg { USER, VALUE }

  public enum SeatKey { JOINED, COHORT_MEMBERS }

  public enum SeatArg { USER, PLACES }

  /** How a partition's copy of a seat went. */
  public enum Copy implements Script.Status {
    @Script.Code(1) COPIED, @Script.Code(0) MARKED
  }

  public enum Arg { USER, NOW, MAX_SIZE, COHORT_SIZE, COHORT_VALUE }

  public enum Status implements Script.Status {
    @Script.Code(1) JOINED, @Script.Code(0) ALREADY, @Script.Code(-1) FULL, @Script.Code(-3) CLOSED,
    @Script.Code(-7) BOARD_GONE, @Script.Code(-8) BARRED;
  }

  /** A participant: when they joined (epoch ms) and their cohort (0 on a board without cohorts). */
  public record Participant(String userId, long joinedAt, long cohort) {
    static Participant parse(String userId, String value) {
      int cut = value.indexOf(':');
      return new Participant(userId, Long.parseLong(value.substring(0, cut)), Long.parseLong(value.substring(cut + 1)));
    }
  }

  /** What a join did; {@code participant} is {@code null} unless the user is one. */
  public record Join(Status status, Participant participant) {
  }

  /** Participants in join order from an offset, and how many there are. */
  public record ParticipantPage(long total, List<Participant> participants) {
  }

  private final Shards shards;

  public ParticipationStore(Shards shards) {
    this.shards = shards;
  }

  /**
   * Joins {@code userId} to the board's period at {@code nowMillis}; {@code cohortValue} is the user's
   * {@code cohortBy} attribute ({@code ""} when none).
   */
  public Future<Join> join(Board b, String period, String userId, String cohortValue, long nowMillis) {
    Route home = Keys.participation(b, period);
    Integer maxSize = b.competition().maxSize();
    Integer cohortSize = b.competition().cohortSize();
    Call call = new ScriptCall<Key, Arg>(JOIN, home)
        .key(Key.JOINED, Keys.joined(home)).key(Key.ORDER, Keys.joinOrder(home))
        .key(Key.OPEN_COHORTS, Keys.openCohorts(home)).key(Key.COHORT_COUNTS, Keys.cohortCounts(home))
        .key(Key.COHORT_MEMBERS, Keys.cohortMembers(home)).key(Key.CLOSED, Keys.closed(home))
        .key(Key.LIVE, Keys.live(home)).key(Key.BARRED, Keys.joinBarred(home))
        .arg(Arg.USER, userId)
        .arg(Arg.NOW, nowMillis)
        .arg(Arg.MAX_SIZE, maxSize == null ? 0 : maxSize)
        .arg(Arg.COHORT_SIZE, cohortSize == null ? 0 : cohortSize)
        .arg(Arg.COHORT_VALUE, cohortValue == null ? "" : cohortValue)
        .call();
    return shards.send(call).compose(r -> {
      Status status = Script.status(Status.class, r.get(0).toInteger());
      if (status != Status.JOINED && status != Status.ALREADY) {
        return Future.succeededFuture(new Join(status, null));
      }
      String value = r.get(1).toString();
      Route partition = partitionOf(b, period, userId);
      return shards.send(new ScriptCall<CopyKey, CopyArg>(COPY, partition)
              .key(CopyKey.PARTICIPANTS, Keys.participants(partition)).key(CopyKey.BANNED, Keys.banned(partition))
              .arg(CopyArg.USER, userId).arg(CopyArg.VALUE, value).call())
          // marked: an erasure of the user is under way, and takes this seat away too
          .map(c -> Script.status(Copy.class, c.toInteger()) == Copy.MARKED ? new Join(Status.BARRED, null)
              : new Join(status, Participant.parse(userId, value)));
    });
  }

  private Route partitionOf(Board b, String period, String userId) {
    return Keys.home(shards, b, period, userId);
  }

  /** {@code null} when the user has not joined the period. */
  public Future<Participant> participant(Board b, String period, String userId) {
    Route home = Keys.participation(b, period);
    return shards.send(home, Request.cmd(Command.HGET).arg(Keys.joined(home)).arg(userId))
        .map(v -> v == null ? null : Participant.parse(userId, v.toString()));
  }

  /** A participant and the members of their cohort in join order (none on a board without cohorts). */
  public record Seated(Participant participant, List<String> cohort) {
  }

  /**
   * The user's seat and their cohort's members in one call on the period's home route ({@code null}
   * when the user has not joined): what {@link #participant} and then {@link #cohort} answer.
   */
  public Future<Seated> seated(Board b, String period, String userId) {
    Route home = Keys.participation(b, period);
    return shards.send(new ScriptCall<SeatKey, SeatArg>(SEAT, home)
        .key(SeatKey.JOINED, Keys.joined(home)).key(SeatKey.COHORT_MEMBERS, Keys.cohortMembers(home))
        .arg(SeatArg.USER, userId).arg(SeatArg.PLACES, PLACES).call()).map(r -> {
          if (r.size() == 0) {
            return null;
          }
          List<String> members = new ArrayList<>(r.size() - 1);
          for (int i = 1; i < r.size(); i++) {
            members.add(r.get(i).toString());
          }
          return new Seated(Participant.parse(userId, r.get(0).toString()), members);
        });
  }

  /** Each user's participation ({@code null} where they have not joined), in the order asked: one command. */
  public Future<List<Participant>> participants(Board b, String period, List<String> userIds) {
    if (userIds.isEmpty()) {
      return Future.succeededFuture(List.of());
    }
    Route home = Keys.participation(b, period);
    Request get = Request.cmd(Command.HMGET).arg(Keys.joined(home));
    userIds.forEach(get::arg);
    return shards.send(home, get).map(r -> {
      List<Participant> out = new ArrayList<>(userIds.size());
      for (int i = 0; i < userIds.size(); i++) {
        out.add(r.get(i) == null ? null : Participant.parse(userIds.get(i), r.get(i).toString()));
      }
      return out;
    });
  }

  /** Participants {@code offset .. offset + limit - 1} in join order, with the total, in one round. */
  public Future<ParticipantPage> page(Board b, String period, long offset, int limit) {
    Route home = Keys.participation(b, period);
    return shards.dispatch(List.of(Call.of(home, Request.cmd(Command.LLEN).arg(Keys.joinOrder(home))),
        Call.of(home, Request.cmd(Command.LRANGE).arg(Keys.joinOrder(home)).arg(offset).arg(offset + limit - 1))))
        .map(answers -> new ParticipantPage(answers.get(0).toLong(), records(answers.get(1))));
  }

  /** Participants a command of {@link #all} reads: the shard serves others between two of them. */
  private static final int ALL_PAGE = 10_000;

  /**
   * Every participant in join order (for the archive): the list's length, then its pages in one
   * pipelined round, so a period of a million participants never holds its shard for one long command.
   * The period is frozen when the archive reads it, so the pages add up to the list.
   */
  public Future<List<Participant>> all(Board b, String period) {
    Route home = Keys.participation(b, period);
    return shards.send(home, Request.cmd(Command.LLEN).arg(Keys.joinOrder(home))).compose(length -> {
      List<Call> pages = new ArrayList<>();
      for (long from = 0; from < length.toLong(); from += ALL_PAGE) {
        pages.add(Call.of(home, Request.cmd(Command.LRANGE).arg(Keys.joinOrder(home)).arg(from)
            .arg(from + ALL_PAGE - 1)));
      }
      return pages.isEmpty() ? Future.succeededFuture(List.<Participant>of()) : shards.dispatch(pages).map(answers -> {
        List<Participant> out = new ArrayList<>(length.toInteger());
        answers.forEach(page -> out.addAll(records(page)));
        return out;
      });
    });
  }

  private static List<Participant> records(Response list) {
    List<Participant> out = new ArrayList<>(list.size());
    for (Response item : list) {
      String s = item.toString();
      int cut = s.indexOf('\n');
      out.add(Participant.parse(s.substring(0, cut), s.substring(cut + 1)));
    }
    return out;
  }

  /** The members of a cohort in their order of placement (empty when there is no such cohort). */
  public Future<List<String>> cohort(Board b, String period, long cohort) {
    Route home = Keys.participation(b, period);
    return shards.send(home, Request.cmd(Command.ZRANGEBYSCORE).arg(Keys.cohortMembers(home))
        .arg(cohort * PLACES).arg(cohort * PLACES + PLACES - 1)).map(Shards::strings);
  }

  /** How many participants a period holds and how many cohorts it drew. */
  public record Counts(long participants, long cohorts) {
  }

  /**
   * The period's participants and cohorts in one round on its home route; cohort IDs are drawn one
   * after another from 1, so the last one drawn is how many there are.
   */
  public Future<Counts> counts(Board b, String period) {
    Route home = Keys.participation(b, period);
    return shards.dispatch(List.of(Call.of(home, Request.cmd(Command.LLEN).arg(Keys.joinOrder(home))),
        Call.of(home, Request.cmd(Command.HGET).arg(Keys.cohortCounts(home)).arg("next"))))
        .map(answers -> new Counts(answers.get(0).toLong(), answers.get(1) == null ? 0 : answers.get(1).toLong()));
  }

  /** Per user, the events applied for them in the period (0 for none), in the order asked; one round. */
  public Future<long[]> attemptsUsed(Board b, String period, List<String> userIds) {
    List<Call> calls = new ArrayList<>(userIds.size());
    for (String u : userIds) {
      Route r = partitionOf(b, period, u);
      calls.add(Call.of(r, Request.cmd(Command.HGET).arg(Keys.attempts(r)).arg(u)));
    }
    return shards.dispatch(calls).map(answers -> {
      long[] out = new long[answers.size()];
      for (int i = 0; i < out.length; i++) {
        out[i] = answers.get(i) == null ? 0 : answers.get(i).toLong();
      }
      return out;
    });
  }
}
