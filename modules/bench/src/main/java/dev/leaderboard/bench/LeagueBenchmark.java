package dev.leaderboard.bench;

import dev.leaderboard.core.Board;
import dev.leaderboard.core.LeaderboardException;
import dev.leaderboard.core.League;
import dev.leaderboard.core.Refusal;
import dev.leaderboard.core.Period;
import dev.leaderboard.embedded.LocalPostgres;
import dev.leaderboard.embedded.LocalRedisShards;
import dev.leaderboard.service.NodeStore;
import dev.leaderboard.service.LeaderboardServiceImpl;
import dev.leaderboard.service.ServiceGraph;
import dev.leaderboard.service.intake.ScoreNotices;
import dev.leaderboard.service.periods.PeriodCloser;
import dev.leaderboard.service.request.ScoreBatch;
import dev.leaderboard.service.request.ScoreEvent;
import dev.leaderboard.service.result.BatchResult;
import dev.leaderboard.store.dispatch.RedisPool;
import dev.leaderboard.store.dispatch.RedisTopology;
import dev.leaderboard.store.dispatch.Shards;
import dev.leaderboard.store.leagues.LeagueStore;
import dev.leaderboard.store.participation.ParticipationStore;
import dev.leaderboard.store.scores.ScoreStore;
import dev.leaderboard.store.scores.SubmitCommand;
import dev.leaderboard.store.scores.SubmitOutcome;
import io.vertx.core.Future;
import io.vertx.core.Vertx;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.function.IntFunction;
import java.util.function.Supplier;

/**
 * The close of one league period beside the archiving of a plain board of the same size, in the same
 * run, on 4 local Redis shards and a local PostgreSQL, the service in this process. The league has
 * {@code members} members over 5 tiers (a fifth each, placed as an admin's join does), in cohorts of 30;
 * each member scores once: the first {@link #NORMAL_PATH} through the service's league submit, the
 * others through the same join and submit scripts in pipelined batches (the service's answer reads
 * the cohort's board, which a million would wait on for an hour); the plain board gets the same
 * users and scores through batch submits, and so does a tournament (a board of cohorts of 50 whose
 * rewards pay the best 3 of each cohort; {@code -Dtournament=false} leaves it out). The plain board is
 * archived twice, a copy before the other closes and one after them, into the tables they grew; each
 * close's ratio is given against the mean of the two, and against each. Each close
 * is timed with the CPU it took in this process (the node), the shards and PostgreSQL; the tournament's
 * rewards are counted. The close's
 * answer is then checked: every member once, each cohort ranked 1..n by score, its quotas moved, and
 * the members' tiers after it.
 *
 * <p>Usage: {@code java -Dmembers=1000000 -cp modules/bench/target/bench.jar
 * dev.leaderboard.bench.LeagueBenchmark}. See docs/benchmarks.md.
 */
public final class LeagueBenchmark {
  private static final int SHARDS = 4;
  private static final List<String> TIERS = List.of("bronze", "silver", "gold", "platinum", "diamond");
  private static final int COHORT_SIZE = 30;
  private static final int PROMOTE = 5;
  private static final int RELEGATE = 5;
  private static final int IN_FLIGHT = 256;
  private static final int BATCH = 1000;
  private static final int BATCHES_IN_FLIGHT = 4;
  /** League scores in flight across the period's end. */
  private static final int STREAM_WIDTH = 16;
  /** The tournament beside the league: its cohorts' size, and how many of each cohort its rewards pay. */
  private static final int TOURNAMENT_COHORT = 50;
  private static final int TOURNAMENT_PRIZES = 3;
  /** Members whose score goes through the whole service path (its answer reads the cohort's board). */
  private static final int NORMAL_PATH = 2000;
  /** The league's definition (the benchmark's league and the warm-up's). */
  private static final JsonObject LEAGUE = new JsonObject().put("tiers", new JsonArray(new ArrayList<Object>(TIERS)))
      .put("cohortSize", COHORT_SIZE).put("promote", PROMOTE).put("relegate", RELEGATE).put("period", "monthly");
  /** Members of the smaller league, tournament and plain board closed before the timed closes. */
  private static final int WARM_MEMBERS = 50_000;
  /** Calls in flight, and seconds, of each read measured beside a plain one. */
  private static final int READS_IN_FLIGHT = 64;
  private static final int READ_SECONDS = 10;
  /** Within the tier boards' packed layout of a monthly period. */
  private static final long MAX_SCORE = 2_000_000;

