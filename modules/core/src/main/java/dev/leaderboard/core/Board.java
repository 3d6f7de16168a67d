package dev.leaderboard.core;

import io.vertx.core.json.JsonObject;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.util.List;
import java.util.Set;

/**
 * A board's definition and the limits derived from it. The packed-score budget ({@link ScoreCodec})
 * is fixed at creation: a periodic board needs time bits for its longest period in its tie unit; an
 * all-time board's cover {@link #ALL_TIME_SPAN} from {@code origin}, with second ties by default
 * (ten years of milliseconds would leave 14 score bits). Fields that change the encoding or the key
 * layout (order, period, timezone, tie resolution, partitions, dense ranks, layout, sort keys) are
 * fixed once the board exists.
 *
 * @param uid distinguishes this board from an earlier one of the same name, so a deleted board's
 *     keys never reappear under a new one
 * @param origin for all-time boards, the instant tie offsets are counted from (epoch ms)
 * @param denseRanks keeps the per-partition index of distinct scores dense ranks need: writes cost
 *     more and Redis memory about doubles; without it {@code rankMode=dense} is refused on live periods
 * @param rankOnSubmit whether a submit answers with the user's global rank by default (one read
 *     round over every partition)
 * @param dedupeSeconds how long an accepted event ID is remembered (~130 bytes of Redis each): an
 *     hour on all-time boards, else the longest period plus its grace
 * @param publicReads whether reads are open to callers without a credential; writes, friend boards
 *     and administration always need an API key
 * @param clientWrites whether players (player token) may submit their own scores; otherwise only
 *     API keys with {@code submit} write
 * @param maxStep the largest change one event may make to a score (a first score counts from 0),
 *     or {@code null} for none; an event beyond it is refused
 * @param events what a period's archive event carries ({@code archiveEventTop}) and its {@code webhook}
 * @param layout packed when the board fits the packed budget, else wide (boards stored before
 *     layouts existed are packed)
 * @param minScore the lowest score an entry may hold (0 by default; below 0 needs the wide layout)
 * @param sortKeys the extra keys that order equal scores before time (wide layout only), at most
 *     {@link SortKey#MAX_KEYS}
 * @param competition joining, size, attempts, running window and cohorts ({@link Competition#OPEN} for none)
 * @param rewards what each period's final ranks pay out ({@code rewards}, {@code rewardRankMode})
 * @param tier the league and tier whose board this is ({@link League#tierBoard}), {@code null} for an
 *     ordinary board: a tier board is read, closed and announced through its league
 */
