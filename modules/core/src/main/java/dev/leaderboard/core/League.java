package dev.leaderboard.core;

import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.time.Instant;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * A league: a ladder of tiers, lowest first, each an ordinary board with cohorts ({@link #tierBoard}).
 * Each period a member competes in a cohort of their tier; at the close the top {@code promote} of
 * each cohort move up a tier and the bottom {@code relegate} move down ({@code LeagueMoves}).
 * What the tier boards fix (tiers, cohort size, period, time zone, order, operator) is fixed once the
 * league exists; the quotas and the membership rules may change.
 *
 * @param uid distinguishes this league from an earlier one of the same name, so a deleted league's
 *     members never reappear under a new one
 * @param autoJoin whether a first score of a non-member joins the lowest tier
 * @param dropInactive whether a member with no score in a period leaves the league at its close
 * @param events what each tier board announces when a period is archived (its webhook, how many
 *     entries the event carries); the tier boards' events also carry the period's moves
 * @param graceSeconds how long after its end a period still takes late scores (its tier boards'
 *     grace); the close runs after it, and a new period's scores wait for the close
 * @param rewards per tier, what the cohort ranks of each period pay out (tiers without rules absent)
 */
public record League(String name, String uid, List<String> tiers, int cohortSize, LeagueQuota promote,
    LeagueQuota relegate, PeriodKind period, ZoneId zone, Order order, Operator operator, boolean autoJoin,
    boolean dropInactive, PeriodEvents events, long graceSeconds, long createdAt, Map<String, RewardRules> rewards) {

  public static final int MIN_TIERS = 2;
  public static final int MAX_TIERS = 20;
  /** Short by default: a new period's scores wait until the previous period's close has moved the members. */
  public static final long DEFAULT_GRACE_SECONDS = 10;
  public static final long MAX_GRACE_SECONDS = 3600;
  /** Tier boards' names start with this, which no board name may: they are reachable only through their league. */
  public static final String TIER_PREFIX = "~";
  /** Every field a league's definition (the body of {@code PUT /v1/leagues/{league}}) may give. */
  public static final Set<String> DEFINITION_FIELDS = Set.of("tiers", "cohortSize", "promote", "relegate", "period",
      "timezone", "order", "operator", "autoJoin", "dropInactive", "webhook", "archiveEventTop", "graceSeconds",
      "rewards");
  private static final Set<String> READ_ONLY = Set.of("league", "createdAt");

  /** The name of the board holding the league's tier {@code tier}. */
  public String tierBoard(String tier) {
    return new TierName(name, tier).board();
  }

  /**
   * The league and tier of a tier board's name; {@code null} for any other board. Only for definitions
   * stored before they named their tier ({@link Board#tier}, which is what everything else reads).
   */
  static TierName tierName(String board) {
    if (!board.startsWith(TIER_PREFIX)) {
      return null;
    }
    int dot = board.indexOf('.');
    // league and tier names hold no dots (Names.board), so the first one separates them
    return dot < 0 ? null : new TierName(board.substring(TIER_PREFIX.length(), dot), board.substring(dot + 1));
  }

  /** A tier board's league and tier. */
  public record TierName(String league, String tier) {
    /** The name of the tier's board. */
    public String board() {
      return TIER_PREFIX + league + "." + tier;
    }
  }

  public String lowest() {
    return tiers.get(0);
  }

  /** The tier's place on the ladder, 0 the lowest; -1 when it is not one of the league's. */
  public int level(String tier) {
    return tiers.indexOf(tier);
  }

  /**
   * The definition tier {@code tier}'s board gets: its reward rules rank within the cohort, since
   * the board has cohorts ({@code rewards: null} when the tier has none, which removes earlier ones).
   */
  public JsonObject boardSpec(String tier) {
    RewardRules r = rewards.get(tier);
    return new JsonObject().put("order", order.wireName()).put("operator", operator.wireName())
        .put("period", period.wireName()).put("timezone", zone.getId()).put("cohortSize", cohortSize)
        .put("graceSeconds", graceSeconds).put("archiveEventTop", events.top())
        .put("webhook", events.webhook() == null ? null : events.webhook().toStored())
        .put("rewards", r == null ? null : r.toJsonArray());
  }

  /**
   * Creates a league from a PUT body, or updates {@code existing} with it; 400 for a broken rule,
   * 409 {@code league_conflict} for a change to a fixed field.
   */
  public static League define(String name, JsonObject spec, League existing, Instant now, String newUid) {
    Names.board("league", name);
    Set<String> known = new HashSet<>(DEFINITION_FIELDS);
    known.addAll(READ_ONLY);
    Fields.onlyKnown(spec, "", known);
    List<String> tiers = existing != null && !spec.containsKey("tiers") ? existing.tiers() : tiers(spec.getValue("tiers"));
    Long size = Fields.integer(spec, "", "cohortSize", existing == null ? null : (long) existing.cohortSize(),
        Competition.MIN_COHORT, Competition.MAX_COHORT);
    if (size == null) {
      throw Refusal.invalid("cohortSize", "is required: how many members compete in one cohort ("
          + Competition.MIN_COHORT + " to " + Competition.MAX_COHORT + ")");
    }
    int cohortSize = size.intValue();
    LeagueQuota promote = quota(spec, "promote", existing == null ? null : existing.promote(), cohortSize);
    LeagueQuota relegate = quota(spec, "relegate", existing == null ? null : existing.relegate(), cohortSize);
    if (promote.percent() == relegate.percent() && promote.amount() + relegate.amount() > (promote.percent() ? 100 : cohortSize)) {
      throw Refusal.invalid("relegate", "together with promote must not exceed "
          + (promote.percent() ? "100%" : "cohortSize (" + cohortSize + ")") + " (promote " + promote.toJson()
          + ", relegate " + relegate.toJson() + ")");
    }
    PeriodKind period = Board.enumField(spec, "period", existing == null ? null : existing.period(), PeriodKind::fromWire);
    if (period == null || period == PeriodKind.ALL_TIME) {
      throw Refusal.invalid("period", "must be daily, weekly or monthly: a league moves members between periods"
          + (period == null ? "" : " (got 'all-time')"));
    }
    String tz = Fields.string(spec, "", "timezone", existing == null ? "UTC" : existing.zone().getId());
    if (!ZoneId.getAvailableZoneIds().contains(tz)) {
      throw Refusal.invalid("timezone", "must be an IANA time zone such as Europe/Berlin or UTC (got '"
          + (tz.length() > 40 ? tz.substring(0, 40) + "..." : tz) + "')");
    }
    ZoneId zone = ZoneId.of(tz);
    Order order = Board.enumField(spec, "order", existing == null ? Order.DESC : existing.order(), Order::fromWire);
    Operator operator = Board.enumField(spec, "operator", existing == null ? Operator.INCR : existing.operator(),
        Operator::fromWire);
    boolean autoJoin = Fields.bool(spec, "", "autoJoin", existing == null || existing.autoJoin());
    boolean dropInactive = Fields.bool(spec, "", "dropInactive", existing != null && existing.dropInactive());
    PeriodEvents events = PeriodEvents.define(spec, existing == null ? PeriodEvents.DEFAULT : existing.events());
    long grace = Fields.integer(spec, "", "graceSeconds", existing == null ? DEFAULT_GRACE_SECONDS : existing.graceSeconds(),
        0, MAX_GRACE_SECONDS);
    Map<String, RewardRules> rewards = spec.containsKey("rewards") ? rewards(spec.getValue("rewards"), tiers)
        : existing == null ? Map.of() : existing.rewards();
    if (existing != null) {
      fixed("tiers", existing.tiers(), tiers);
      fixed("cohortSize", existing.cohortSize(), cohortSize);
      fixed("period", existing.period(), period);
      fixed("timezone", existing.zone(), zone);
      fixed("order", existing.order(), order);
      fixed("operator", existing.operator(), operator);
    }
    return new League(name, existing == null ? newUid : existing.uid(), tiers, cohortSize, promote, relegate, period,
        zone, order, operator, autoJoin, dropInactive, events, grace, existing == null ? now.toEpochMilli() : existing.createdAt(),
        rewards);
  }

  /** {@code {tier: [rule, ...]}}, each tier one of the league's; {@code null} removes every tier's rules. */
  private static Map<String, RewardRules> rewards(Object v, List<String> tiers) {
    if (v == null) {
      return Map.of();
    }
    if (!(v instanceof JsonObject o)) {
      throw Refusal.invalid("rewards", "must be a JSON object {tier: [{ranks: [from, to], reward} or"
          + " {topPercent, reward}, ...]} keyed by the league's tiers");
    }
    Map<String, RewardRules> out = new LinkedHashMap<>();
    for (String tier : tiers) {
      if (o.containsKey(tier)) {
        RewardRules r = RewardRules.of("rewards." + tier, o.getValue(tier));
        if (!r.isEmpty()) {
          out.put(tier, r);
        }
      }
    }
    for (String key : new TreeSet<>(o.fieldNames())) {
      if (!tiers.contains(key)) {
        throw Refusal.invalid("rewards." + (key.length() > 40 ? key.substring(0, 40) + "..." : key),
            "is not a tier of the league: rewards are keyed by the league's tiers " + tiers);
      }
    }
    return Collections.unmodifiableMap(out);
  }

  private static List<String> tiers(Object v) {
    if (!(v instanceof JsonArray a)) {
      throw Refusal.invalid("tiers", "is required: a JSON array of " + MIN_TIERS + " to " + MAX_TIERS
          + " tier names, lowest first");
    }
    if (a.size() < MIN_TIERS || a.size() > MAX_TIERS) {
      throw Refusal.invalid("tiers", "must hold " + MIN_TIERS + " to " + MAX_TIERS + " tier names (got "
          + a.size() + ")");
    }
    List<String> out = new ArrayList<>();
    for (int i = 0; i < a.size(); i++) {
      Object t = a.getValue(i);
      String tier = Names.board("tiers[" + i + "]", t instanceof String s ? s : null);
      if (out.contains(tier)) {
        throw Refusal.invalid("tiers[" + i + "]", "must be unique ('" + tier + "' is there twice)");
      }
      out.add(tier);
    }
    return List.copyOf(out);
  }

  private static LeagueQuota quota(JsonObject spec, String field, LeagueQuota def, int cohortSize) {
    Object v = spec.getValue(field);
    if (v == null && def != null) {
      if (!def.percent() && def.amount() > cohortSize) {
        throw Refusal.invalid(field, "must be at most cohortSize (" + cohortSize + ")");
      }
      return def;
    }
    return LeagueQuota.parse(field, v, cohortSize);
  }

  private static <T> void fixed(String field, T was, T now) {
    if (!was.equals(now)) {
      throw Refusal.LEAGUE_CONFLICT.exception(field);
    }
  }

  public JsonObject toJson() {
    JsonObject j = new JsonObject().put("league", name).put("tiers", new JsonArray(new ArrayList<Object>(tiers)))
        .put("cohortSize", cohortSize).put("promote", promote.toJson()).put("relegate", relegate.toJson())
        .put("period", period.wireName()).put("timezone", zone.getId()).put("order", order.wireName())
        .put("operator", operator.wireName()).put("autoJoin", autoJoin).put("dropInactive", dropInactive)
        .put("graceSeconds", graceSeconds).put("createdAt", createdAt);
    events.show(j);
    if (!rewards.isEmpty()) {
      JsonObject r = new JsonObject();
      rewards.forEach((tier, rules) -> r.put(tier, rules.toJsonArray()));
      j.put("rewards", r);
    }
    return j;
  }

  public JsonObject toStored() {
    JsonObject j = toJson().put("uid", uid);
    events.store(j);
    return j;
  }

  public static League fromStored(JsonObject j) {
    List<String> tiers = j.getJsonArray("tiers").stream().map(String.class::cast).toList();
    int size = j.getInteger("cohortSize");
    return new League(j.getString("league"), j.getString("uid"), tiers, size,
        LeagueQuota.parse("promote", j.getValue("promote"), size), LeagueQuota.parse("relegate", j.getValue("relegate"), size),
        PeriodKind.fromWire(j.getString("period")), ZoneId.of(j.getString("timezone")), Order.fromWire(j.getString("order")),
        Operator.fromWire(j.getString("operator")), j.getBoolean("autoJoin"), j.getBoolean("dropInactive"),
        PeriodEvents.fromStored(j), j.getLong("graceSeconds", DEFAULT_GRACE_SECONDS), j.getLong("createdAt"),
        rewards(j.getValue("rewards"), tiers));
  }
}
