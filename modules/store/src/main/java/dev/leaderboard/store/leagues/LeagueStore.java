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
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * League definitions, in one Redis hash beside the boards' among the {@code lb:{meta}} keys, and
 * per league a hash of its members' current tiers ({@link Keys#leagueMembers}).
 */
public final class LeagueStore {
  /** Members per write of an apply: bounds one command's size on the meta shard. */
  private static final int CHUNK = 1000;
  /** Fields asked of one {@code HSCAN} of the members: a few milliseconds of the meta shard. */
  private static final int FIELDS_PER_SCAN = 5000;
  /** Writes of an apply sent in one pipelined round. */
  private static final int WRITES_PER_ROUND = 16;
  /** Joins users unless banned, atomically with the bans ({@link #joinAll}). */
  public static final Script JOIN = new Script("league_join.lua", true, JoinKey.class, JoinArg.class, null);
  private final Shards shards;
  /**
   * The definition of each league as this node last read it, and its text: a read of the same text is
   * not parsed again, and {@link #membership} reads the member's tier beside the definition with it.
   */
  private final Map<String, Read> lastRead = new ConcurrentHashMap<>();

  /** A league's stored text and the league it parses to. */
  private record Read(String text, League league) {
  }

  public enum JoinKey { MEMBERS, BANS }

  public enum JoinArg implements ScriptCall.Variadic { TIER, USERS }

  public LeagueStore(Shards shards) {
    this.shards = shards;
  }

  public Future<List<League>> loadAll() {
    return shards.send(Route.META, Request.cmd(Command.HVALS).arg(Keys.LEAGUES))
        .map(r -> Shards.strings(r).stream().map(json -> League.fromStored(new JsonObject(json))).toList());
  }

  public Future<League> get(String name) {
    return shards.send(Route.META, Request.cmd(Command.HGET).arg(Keys.LEAGUES).arg(name)).map(r -> parse(name, r));
  }

  /** The league stored as {@code stored} ({@code null}: none), parsed unless it is the text read last. */
  private League parse(String name, Response stored) {
    if (stored == null) {
      lastRead.remove(name);
      return null;
    }
    String text = stored.toString();
    Read last = lastRead.get(name);
    if (last != null && last.text().equals(text)) {
      return last.league();
    }
    League l = League.fromStored(new JsonObject(text));
    lastRead.put(name, new Read(text, l));
    return l;
  }

  /**
   * The league as stored now and the user's tier in it ({@code null}: no such league). The tier is read
   * in the same round as the definition, from the members of the league as this node last read it: a
   * league deleted and made again since (another uid, other members) has its tier read again, so the
   * answer is the one a read of the definition and then of the tier would give.
   */
  public Future<Membership> membership(String name, String userId) {
    Read last = lastRead.get(name);
    if (last == null) {
      return get(name).compose(l -> l == null ? Future.succeededFuture(null)
          : tierOf(l, userId).map(tier -> new Membership(l, tier)));
    }
    return shards.dispatch(List.of(Call.of(Route.META, Request.cmd(Command.HGET).arg(Keys.LEAGUES).arg(name)),
        Call.of(Route.META, Request.cmd(Command.HGET).arg(Keys.leagueMembers(last.league())).arg(userId))))
        .compose(answers -> {
          League l = parse(name, answers.get(0));
          if (l == null) {
            return Future.succeededFuture(null);
          }
          if (!l.uid().equals(last.league().uid())) {
            return tierOf(l, userId).map(tier -> new Membership(l, tier));
          }
          Response tier = answers.get(1);
          return Future.succeededFuture(new Membership(l, tier == null ? null : tier.toString()));
        });
  }

  /** Stores a new league unless one of that name exists; {@code false} when it did. */
  public Future<Boolean> create(League l) {
    return shards.send(Route.META, Request.cmd(Command.HSETNX).arg(Keys.LEAGUES).arg(l.name()).arg(l.toStored().encode()))
        .map(r -> r.toInteger() == 1);
  }

  public Future<Void> update(League l) {
    return shards.send(Route.META, Request.cmd(Command.HSET).arg(Keys.LEAGUES).arg(l.name()).arg(l.toStored().encode()))
        .mapEmpty();
  }