public record Board(
    String name,
    String uid,
    Order order,
    Operator operator,
    PeriodKind period,
    ZoneId zone,
    long maxScore,
    TieResolution tieResolution,
    int retainPeriods,
    long graceSeconds,
    int partitions,
    long createdAt,
    long origin,
    int timeBits,
    boolean denseRanks,
    boolean rankOnSubmit,
    long dedupeSeconds,
    boolean publicReads,
    boolean clientWrites,
    Long maxStep,
    PeriodEvents events,
    Layout layout,
    long minScore,
    List<SortKey> sortKeys,
    Competition competition,
    // competitions: rewards
    RewardRules rewards,
    League.TierName tier) {

  /** How long an all-time board accepts events, counted from its creation. */
  public static final Duration ALL_TIME_SPAN = Duration.ofDays(3653);
  public static final int MAX_PARTITIONS = 1024;
  public static final long DEFAULT_GRACE_SECONDS = 300;
  public static final int DEFAULT_RETAIN_PERIODS = 3;
  /** Event IDs of all-time boards are remembered this long unless the board says otherwise. */
  public static final long DEFAULT_ALL_TIME_DEDUPE_SECONDS = 3600;
  public static final long MAX_DEDUPE_SECONDS = 400L * 24 * 3600;
  /** Where a wide all-time board stops taking events: 10000-01-01T00:00:00Z (epoch ms). */
  static final long WIDE_ALL_TIME_END = 253402300800000L;

  private static final Set<String> WRITABLE = Set.of("order", "operator", "period", "timezone", "maxScore",
      "tieResolution", "retainPeriods", "graceSeconds", "partitions", "denseRanks", "rankOnSubmit", "dedupeSeconds",
      "publicReads", "clientWrites", "maxStep", "archiveEventTop", "webhook", "minScore", "sortKeys", "layout");
  /** Every field a board's definition (the body of {@code PUT /v1/boards/{board}}) may give. */
  public static final Set<String> DEFINITION_FIELDS = java.util.stream.Stream.of(WRITABLE,
      Competition.FIELDS, RewardRules.FIELDS).flatMap(Set::stream).collect(java.util.stream.Collectors.toUnmodifiableSet());
  /** Fields a GET returns that a PUT may echo back; they are ignored. */
  private static final Set<String> READ_ONLY = Set.of("board", "createdAt", "origin", "limits");

  /** The packed layout's codec (packed boards only). */
  public ScoreCodec codec() {
    if (layout != Layout.PACKED) {
      throw new IllegalStateException("board " + name + " has the wide layout");
    }
    return ScoreCodec.of(order, timeBits);
  }

  /** The wide layout's tie codec (wide boards only). */
  public TieCodec tieCodec() {
    if (layout != Layout.WIDE) {
      throw new IllegalStateException("board " + name + " has the packed layout");
    }
    return new TieCodec(order, sortKeys, tieResolution.millis());
  }

  public boolean wide() {
    return layout == Layout.WIDE;
  }

  public int scoreBits() {
    return wide() ? ScoreCodec.TOTAL_BITS : ScoreCodec.TOTAL_BITS - timeBits;
  }

  /** The largest score the layout can hold (maxScore is at most this). */
  public long largestScore() {
    return wide() ? Fields.MAX_EXACT : (1L << scoreBits()) - 1;
  }

  /** The score a stored Redis score (a composite on packed boards) holds. */
  public long scoreOf(long composite) {
    return wide() ? composite : codec().score(composite);
  }

  /** The smallest Redis score an entry with {@code score} can have. */
  public long lowest(long score) {
    return wide() ? score : codec().lowest(score);
  }

  /** The largest Redis score an entry with {@code score} can have. */
  public long highest(long score) {
    return wide() ? score : codec().highest(score);
  }

  public PeriodCalendar calendar() {
    return new PeriodCalendar(period, zone);
  }

  /** The period an event at {@code at} belongs to. */
  public Period periodOf(Instant at) {
    return period == PeriodKind.ALL_TIME ? allTime() : calendar().periodOf(at);
  }

  /** Parses a period id of this board ({@code all} for all-time boards). */
  public Period parsePeriod(String id) {
    return period == PeriodKind.ALL_TIME && "all".equals(id) ? allTime() : calendar().parse(id);
  }

  /**
   * The closing rule, in one place: a period takes events until its end plus {@code graceSeconds};
   * from this instant (epoch ms) on it is due to close.
   */
  public long closesAt(Period p) {
    long byPeriod = p.end().toEpochMilli() + graceSeconds * 1000;
    Instant ends = competition.endsAt();
    return ends != null && ends.isAfter(p.start()) ? Math.min(byPeriod, ends.toEpochMilli()) : byPeriod;
  }

  /**
   * Whether {@code p} no longer takes events at {@code nowMillis} by the closing rule. The all-time
   * period closes by time only at the board's {@code endsAt} (its end is only as far as its time bits reach).
   */
  public boolean isPastClose(Period p, long nowMillis) {
    if (period == PeriodKind.ALL_TIME) {
      return competition.endsAt() != null && nowMillis >= competition.endsAt().toEpochMilli();
    }
    return nowMillis >= closesAt(p);
  }

  /**
   * The single period of an all-time board: from its origin as far as the packed time bits reach,
   * or, on a wide board, to the end of the year 9999.
   */
  private Period allTime() {
    long end = wide() ? WIDE_ALL_TIME_END : origin + codec().timeSpanUnits() * tieResolution.millis();
    return new Period(PeriodKind.ALL_TIME, "all", Instant.ofEpochMilli(origin), Instant.ofEpochMilli(end));
  }

  /**
   * Creates a board from a PUT body, or updates {@code existing} with it. Throws
   * {@link LeaderboardException} (400 for a broken rule, 409 for a change to a fixed field).
   */
  public static Board define(String name, JsonObject spec, Board existing, Instant now, int defaultPartitions,
      String newUid) {
    return define(name, spec, existing, now, defaultPartitions, newUid, existing == null ? null : existing.tier());
  }

  /** As {@link #define}, for a board that is {@code tier} of a league ({@code null}: an ordinary board). */
  public static Board define(String name, JsonObject spec, Board existing, Instant now, int defaultPartitions,
      String newUid, League.TierName tier) {
    Names.boardOrTier("board", name);
    Set<String> known = new java.util.HashSet<>(DEFINITION_FIELDS);
    known.addAll(READ_ONLY);
    Fields.onlyKnown(spec, "", known);
    Order order = enumField(spec, "order", existing == null ? Order.DESC : existing.order(), Order::fromWire);
    Operator operator = enumField(spec, "operator", existing == null ? Operator.INCR : existing.operator(),
        Operator::fromWire);
    PeriodKind period = enumField(spec, "period", existing == null ? PeriodKind.ALL_TIME : existing.period(),
        PeriodKind::fromWire);
    TieResolution resolution = enumField(spec, "tieResolution",
        existing != null ? existing.tieResolution() : period == PeriodKind.ALL_TIME ? TieResolution.S : TieResolution.MS,
        TieResolution::fromWire);
    String tz = Fields.string(spec, "", "timezone", existing == null ? "UTC" : existing.zone().getId());
    if (!ZoneId.getAvailableZoneIds().contains(tz)) {
      throw Refusal.invalid("timezone", "must be an IANA time zone such as Europe/Berlin or UTC (got '" + tz + "')");
    }
    ZoneId zone = ZoneId.of(tz);
    int retain = Fields.integer(spec, "", "retainPeriods",
        (long) (existing == null ? DEFAULT_RETAIN_PERIODS : existing.retainPeriods()), 1, 1000).intValue();
    long grace = Fields.integer(spec, "", "graceSeconds",
        existing == null ? DEFAULT_GRACE_SECONDS : existing.graceSeconds(), 0, 7 * 24 * 3600L);
    int partitions = Fields.integer(spec, "", "partitions",
        (long) (existing == null ? defaultPartitions : existing.partitions()), 1, MAX_PARTITIONS).intValue();
    boolean dense = Fields.bool(spec, "", "denseRanks", existing != null && existing.denseRanks());
    boolean rankOnSubmit = Fields.bool(spec, "", "rankOnSubmit", existing == null || existing.rankOnSubmit());
    boolean publicReads = Fields.bool(spec, "", "publicReads", existing != null && existing.publicReads());
    boolean clientWrites = Fields.bool(spec, "", "clientWrites", existing != null && existing.clientWrites());
    PeriodEvents events = PeriodEvents.define(spec, existing == null ? PeriodEvents.DEFAULT : existing.events());
    long dedupe = Fields.integer(spec, "", "dedupeSeconds",
        existing != null ? existing.dedupeSeconds() : defaultDedupeSeconds(period, grace), 1, MAX_DEDUPE_SECONDS);
    Long maxStep = Fields.removableInteger(spec, "maxStep", existing == null ? null : existing.maxStep(), 1,
        Fields.MAX_EXACT);
    long minScore = Fields.integer(spec, "", "minScore", existing == null ? 0L : existing.minScore(),
        -Fields.MAX_EXACT, Fields.MAX_EXACT - 1);
    Long maxScore = Fields.integer(spec, "", "maxScore", existing == null ? null : existing.maxScore(),
        -Fields.MAX_EXACT + 1, Fields.MAX_EXACT);
    if (maxScore != null && maxScore <= minScore) {
      throw Refusal.invalid("maxScore", "must be greater than minScore " + minScore + " (got " + maxScore
          + ")");
    }
    List<SortKey> sortKeys = spec.getValue("sortKeys") == null
        ? (existing == null ? List.of() : existing.sortKeys()) : SortKey.define(sortKeysArray(spec));
    String askedLayout = Fields.string(spec, "", "layout", null);
    Competition competition = Competition.define(spec, existing == null ? Competition.OPEN : existing.competition(),
        period, existing == null);
    // competitions: rewards
    RewardRules rewards = RewardRules.define(spec, existing == null ? RewardRules.NONE : existing.rewards());

    if (existing != null) {
      fixed("order", existing.order(), order);
      fixed("period", existing.period(), period);
      fixed("timezone", existing.zone(), zone);
      fixed("tieResolution", existing.tieResolution(), resolution);
      fixed("partitions", existing.partitions(), partitions);
      fixed("denseRanks", existing.denseRanks(), dense);
      fixed("sortKeys", SortKey.toJson(existing.sortKeys()), SortKey.toJson(sortKeys));
      if (askedLayout != null) {
        fixed("layout", existing.layout().wireName(), askedLayout);
      }
      if (!existing.wide() && minScore < 0) {
        throw Refusal.invalid("minScore", "cannot be below 0 on this board: it has the packed layout, "
            + "fixed when it was created (got " + minScore + ")");
      }
      if (maxScore > existing.largestScore()) {
        throw Refusal.invalid("maxScore", "can be at most " + existing.largestScore()
            + " on this board (" + existing.scoreBits() + " score bits, " + existing.timeBits()
            + " time bits fixed when it was created); got " + maxScore);
      }
      return new Board(name, existing.uid(), order, operator, period, zone, maxScore, resolution, retain, grace,
          partitions, existing.createdAt(), existing.origin(), existing.timeBits(), dense, rankOnSubmit, dedupe,
          publicReads, clientWrites, maxStep, events, existing.layout(), minScore, sortKeys, competition, rewards,
          existing.tier());
    }

    long unit = resolution.millis();
    long origin = Math.floorDiv(now.toEpochMilli(), unit) * unit;
    long span = period == PeriodKind.ALL_TIME ? ALL_TIME_SPAN.toMillis() : period.maxLengthMillis();
    int timeBits = bitsFor(ceilDiv(span, unit));
    long fits = (1L << (ScoreCodec.TOTAL_BITS - timeBits)) - 1;
    Layout layout = LayoutChoice.choose(askedLayout, period, resolution, timeBits, maxScore, minScore, sortKeys);
    boolean wide = layout == Layout.WIDE;
    return new Board(name, newUid, order, operator, period, zone,
        maxScore != null ? maxScore : wide ? Fields.MAX_EXACT : fits, resolution, retain, grace, partitions,
        now.toEpochMilli(), origin, wide ? 0 : timeBits, dense, rankOnSubmit, dedupe, publicReads, clientWrites,
        maxStep, events, layout, minScore, sortKeys, competition, rewards, tier);
  }

  private static io.vertx.core.json.JsonArray sortKeysArray(JsonObject spec) {
    if (!(spec.getValue("sortKeys") instanceof io.vertx.core.json.JsonArray a)) {
      throw Refusal.invalid("sortKeys", "must be an array of {name, order, min, max}");
    }
    return a;
  }

  /** An hour on all-time boards; on periodic ones as long as events of one period may arrive. */
  static long defaultDedupeSeconds(PeriodKind period, long graceSeconds) {
    return period == PeriodKind.ALL_TIME ? DEFAULT_ALL_TIME_DEDUPE_SECONDS
        : period.maxLengthMillis() / 1000 + graceSeconds;
  }

  /** Number of bits that hold the values 0 .. n-1. */
  static int bitsFor(long n) {
    return Math.max(1, 64 - Long.numberOfLeadingZeros(n - 1));
  }

  private static long ceilDiv(long a, long b) {
    return -Math.floorDiv(-a, b);
  }

  private static <T> void fixed(String field, T was, T now) {
    if (!was.equals(now)) {
      throw Refusal.BOARD_CONFLICT.exception(field, show(was), show(now), "it fixes how scores are stored");
    }
  }

  private static String show(Object v) {
    return v instanceof WireName w ? w.wireName() : String.valueOf(v);
  }

  static <E> E enumField(JsonObject spec, String field, E def, java.util.function.Function<String, E> parse) {
    String s = Fields.string(spec, "", field, null);
    return s == null ? def : Fields.parsed(field, s, parse);
  }

  /** The definition as the API shows it, with the derived limits (a webhook's secret left out). */
  public JsonObject toJson() {
    JsonObject limits = new JsonObject()
        .put("layout", layout.wireName())
        .put("layoutReason", LayoutChoice.reason(this))
        .put("scoreBits", scoreBits())
        .put("timeBits", wide() ? TieCodec.TIME_BITS : timeBits)
        .put("largestScore", largestScore())
        .put("smallestScore", wide() ? -Fields.MAX_EXACT : 0)
        .put("timeUnit", tieResolution.wireName());
    if (period == PeriodKind.ALL_TIME) {
      limits.put("acceptsEventsUntil", allTime().end().toEpochMilli());
    } else {
      limits.put("longestPeriod", period.maxLengthMillis() / tieResolution.millis());
    }
    JsonObject out = new JsonObject()
        .put("board", name)
        .put("order", order.wireName())
        .put("operator", operator.wireName())
        .put("period", period.wireName())
        .put("timezone", zone.getId())
        .put("maxScore", maxScore)
        .put("minScore", minScore)
        .put("tieResolution", tieResolution.wireName())
        .put("retainPeriods", retainPeriods)
        .put("graceSeconds", graceSeconds)
        .put("partitions", partitions)
        .put("denseRanks", denseRanks)
        .put("rankOnSubmit", rankOnSubmit)
        .put("dedupeSeconds", dedupeSeconds)
        .put("publicReads", publicReads)
        .put("clientWrites", clientWrites)
        .put("createdAt", createdAt)
        .put("origin", origin)
        .put("limits", limits);
    Fields.putIfSet(out, "maxStep", maxStep);
    if (!sortKeys.isEmpty()) {
      out.put("sortKeys", SortKey.toJson(sortKeys));
    }
    events.show(out);
    competition.show(out);
    rewards.show(out);
    return out;
  }

  /** The stored form: the API form plus what only the store needs (a webhook's secret too). */
  public JsonObject toStored() {
    JsonObject out = toJson().put("uid", uid).put("timeBits", timeBits).put("layout", layout.wireName());
    events.store(out);
    if (tier != null) {
      out.put("tier", new JsonObject().put("league", tier.league()).put("tier", tier.tier()));
    }
    return out;
  }

  public static Board fromStored(JsonObject j) {
    return new Board(j.getString("board"), j.getString("uid"), Order.fromWire(j.getString("order")),
        Operator.fromWire(j.getString("operator")), PeriodKind.fromWire(j.getString("period")),
        ZoneId.of(j.getString("timezone")), j.getLong("maxScore"), TieResolution.fromWire(j.getString("tieResolution")),
        j.getInteger("retainPeriods"), j.getLong("graceSeconds"), j.getInteger("partitions"), j.getLong("createdAt"),
        j.getLong("origin"), j.getInteger("timeBits"), j.getBoolean("denseRanks", true),
        j.getBoolean("rankOnSubmit", true), j.getLong("dedupeSeconds",
            defaultDedupeSeconds(PeriodKind.fromWire(j.getString("period")), j.getLong("graceSeconds"))),
        j.getBoolean("publicReads", false), j.getBoolean("clientWrites", false), j.getLong("maxStep"),
        PeriodEvents.fromStored(j), Layout.fromWire(j.getString("layout", "packed")), j.getLong("minScore", 0L),
        SortKey.fromJson(j.getJsonArray("sortKeys")), Competition.fromStored(j),
        RewardRules.fromStored(j), storedTier(j));
  }

  /** Tier boards stored before their definition said so are known by their name's prefix, once, here. */
  private static League.TierName storedTier(JsonObject j) {
    JsonObject t = j.getJsonObject("tier");
    return t != null ? new League.TierName(t.getString("league"), t.getString("tier"))
        : League.tierName(j.getString("board"));
  }
}
