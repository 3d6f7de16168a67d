package dev.leaderboard.store.leagues;

import dev.leaderboard.core.League;
import dev.leaderboard.store.Keys;
import dev.leaderboard.store.dispatch.Call;
import dev.leaderboard.store.dispatch.Route;
import dev.leaderboard.store.dispatch.Script;
import dev.leaderboard.store.dispatch.ScriptCall;
import dev.leaderboard.store.dispatch.Shards;
import io.vertx.core.Future;
import io.vertx.core.json.JsonObject;
import io.vertx.redis.client.Command;
import io.vertx.redis.client.Request;
import io.vertx.redis.client.Response;
import io.vertx.redis.client.ResponseType;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;

/**
 * A league's scores of a new period held until the previous period's moves are applied, in the meta
 * shard beside the league's members ({@link Keys#leagueHeld}, its event IDs, per-user counts and the
 * league's holding periods): held by {@code league_hold.lua}, read and replayed a range at a time,
 * released by {@code league_release.lua}, and found per user for an export or an erasure
 * ({@code league_held_of.lua}).
 */
public final class HeldScoreStore {
  /** Holds a new period's scores until the previous period is applied ({@link #hold}). */
  public static final Script HOLD = new Script("league_hold.lua", true, HoldKey.class, HoldArg.class,
      Hold.class);
  /** Ends the holding once every held score was replayed ({@link #replayed}). */
  public static final Script RELEASE = new Script("league_release.lua", true, ReleaseKey.class, ReleaseArg.class,
      Release.class);
  /** One user's held scores, read or erased a range at a time ({@link #heldOf}). */
  public static final Script HELD_OF = new Script("league_held_of.lua", true, HeldOfKey.class, HeldOfArg.class,
      null);
  /** Positions of a held list read by one call of {@link #HELD_OF}. */
  private static final int HELD_RANGE = 10_000;
  private final Shards shards;

  public enum HeldOfKey { HELD, COUNTS }

  public enum HeldOfArg { USER, FROM, COUNT, ERASE }

  /** A score of the user held in a league until the previous period's moves are applied. */
  public record HeldOf(String league, String period, String json) {
  }

  public enum HoldKey { APPLIED, HELD, IDS, HOLDING, MEMBERS, BANS, COUNTS }

  public enum HoldArg implements ScriptCall.Variadic { PERIOD, AUTO_JOIN, EVENTS }

  /** What became of a score offered to {@link #hold}. */
  public enum Hold implements Script.Status {
    @Script.Code(0) SETTLED, @Script.Code(1) HELD, @Script.Code(2) HELD_BEFORE, @Script.Code(3) BANNED,
    @Script.Code(4) NOT_A_MEMBER, @Script.Code(5) SEND_NOW
  }

  public enum ReleaseKey { HELD, IDS, HOLDING, COUNTS }

  public enum ReleaseArg implements ScriptCall.Variadic { PERIOD, REPLAYED, USERS }

  /** How a {@link #release} ended. */
  public enum Release implements Script.Status {
    @Script.Code(1) RELEASED, @Script.Code(0) MORE_HELD
  }

  /** A score to hold: its user, event ID and the event as JSON, replayed as it is. */
  public record HeldScore(String userId, String eventId, String json) {
  }


  public HeldScoreStore(Shards shards) {
    this.shards = shards;
  }

  /**
   * Holds scores of the period after {@code period} until its moves are applied and the user's scores
   * held before are replayed, in one call that also refuses banned users and, without {@code autoJoin},
   * non-members; each score's {@link Hold}, in order ({@code SEND_NOW}: applied, and its user has
   * nothing held). {@code null} when the period is settled (applied, nothing held): the scores go to
   * their tier boards, and nothing is held after that period again.
   */
  public Future<List<Hold>> hold(League l, String period, List<HeldScore> scores) {
    ScriptCall<HoldKey, HoldArg> c = new ScriptCall<HoldKey, HoldArg>(HOLD, Route.META)
        .key(HoldKey.APPLIED, Keys.leagueApplied(l)).key(HoldKey.HELD, Keys.leagueHeld(l, period))
        .key(HoldKey.IDS, Keys.leagueHeldIds(l, period)).key(HoldKey.HOLDING, Keys.leagueHolding(l))
        .key(HoldKey.MEMBERS, Keys.leagueMembers(l)).key(HoldKey.BANS, Keys.BANS)
        .key(HoldKey.COUNTS, Keys.leagueHeldCounts(l, period)).arg(HoldArg.PERIOD, period).arg(HoldArg.AUTO_JOIN, l.autoJoin());
    scores.forEach(s -> c.arg(HoldArg.EVENTS, s.userId()).arg(HoldArg.EVENTS, s.eventId()).arg(HoldArg.EVENTS, s.json()));
    return shards.send(c.call()).map(r -> {
      if (r.type() != ResponseType.MULTI) {
        return null;
      }
      List<Hold> out = new ArrayList<>(r.size());
      for (int i = 0; i < r.size(); i++) {
        out.add(Script.status(Hold.class, r.get(i).toInteger()));
      }
      return out;
    });
  }