  private LeagueBenchmark() {
  }

  public static void main(String[] args) throws Exception {
    int members = Integer.getInteger("members", 1_000_000);
    Path dir = Files.createTempDirectory("leaderboard-league-bench");
    Report report = new Report();
    long t0 = System.nanoTime();
    try (LocalRedisShards redis = LocalRedisShards.start(dir, SHARDS); LocalPostgres pg = LocalPostgres.start(dir)) {
      Vertx vertx = Vertx.vertx();
      NodeStore store = NodeStore.connect(vertx, new NodeStore.Options(RedisTopology.standalone(redis.endpoints()),
          pg.uri(), RedisPool.of(32))).await();
      try {
        ShiftedClock clock = new ShiftedClock();
        LeaderboardServiceImpl service = new ServiceGraph(vertx, store, clock, SHARDS, PeriodCloser.DEFAULT_LEASE_MILLIS,
            ScoreNotices.DEFAULT_INTERVAL_MS).service();
        long[] scores = scores(members);

        report.section("setup: " + members + " members, " + TIERS.size() + " tiers, cohorts of " + COHORT_SIZE
            + " (machine: " + Runtime.getRuntime().availableProcessors() + " cores, JDK "
            + System.getProperty("java.version") + ", " + SHARDS + " Redis shards, PostgreSQL)");
        service.putLeague("bench", LEAGUE.copy()).await();
        LeagueStore leagues = store.leagues();
        League league = leagues.get("bench").await();
        Board tier = store.boardStore().get(league.tierBoard(TIERS.get(0))).await();
        // the same plain board twice: archived before the league and the tournament, and after them, into the
        // tables they have grown (each archive's user-led index takes its rows at random places, and a larger
        // index costs more a row): the two bracket the closes between them
        for (String plain : List.of("plain", "plain-after")) {
          service.putBoard(plain, plainBoard(tier)).await();
        }
        // a tournament: participants joined on their first score into cohorts of TOURNAMENT_COHORT, the best
        // TOURNAMENT_PRIZES of each cohort paid at the close
        boolean tournament = Boolean.parseBoolean(System.getProperty("tournament", "true"));
        if (tournament) {
          service.putBoard("tournament", tournamentBoard(tier)).await();
        }
        String period = tier.periodOf(Instant.now()).id();
        // the store's write behind an admin's join with a tier, without re-reading the league for each
        timed(report, "members placed in their tiers (LeagueStore.join)", members, () -> inFlight(members, IN_FLIGHT,
            u -> leagues.join(league, user(u), TIERS.get(u % TIERS.size()), true)));
        int normal = Math.min(NORMAL_PATH, members);
        timed(report, "league scores of the first members through the service (LeaderboardService.submitLeague)",
            normal, () -> inFlight(normal, IN_FLIGHT, u -> service.submitLeague("bench", new ScoreEvent(new JsonObject()
                .put("userId", user(u)).put("value", scores[u]))).map(s -> {
                  if (!period.equals(s.period())) {
                    throw new IllegalStateException("the period turned during the load: " + s.toJson());
                  }
                  return s;
                })));
        timed(report, "league scores of the others through the join and submit scripts, pipelined", members - normal,
            () -> scripts(store, league, period, scores, normal));
        timed(report, "plain board scores, batches of " + BATCH, members, () -> plain(service, "plain", scores));
        timed(report, "the same scores on the second plain board", members, () -> plain(service, "plain-after", scores));
        if (tournament) {
          timed(report, "tournament scores (each a join on the first), batches of " + BATCH, members,
              () -> plain(service, "tournament", scores));
        }
        // -Dclose=false: the reads and scores beside plain ones, without the close (whose check the scores would change)
        boolean close = Boolean.parseBoolean(System.getProperty("close", "true"));
        Shards statsShards = Shards.connect(vertx, redis.endpoints(), 2);
        reads(report, dir, service, members, !close, new RedisNodes(statsShards, SHARDS));
        if (!close) {
          return;
        }

        warmUp(report, service, store, tier, period, Math.min(members, WARM_MEMBERS), tournament);
        pauseAutovacuum(pg);
        report.section("closing period " + period + " (the autovacuum paused: each close vacuumed before the next)");
        report.line("| close | entries | time ms | CPU s: node / shards / PostgreSQL / machine |");
        report.line("|---|---:|---:|---|");
        double tournamentMillis = 0;
        settle(pg);
        CloseCpu plain = CloseCpu.start(dir);
        service.closePeriod("plain", period).await();
        report.line("| plain board (baseline) | %,d | %s |", members, plain.stop());
        if (tournament) {
          settle(pg);
          CloseCpu closingTournament = CloseCpu.start(dir);
          service.closePeriod("tournament", period).await();
          report.line("| tournament, cohorts of %d, the best %d of each paid | %,d | %s |", TOURNAMENT_COHORT,
              TOURNAMENT_PRIZES, members, closingTournament.stop());
          tournamentMillis = closingTournament.millis();
          long paid = store.archive().rewards().count(store.boardStore().get("tournament").await().uid(), period).await();
          long cohorts = (members + TOURNAMENT_COHORT - 1) / TOURNAMENT_COHORT;
          long expected = (members / TOURNAMENT_COHORT) * TOURNAMENT_PRIZES
              + Math.min(TOURNAMENT_PRIZES, members % TOURNAMENT_COHORT);
          if (paid != expected) {
            throw new IllegalStateException("the tournament paid " + paid + " rewards over " + cohorts + " cohorts, not "
                + expected);
          }
        }
        // at rest before the period ends (the grace's held scores write nothing to PostgreSQL)
        settle(pg);
        // the period ends: scores of the next one stream through its grace, the close and after
        Instant end = tier.parsePeriod(period).end();
        clock.jumpTo(end.plusSeconds(1));
        // -Dstream.width=0: the close alone, on a quiet machine, as the plain archive runs
        BoundaryStream stream = BoundaryStream.start(vertx, service, "bench", members,
            Integer.getInteger("stream.width", STREAM_WIDTH));
        CloseCpu closing;
        double closeSeconds;
        try {
          Thread.sleep(tier.graceSeconds() * 1000L);
          closing = CloseCpu.start(dir);
          long closeStart = System.nanoTime();
          Future<?> closed = service.closeLeague("bench", period);
          closed.transform(ar -> Future.succeededFuture()).await();
          // a score past the grace may have started the close first (409 here): it is done once the period is settled
          while (!store.heldScores().settled(league, period).await()) {
            if (closed.failed() && !(closed.cause() instanceof LeaderboardException e
                && e.refusal() == Refusal.PERIOD_CLOSING)) {
              throw new IllegalStateException("the league's close failed", closed.cause());
            }
            Thread.sleep(50);
          }
          report.line("| league, %d tiers, cohorts of %d | %,d | %s |", TIERS.size(), COHORT_SIZE, members,
              closing.stop());
          closeSeconds = (System.nanoTime() - closeStart) / 1e9;
          Thread.sleep(5_000);
        } finally {
          stream.stop();
        }
        settle(pg);
        CloseCpu plainAfter = CloseCpu.start(dir);
        service.closePeriod("plain-after", period).await();
        report.line("| plain board again, after the closes above (baseline) | %,d | %s |", members, plainAfter.stop());
        double mean = (plain.millis() + plainAfter.millis()) / 2;
        report.line("plain archives: %.1f s before, %.1f s after, mean %.1f s", plain.millis() / 1000,
            plainAfter.millis() / 1000, mean / 1000);
        if (tournament) {
          report.line("tournament close / plain archive: %.2fx the mean (%.2fx before, %.2fx after)",
              tournamentMillis / mean, tournamentMillis / plain.millis(), tournamentMillis / plainAfter.millis());
        }
        report.line("league close / plain archive: %.2fx the mean (%.2fx before, %.2fx after)", closing.millis() / mean,
            closing.millis() / plain.millis(), closing.millis() / plainAfter.millis());
        report.line("across the period's end (from 1 s into the new period, through its %d s grace, the %.1f s close and"
            + " 5 s after): %s", tier.graceSeconds(), closeSeconds, stream.summary());
        if (stream.refused() > 0) {
          throw new IllegalStateException("scores were refused at the boundary: " + stream.summary());
        }
        long total = store.archive().leagueMoves().counts(leagues.get("bench").await().uid(), period).await().total();
        if (total != members) {
          throw new IllegalStateException("the close recorded " + total + " moves for " + members);
        }
        // the answer lists the first moves only: the check reads every recorded move back
        JsonArray moves = new JsonArray();
        store.archive().leagueMoves().period(leagues.get("bench").await().uid(), period).await().forEach(m -> moves.add(
            new JsonObject().put("userId", m.userId()).put("from", m.from()).put("to", m.to()).put("cohort", m.cohort())
                .put("cohortRank", m.cohortRank()).put("score", m.score()).put("movement", m.movement())));
        check(moves, scores);
        checkTiers(leagues, moves);
        report.line("checked: every member moved once, each cohort ranked by score with its quotas, tiers applied");
      } finally {
        store.close().await();
        vertx.close().await();
      }
    } finally {
      Local.deleteTree(dir);
    }
    System.out.printf("%n%sbenchmark took %.0f s%n", report.text(), (System.nanoTime() - t0) / 1e9);
  }