  /** Removes the definition, the members and any scores held. */
  public Future<Void> delete(League l) {
    return shards.send(Route.META, Request.cmd(Command.HDEL).arg(Keys.LEAGUES).arg(l.name()))
        .compose(ok -> shards.send(Route.META, Request.cmd(Command.SMEMBERS).arg(Keys.leagueHolding(l))))
        .compose(holding -> {
          Request unlink = Request.cmd(Command.UNLINK).arg(Keys.leagueMembers(l)).arg(Keys.leagueApplied(l))
              .arg(Keys.leagueHolding(l));
          Shards.strings(holding).forEach(p -> unlink.arg(Keys.leagueHeld(l, p)).arg(Keys.leagueHeldIds(l, p))
              .arg(Keys.leagueHeldCounts(l, p)));
          return shards.send(Route.META, unlink);
        })
        .mapEmpty();
  }

  /** Whether the period's moves were applied to the members. */
  public Future<Boolean> applied(League l, String period) {
    return shards.send(Route.META, Request.cmd(Command.SISMEMBER).arg(Keys.leagueApplied(l)).arg(period))
        .map(r -> r.toInteger() == 1);
  }

  /** Every period whose moves were applied to the members. */
  public Future<List<String>> appliedPeriods(League l) {
    return shards.send(Route.META, Request.cmd(Command.SMEMBERS).arg(Keys.leagueApplied(l))).map(Shards::strings);
  }

  /**
   * Sets each member's tier after the period's close ({@code null}: the member leaves), then marks
   * the period applied. The values are the moves' destinations, so applying them again after a
   * failure part way writes the same tiers. {@code true} for the one call that marked the period.
   * {@code users} and {@code tiers} go together: the i-th user's new tier is the i-th of {@code tiers}.
   */
  public Future<Boolean> apply(League l, String period, List<String> users, List<String> tiers) {
    if (users.size() != tiers.size()) {
      return Future.failedFuture(new IllegalArgumentException(users.size() + " users but " + tiers.size() + " tiers"));
    }
    String key = Keys.leagueMembers(l);
    List<Request> writes = new ArrayList<>();
    Request set = null;
    Request remove = null;
    int inSet = 0;
    int inRemove = 0;
    for (int i = 0; i < users.size(); i++) {
      String user = users.get(i);
      String tier = tiers.get(i);
      if (tier == null) {
        if (remove == null || inRemove == CHUNK) {
          remove = Request.cmd(Command.HDEL).arg(key);
          writes.add(remove);
          inRemove = 0;
        }
        remove.arg(user);
        inRemove++;
      } else {
        if (set == null || inSet == CHUNK) {
          set = Request.cmd(Command.HSET).arg(key);
          writes.add(set);
          inSet = 0;
        }
        set.arg(user).arg(tier);
        inSet++;
      }
    }
    return send(writes, 0).compose(v -> shards.send(Route.META, Request.cmd(Command.SADD).arg(Keys.leagueApplied(l))
        .arg(period))).map(r -> r.toInteger() == 1);
  }

  /** The writes from {@code from} on, {@link #WRITES_PER_ROUND} to a pipelined round. */
  private Future<Void> send(List<Request> writes, int from) {
    if (from >= writes.size()) {
      return Future.succeededFuture();
    }
    int to = Math.min(writes.size(), from + WRITES_PER_ROUND);
    List<Call> round = new ArrayList<>(to - from);
    for (Request w : writes.subList(from, to)) {
      round.add(Call.of(Route.META, w));
    }
    return shards.dispatch(round).compose(v -> send(writes, to));
  }

  /** The member's current tier; {@code null} for a user who is no member. */
  public Future<String> tierOf(League l, String userId) {
    return shards.send(Route.META, Request.cmd(Command.HGET).arg(Keys.leagueMembers(l)).arg(userId))
        .map(r -> r == null ? null : r.toString());
  }

