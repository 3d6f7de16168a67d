package dev.leaderboard.core;

import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * What a period's final ranks pay out: an ordered list of rules, the first that matches a user's
 * final rank giving the user its reward. {@code mode} says which rank a rule reads: {@code unique}
 * (ties broken as the board orders them) or {@code competition} (tied users share a rank, so they
 * get the same reward).
 */
public record RewardRules(List<Rule> rules, RankMode mode) {
  public static final int MAX_RULES = 100;
  /** Largest reward payload: a JSON object of at most this many bytes, serialized as UTF-8. */
  public static final int MAX_REWARD_BYTES = 1024;
  public static final RewardRules NONE = new RewardRules(List.of(), RankMode.UNIQUE);
  /** The board fields these rules are read from. */
  static final Set<String> FIELDS = Set.of("rewards", "rewardRankMode");
  /** The rank modes a rule may read. */
  private static final RankMode[] MODES = {RankMode.UNIQUE, RankMode.COMPETITION};

  /**
   * One rule: ranks {@code from}..{@code to} (inclusive) or, when {@code topPercent} is set, the
   * ranks within the top {@code topPercent} percent of the ranked users; {@code reward} the payload
   * as compact JSON text.
   */
  public record Rule(long from, long to, BigDecimal topPercent, String reward) {
    private static final BigDecimal HUNDRED = BigDecimal.valueOf(100);

    /**
     * Whether rank {@code rank} (1-based) among {@code total} ranked users matches. A top percent
     * takes the ranks up to {@code ceil(total * p / 100)}: rank r is in when fewer than p percent
     * of the users are ranked before it, i.e. {@code 100 * (r - 1) < p * total}.
     */
    public boolean matches(long rank, long total) {
      if (topPercent == null) {
        return rank >= from && rank <= to;
      }
      return HUNDRED.multiply(BigDecimal.valueOf(rank - 1)).compareTo(topPercent.multiply(BigDecimal.valueOf(total))) < 0;
    }

    JsonObject toJson() {
      JsonObject out = topPercent == null
          ? new JsonObject().put("ranks", new JsonArray().add(from).add(to))
          : new JsonObject().put("topPercent", topPercent.stripTrailingZeros().doubleValue());
      return out.put("reward", new JsonObject(reward));
    }
  }

  public boolean isEmpty() {
    return rules.isEmpty();
  }

  /** The reward (JSON text) of the first rule matching rank {@code rank} of {@code total}, or null when none does. */
  public String rewardFor(long rank, long total) {
    for (Rule r : rules) {
      if (r.matches(rank, total)) {
        return r.reward();
      }
    }
    return null;
  }

  /** The {@code rewards} and {@code rewardRankMode} fields of a definition over {@code existing}; {@code rewards: null} removes the rules. */
  static RewardRules define(JsonObject spec, RewardRules existing) {
    List<Rule> rules = spec.containsKey("rewards") ? rules("rewards", spec.getValue("rewards")) : existing.rules();
    RankMode mode = Board.enumField(spec, "rewardRankMode", existing.mode(), s -> Wire.parse(MODES, s));
    return new RewardRules(rules, mode);
  }

  /**
   * Rules in unique rank mode from a JSON array {@code value} that a definition holds under
   * {@code field} (a refusal names {@code field[i]…}); {@code null} gives none.
   */
  public static RewardRules of(String field, Object value) {
    return new RewardRules(rules(field, value), RankMode.UNIQUE);
  }

  /** The rules as the JSON array a definition holds. */
  public JsonArray toJsonArray() {
    return JsonArray.of(rules.stream().map(Rule::toJson).toArray());
  }

  private static List<Rule> rules(String field, Object value) {
    if (value == null) {
      return List.of();
    }
    if (!(value instanceof JsonArray array)) {
      throw Refusal.invalid(field, "must be an array of {ranks: [from, to], reward} or {topPercent, reward}");
    }
    if (array.size() > MAX_RULES) {
      throw Refusal.invalid(field, "must have at most " + MAX_RULES + " rules (got " + array.size() + ")");
    }
    List<Rule> out = new ArrayList<>(array.size());
    for (int i = 0; i < array.size(); i++) {
      out.add(rule(field + "[" + i + "]", array.getValue(i)));
    }
    return List.copyOf(out);
  }

  private static Rule rule(String field, Object value) {
    JsonObject o = Fields.object(value, field);
    Fields.onlyKnown(o, field + ".", Set.of("ranks", "topPercent", "reward"));
    String reward = reward(field + ".reward", o);
    boolean ranks = o.getValue("ranks") != null;
    boolean percent = o.getValue("topPercent") != null;
    if (ranks == percent) {
      throw Refusal.invalid(field, "must have exactly one of ranks and topPercent");
    }
    if (percent) {
      return new Rule(0, 0, topPercent(field + ".topPercent", o.getValue("topPercent")), reward);
    }
    if (!(o.getValue("ranks") instanceof JsonArray r) || r.size() != 2) {
      throw Refusal.invalid(field + ".ranks", "must be an array [from, to] of two ranks");
    }
    long from = Fields.integer(field + ".ranks[0]", r.getValue(0), 1, Fields.MAX_EXACT);
    long to = Fields.integer(field + ".ranks[1]", r.getValue(1), 1, Fields.MAX_EXACT);
    if (to < from) {
      throw Refusal.invalid(field + ".ranks", "must have from <= to (got [" + from + ", " + to + "])");
    }
    return new Rule(from, to, null, reward);
  }

  private static BigDecimal topPercent(String field, Object v) {
    if (!(v instanceof Number n) || v instanceof Double d && (d.isNaN() || d.isInfinite())) {
      throw Refusal.invalid(field, "must be a number greater than 0 and at most 100");
    }
    BigDecimal p = new BigDecimal(n.toString());
    if (p.signum() <= 0 || p.compareTo(BigDecimal.valueOf(100)) > 0) {
      throw Refusal.invalid(field, "must be greater than 0 and at most 100 (got " + v + ")");
    }
    return p;
  }

  private static String reward(String field, JsonObject o) {
    if (!(o.getValue("reward") instanceof JsonObject reward)) {
      throw Refusal.invalid(field, "must be a JSON object");
    }
    return Fields.boundedJson(field, reward, MAX_REWARD_BYTES);
  }

  /** Shown on a board that has rules or a non-default mode (other boards' definitions read as before). */
  void show(JsonObject definition) {
    if (rules.isEmpty() && mode == RankMode.UNIQUE) {
      return;
    }
    definition.put("rewards", toJsonArray()).put("rewardRankMode", mode.wireName());
  }

  static RewardRules fromStored(JsonObject j) {
    if (!j.containsKey("rewards") && !j.containsKey("rewardRankMode")) {
      return NONE;
    }
    return define(new JsonObject().put("rewards", j.getValue("rewards")).put("rewardRankMode",
        j.getString("rewardRankMode", RankMode.UNIQUE.wireName())), NONE);
  }
}