  /**
   * A league member's reads beside a plain user's, the same users in the same run, each for
   * {@link #READ_SECONDS} in alternating rounds ({@link PairedReads}) with {@link #READS_IN_FLIGHT} calls in
   * flight on the service in this process: the member's standing (tier, cohort rank, zone and the
   * cohort's entries) beside a plain board's user read, and a member's score (its answer: tier, cohort,
   * rank and zone; {@code scoresToo}) beside a plain submit with rank.
   */
  private static void reads(Report report, Path dir, LeaderboardServiceImpl service, int members, boolean scoresToo,
      RedisNodes nodes) throws Exception {
    report.section("reads: a league member's beside a plain user's (" + READS_IN_FLIGHT + " in flight, "
        + READ_SECONDS + " s each in " + PairedReads.ROUNDS + " alternating rounds, service calls in this process)");
    report.line("| read | answers/s | CPU ms per answer: node / shards | Redis µs per answer | top commands: calls / µs per"
        + " answer |");
    report.line("|---|---:|---|---:|---|");
    SplittableRandom rnd = new SplittableRandom(7);
    PairedReads reads = new PairedReads(dir, nodes, READS_IN_FLIGHT, READ_SECONDS);
    double standing = reads.pair(report, "plain board: a user's entry with rank", () -> service.user("plain",
        user(rnd.nextInt(members)), null, null, false), "league: a member's standing (GET .../users/{u})",
        () -> service.leagueUser("bench", user(rnd.nextInt(members)), null, null));
    if (!scoresToo) {
      report.line("a member's standing / a user's entry: %.2fx (time per answer at full load)", standing);
      return;
    }
    double score = reads.pair(report, "plain board: a score with rank", () -> service.submit("plain", new ScoreEvent(
        new JsonObject().put("userId", user(rnd.nextInt(members))).put("value", 1)), true),
        "league: a member's score with tier, cohort rank and zone", () -> service.submitLeague("bench",
            new ScoreEvent(new JsonObject().put("userId", user(rnd.nextInt(members))).put("value", 1))));
    report.line("a member's standing / a user's entry: %.2fx; a league score / a plain score with rank: %.2fx"
        + " (time per answer at full load)", standing, score);
  }