  /** Whether the period is settled: its moves applied and no score held after it (two commands, one round). */
  public Future<Boolean> settled(League l, String period) {
    return shards.dispatch(List.of(Call.of(Route.META, Request.cmd(Command.SISMEMBER).arg(Keys.leagueApplied(l))
        .arg(period)), Call.of(Route.META, Request.cmd(Command.EXISTS).arg(Keys.leagueHeld(l, period)))))
        .map(r -> r.get(0).toInteger() == 1 && r.get(1).toInteger() == 0);
  }

  /** Up to {@code count} of the scores held after the period, from the {@code from}-th (0 the first), as JSON. */
  public Future<List<String>> held(League l, String period, long from, int count) {
    return shards.send(Route.META, Request.cmd(Command.LRANGE).arg(Keys.leagueHeld(l, period)).arg(from)
        .arg(from + count - 1)).map(Shards::strings);
  }

  /**
   * The user's scores held in {@code leagues} (an export), or with {@code erase} those replaced by an
   * empty object the replay skips (an erasure): per league and held period, ranges of
   * {@value #HELD_RANGE} positions, each one script call on the meta shard.
   */
  public Future<List<HeldOf>> heldOf(List<League> leagues, String userId, boolean erase) {
    Future<List<HeldOf>> chain = Future.succeededFuture(new ArrayList<>());
    for (League l : leagues) {
        chain = chain.compose(out -> shards.send(Route.META, Request.cmd(Command.SMEMBERS).arg(Keys.leagueHolding(l)))
            .compose(periods -> {
              Future<List<HeldOf>> each = Future.succeededFuture(out);
              for (String p : Shards.strings(periods)) {
                each = each.compose(o -> heldOf(l, p, userId, erase, 0, o));
              }
              return each;
            }));
    }
    return chain;
  }

  private Future<List<HeldOf>> heldOf(League l, String period, String userId, boolean erase, long from,
      List<HeldOf> out) {
    return shards.send(new ScriptCall<HeldOfKey, HeldOfArg>(HELD_OF, Route.META)
        .key(HeldOfKey.HELD, Keys.leagueHeld(l, period)).key(HeldOfKey.COUNTS, Keys.leagueHeldCounts(l, period))
        .arg(HeldOfArg.USER, userId).arg(HeldOfArg.FROM, from).arg(HeldOfArg.COUNT, HELD_RANGE)
        .arg(HeldOfArg.ERASE, erase).call()).compose(r -> {
          for (int i = 1; i < r.size(); i++) {
            out.add(new HeldOf(l.name(), period, r.get(i).toString()));
          }
          return r.get(0).toInteger() < HELD_RANGE ? Future.succeededFuture(out)
              : heldOf(l, period, userId, erase, from + HELD_RANGE, out);
        });
  }

  /** How many of the scores held after the period were replayed (where a replay goes on from). */
  public Future<Long> replayedSoFar(League l, String period) {
    return shards.send(Route.META, Request.cmd(Command.HGET).arg(Keys.leagueHeldCounts(l, period)).arg(""))
        .map(r -> r == null ? 0L : r.toLong());
  }

  /**
   * Records that the held scores before position {@code replayed} were replayed ({@code users}: the
   * user of each score of the chunk just replayed, whose counts go down), and ends the holding when
   * no more are held; {@code false} when more are (replay them, then call again). Only after the
   * period's moves are applied.
   */
  public Future<Boolean> replayed(League l, String period, long replayed, List<String> users) {
    ScriptCall<ReleaseKey, ReleaseArg> c = new ScriptCall<ReleaseKey, ReleaseArg>(RELEASE, Route.META)
        .key(ReleaseKey.HELD, Keys.leagueHeld(l, period)).key(ReleaseKey.IDS, Keys.leagueHeldIds(l, period))
        .key(ReleaseKey.HOLDING, Keys.leagueHolding(l)).key(ReleaseKey.COUNTS, Keys.leagueHeldCounts(l, period))
        .arg(ReleaseArg.PERIOD, period).arg(ReleaseArg.REPLAYED, replayed);
    users.forEach(u -> c.arg(ReleaseArg.USERS, u));
    return shards.send(c.call()).map(r -> Script.status(Release.class, r.toInteger()) == Release.RELEASED);
  }
}
