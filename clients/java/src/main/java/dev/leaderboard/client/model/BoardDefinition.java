package dev.leaderboard.client.model;

import com.fasterxml.jackson.annotation.JsonValue;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A board's definition to create or update: only the fields set are sent, so the node applies its
 * defaults on creation and keeps the stored values on update. Immutable; each setter returns a new
 * definition. docs/api.md describes every field; {@link #with} sets one this class has no setter for.
 */
public final class BoardDefinition {
  private final Map<String, Object> fields;

  private BoardDefinition(Map<String, Object> fields) {
    this.fields = fields;
  }

  /** No field set: every default of the node. */
  public static BoardDefinition defaults() {
    return new BoardDefinition(Map.of());
  }

  /** {@code field} set to {@code value} (a string, number, boolean, list or map). */
  public BoardDefinition with(String field, Object value) {
    Map<String, Object> copy = new LinkedHashMap<>(fields);
    copy.put(field, value);
    return new BoardDefinition(copy);
  }

  /** {@code desc} (higher scores first) or {@code asc}; fixed once created. */
  public BoardDefinition order(String order) {
    return with("order", order);
  }

  /** {@code incr} adds the value, {@code set} replaces the score, {@code best} keeps the better. */
  public BoardDefinition operator(String operator) {
    return with("operator", operator);
  }

  /** {@code all-time}, {@code daily}, {@code weekly} or {@code monthly}; fixed once created. */
  public BoardDefinition period(String period) {
    return with("period", period);
  }

  /** The IANA time zone periods start in; fixed once created. */
  public BoardDefinition timezone(String zone) {
    return with("timezone", zone);
  }

  /** The largest score an entry may hold. */
  public BoardDefinition maxScore(long max) {
    return with("maxScore", max);
  }

  /** The smallest score an entry may hold. */
  public BoardDefinition minScore(long min) {
    return with("minScore", min);
  }

  /** The partitions the board's entries are spread over; fixed once created. */
  public BoardDefinition partitions(int partitions) {
    return with("partitions", partitions);
  }

  /** Readable without a credential. */
  public BoardDefinition publicReads(boolean open) {
    return with("publicReads", open);
  }

  /** Players may submit their own scores with a player token. */
  public BoardDefinition clientWrites(boolean allowed) {
    return with("clientWrites", allowed);
  }

  /** Answer each submit with the user's rank. */
  public BoardDefinition rankOnSubmit(boolean rank) {
    return with("rankOnSubmit", rank);
  }

  /** The largest change one event may make to a score. */
  public BoardDefinition maxStep(long step) {
    return with("maxStep", step);
  }

  /** Only participants ({@code join}) may submit. */
  public BoardDefinition joinRequired(boolean required) {
    return with("joinRequired", required);
  }

  /** Participants are placed in cohorts of at most {@code size}. */
  public BoardDefinition cohortSize(int size) {
    return with("cohortSize", size);
  }

  /** The rules paying out rewards to each closed period's ranks. */
  public BoardDefinition rewards(List<RewardRule> rules) {
    return with("rewards", rules);
  }

  /** The fields set, by name. */
  @JsonValue
  public Map<String, Object> fields() {
    return Collections.unmodifiableMap(fields);
  }

  @Override
  public String toString() {
    return "BoardDefinition" + fields;
  }
}