  /**
   * A league, a plain board and a tournament of {@code members} (a smaller size than the timed ones, the
   * same definitions) filled and closed before the timed closes, so that each timed close runs code the
   * JIT has compiled, as on a node that has closed periods before: a first close in a fresh process
   * compiles its paths as it runs, and on two cores the compiler's threads take the CPU the close
   * would use.
   */
  private static void warmUp(Report report, LeaderboardServiceImpl service, NodeStore store, Board tier,
      String period, int members, boolean tournament) {
    long t = System.nanoTime();
    service.putLeague("warm", LEAGUE.copy()).await();
    List<String> boards = new ArrayList<>(List.of("warm-plain"));
    service.putBoard("warm-plain", plainBoard(tier)).await();
    if (tournament) {
      service.putBoard("warm-tournament", tournamentBoard(tier)).await();
      boards.add("warm-tournament");
    }
    League league = store.leagues().get("warm").await();
    long[] scores = scores(members);
    inFlight(members, IN_FLIGHT, u -> store.leagues().join(league, user(u), TIERS.get(u % TIERS.size()), true));
    scripts(store, league, period, scores, 0);
    for (String b : boards) {
      plain(service, b, scores);
      service.closePeriod(b, period).await();
    }
    service.closeLeague("warm", period).await();
    report.line("warm-up: a league, %s of %,d members filled and closed in %.1f s", String.join(" and ", boards),
        members, (System.nanoTime() - t) / 1e9);
  }