  /**
   * Makes the user a member in {@code tier}; a member already keeps their tier unless {@code place}
   * (an administrator placing them). Answers the member's tier after the call and whether they are new.
   */
  public Future<Joined> join(League l, String userId, String tier, boolean place) {
    String key = Keys.leagueMembers(l);
    Request set = place ? Request.cmd(Command.HSET).arg(key).arg(userId).arg(tier)
        : Request.cmd(Command.HSETNX).arg(key).arg(userId).arg(tier);
    return shards.send(Route.META, set).compose(r -> {
      boolean added = r.toInteger() == 1;
      return place || added ? Future.succeededFuture(new Joined(tier, added))
          : tierOf(l, userId).map(current -> new Joined(current, false));
    });
  }

  /** Each user's current tier ({@code null} for a user who is no member), in the order asked: one command. */
  public Future<List<String>> tiersOf(League l, List<String> userIds) {
    if (userIds.isEmpty()) {
      return Future.succeededFuture(List.of());
    }
    Request get = Request.cmd(Command.HMGET).arg(Keys.leagueMembers(l));
    userIds.forEach(get::arg);
    return shards.send(Route.META, get).map(r -> {
      List<String> out = new ArrayList<>(userIds.size());
      for (int i = 0; i < userIds.size(); i++) {
        out.add(r.get(i) == null ? null : r.get(i).toString());
      }
      return out;
    });
  }

  /**
   * Makes each user a member in {@code tier} unless they are one already (a join as {@link #join}
   * without {@code place}) or banned, in one call; answers each user's tier after it, in order
   * ({@code null} for a banned non-member). The ban is read in the same script: a user whose
   * erasure has stored its ban is never joined again, whatever this node's ban registry knows yet.
   */
  public Future<List<String>> joinAll(League l, List<String> userIds, String tier) {
    if (userIds.isEmpty()) {
      return Future.succeededFuture(List.of());
    }
    ScriptCall<JoinKey, JoinArg> c = new ScriptCall<JoinKey, JoinArg>(JOIN, Route.META)
        .key(JoinKey.MEMBERS, Keys.leagueMembers(l)).key(JoinKey.BANS, Keys.BANS).arg(JoinArg.TIER, tier);
    userIds.forEach(u -> c.arg(JoinArg.USERS, u));
    return shards.send(c.call()).map(r -> {
      List<String> out = new ArrayList<>(r.size());
      for (int i = 0; i < r.size(); i++) {
        out.add(r.get(i) == null ? null : r.get(i).toString());
      }
      return out;
    });
  }

  /** A member's tier after a join, and whether the join made them a member. */
  public record Joined(String tier, boolean created) {
  }

  /** A league and the user's tier in it. */
  public record Membership(League league, String tier) {
  }


  /**
   * Every member of the league, user → tier: read with {@code HSCAN}, about {@link #FIELDS_PER_SCAN} fields a call,
   * so a league of any size neither holds the meta shard in one command nor comes back as one reply.
   * A member there for the whole read is in the answer once; one who joins or leaves meanwhile may
   * or may not be, as with a read just before or after.
   */
  public Future<Map<String, String>> members(League l) {
    // sized for them all first: a million members are not rehashed on the way
    return shards.send(Route.META, Request.cmd(Command.HLEN).arg(Keys.leagueMembers(l)))
        .compose(n -> scan(l, "0", new LinkedHashMap<>(n.toInteger() * 4 / 3 + 1)));
  }

  private Future<Map<String, String>> scan(League l, String cursor, Map<String, String> out) {
    return shards.send(Route.META, Request.cmd(Command.HSCAN).arg(Keys.leagueMembers(l)).arg(cursor).arg("COUNT")
        .arg(FIELDS_PER_SCAN)).compose(r -> {
          Response fields = r.get(1);
          for (int i = 0; i + 1 < fields.size(); i += 2) {
            out.put(fields.get(i).toString(), tier(l, fields.get(i + 1).toString()));
          }
          String next = r.get(0).toString();
          return next.equals("0") ? Future.succeededFuture(out) : scan(l, next, out);
        });
  }

  /** The league's own spelling of a stored tier name, so a million members share a few strings. */
  static String tier(League l, String stored) {
    int level = l.level(stored);
    return level < 0 ? stored : l.tiers().get(level);
  }
}