  /**
   * No autovacuum from here on: its launcher looks at each database once a minute and vacuums a table
   * that grew by a fifth since its last vacuum, so a vacuum of the archive (seconds of PostgreSQL's CPU
   * at a million rows) would fall into one timed close and not another as it happens. Each close's
   * rows are vacuumed by {@link #settle} before the next close instead, outside every figure (the
   * plain archive's alike).
   */
  private static void pauseAutovacuum(LocalPostgres pg) throws SQLException {
    try (Connection c = DriverManager.getConnection(pg.jdbcUrl()); Statement s = c.createStatement()) {
      s.execute("alter system set autovacuum = off");
      s.execute("select pg_reload_conf()");
    }
  }

  /**
   * Before a close is timed, PostgreSQL is brought to rest: a {@code vacuum analyze} does the work
   * the autovacuum would have done on the rows the closes before wrote; then
   * a checkpoint, so that each close starts with no other's dirty pages to write and pays the
   * full-page images its own first touch of each page costs, as every close does after the checkpoint
   * before it (a checkpoint falling inside only one close would make that one slower).
   */
  private static void settle(LocalPostgres pg) throws SQLException {
    try (Connection c = DriverManager.getConnection(pg.jdbcUrl()); Statement s = c.createStatement()) {
      s.execute("vacuum analyze");
      s.execute("checkpoint");
    }
  }

  /** A plain board of the tier boards' period, order, operator and score bound. */
  private static JsonObject plainBoard(Board tier) {
    return new JsonObject().put("period", "monthly").put("order", tier.order().wireName())
        .put("operator", tier.operator().wireName()).put("maxScore", tier.maxScore());
  }

  /**
   * A tournament beside the plain board: participants joined on their first score into cohorts of
   * {@link #TOURNAMENT_COHORT}, the best {@link #TOURNAMENT_PRIZES} of each cohort paid at the close.
   */
  private static JsonObject tournamentBoard(Board tier) {
    return plainBoard(tier).put("cohortSize", TOURNAMENT_COHORT).put("rewards", new JsonArray().add(new JsonObject()
        .put("ranks", new JsonArray().add(1).add(TOURNAMENT_PRIZES)).put("reward", new JsonObject().put("coins", 100))));
  }

  private static String user(int u) {
    return "u" + u;
  }

  private static long[] scores(int members) {
    SplittableRandom rnd = new SplittableRandom(1);
    long[] out = new long[members];
    for (int u = 0; u < members; u++) {
      out[u] = 1 + rnd.nextLong(MAX_SCORE);
    }
    return out;
  }

  private static void timed(Report report, String what, int members, Runnable load) {
    long t = System.nanoTime();
    load.run();
    double s = (System.nanoTime() - t) / 1e9;
    report.line("%s: %,d in %.1f s (%,.0f/s)", what, members, s, members / s);
  }

  /** {@code call(i)} for each {@code i} below {@code count}, {@code width} at a time. */
  private static void inFlight(int count, int width, IntFunction<Future<?>> call) {
    List<Future<?>> pending = new ArrayList<>(width);
    for (int u = 0; u < count; u++) {
      pending.add(call.apply(u));
      if (pending.size() == width || u == count - 1) {
        Future.all(pending).await();
        pending.clear();
      }
    }
  }

  /**
   * What a member's first league score writes, for members {@code from} on: the join script (seated
   * in a cohort of their tier, in member order), then the submit script with the command the
   * service's parser makes of {@code {userId, value}} on a tier board (no sort keys, the time of
   * receipt), {@link #BATCH} to a pipelined {@link ScoreStore#submitAll}.
   */
  private static void scripts(NodeStore store, League l, String period, long[] scores, int from) {
    List<Board> tiers = new ArrayList<>();
    for (String t : TIERS) {
      Board b = store.boards().require(l.tierBoard(t)).await();
      if (b.wide() || !b.sortKeys().isEmpty()) {
        throw new IllegalStateException("the loader writes packed tier boards without sort keys: " + b.name());
      }
      store.boardStore().addPeriod(b, period).await();
      tiers.add(b);
    }
    ParticipationStore joins = store.participation();
    inFlight(scores.length - from, IN_FLIGHT, i -> {
      int u = from + i;
      return joins.join(tiers.get(u % TIERS.size()), period, user(u), "", System.currentTimeMillis()).map(j -> {
        if (j.status() != ParticipationStore.Status.JOINED) {
          throw new IllegalStateException("join of " + user(u) + ": " + j.status());
        }
        return j;
      });
    });
    List<Supplier<Future<List<SubmitOutcome>>>> batches = new ArrayList<>();
    for (int t = 0; t < TIERS.size(); t++) {
      Board b = tiers.get(t);
      Period p = b.parsePeriod(period);
      List<Integer> users = new ArrayList<>();
      for (int u = from; u < scores.length; u++) {
        if (u % TIERS.size() == t) {
          users.add(u);
        }
      }
      for (int k = 0; k < users.size(); k += BATCH) {
        List<Integer> chunk = users.subList(k, Math.min(users.size(), k + BATCH));
        batches.add(() -> {
          long now = System.currentTimeMillis();
          long tie = b.codec().tie(Math.floorDiv(now - p.start().toEpochMilli(), b.tieResolution().millis()));
          List<SubmitCommand> commands = chunk.stream().map(u -> new SubmitCommand(period, user(u), b.operator(),
              scores[u], tie, null, null, null)).toList();
          return store.scores().submitAll(b, commands, now, b.dedupeSeconds() * 1000).map(outcomes -> {
            for (SubmitOutcome o : outcomes) {
              if (o.status() != SubmitOutcome.Status.CHANGED) {
                throw new IllegalStateException("a score of " + b.name() + " was not applied: " + o.status());
              }
            }
            return outcomes;
          });
        });
      }
    }
    inFlight(batches.size(), BATCHES_IN_FLIGHT, i -> batches.get(i).get());
  }

  private static void plain(LeaderboardServiceImpl service, String board, long[] scores) {
    List<Supplier<Future<BatchResult>>> batches = new ArrayList<>();
    for (int from = 0; from < scores.length; from += BATCH) {
      int start = from;
      batches.add(() -> {
        JsonArray events = new JsonArray();
        for (int u = start; u < Math.min(scores.length, start + BATCH); u++) {
          events.add(new JsonObject().put("userId", user(u)).put("value", scores[u]));
        }
        return service.submitBatch(board, new ScoreBatch(new JsonObject().put("events", events))).map(r -> {
          if (r.applied() != events.size()) {
            throw new IllegalStateException("a batch of board " + board + " was not applied whole: " + r.toJson());
          }
          return r;
        });
      });
    }
    inFlight(batches.size(), BATCHES_IN_FLIGHT, i -> batches.get(i).get());
  }

  /**
   * Every member once; in each cohort the ranks are 1..n in the order of the scores each member sent
   * (best first), the top {@link #PROMOTE} move up but from the top tier, the last {@link #RELEGATE}
   * down but from the lowest, the rest stay.
   */
  private static void check(JsonArray moves, long[] scores) {
    if (moves.size() != scores.length) {
      throw new IllegalStateException(moves.size() + " moves for " + scores.length + " members");
    }
    Map<String, List<JsonObject>> cohorts = new HashMap<>();
    for (int i = 0; i < moves.size(); i++) {
      JsonObject m = moves.getJsonObject(i);
      cohorts.computeIfAbsent(m.getString("from") + "/" + m.getLong("cohort"), k -> new ArrayList<>()).add(m);
    }
    boolean[] seen = new boolean[scores.length];
    for (Map.Entry<String, List<JsonObject>> c : cohorts.entrySet()) {
      List<JsonObject> seats = c.getValue();
      seats.sort((a, b) -> Long.compare(a.getLong("cohortRank"), b.getLong("cohortRank")));
      int level = TIERS.indexOf(seats.get(0).getString("from"));
      int n = seats.size();
      if (n > COHORT_SIZE) {
        throw new IllegalStateException("cohort " + c.getKey() + " has " + n + " members");
      }
      for (int r = 0; r < n; r++) {
        JsonObject m = seats.get(r);
        int u = Integer.parseInt(m.getString("userId").substring(1));
        if (seen[u] || m.getLong("cohortRank") != r + 1 || m.getLong("score") != scores[u]
            || r > 0 && scores[u] > seats.get(r - 1).getLong("score") || TIERS.indexOf(m.getString("from")) != u % TIERS.size()) {
          throw new IllegalStateException("cohort " + c.getKey() + " at rank " + (r + 1) + ": " + m);
        }
        seen[u] = true;
        String movement = r < PROMOTE && level < TIERS.size() - 1 ? "up" : r >= n - RELEGATE && level > 0 ? "down" : "stay";
        if (!movement.equals(m.getString("movement"))) {
          throw new IllegalStateException("cohort " + c.getKey() + " of " + n + " at rank " + (r + 1) + " should "
              + movement + ": " + m);
        }
      }
    }
  }

  /** The members' tiers after the close are the moves' destinations. */
  private static void checkTiers(LeagueStore leagues, JsonArray moves) {
    League l = leagues.get("bench").await();
    Map<String, String> tiers = leagues.members(l).await();
    for (int i = 0; i < moves.size(); i++) {
      JsonObject m = moves.getJsonObject(i);
      if (!m.getString("to").equals(tiers.get(m.getString("userId")))) {
        throw new IllegalStateException("tier after the close: " + tiers.get(m.getString("userId")) + " for " + m);
      }
    }
    if (tiers.size() != moves.size()) {
      throw new IllegalStateException(tiers.size() + " members after the close, " + moves.size() + " moves");
    }
  }
}
