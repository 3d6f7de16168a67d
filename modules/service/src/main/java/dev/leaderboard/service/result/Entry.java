package dev.leaderboard.service.result;

import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * One ranked entry as every read returns it.
 *
 * @param percentile the share of the period's entries not ranked ahead of this one, in percent (see
 *     {@code RankMath.percentile})
 * @param meta the entry's metadata (a JSON object's text), or {@code null} when the user has none or
 *     the read left it out ({@code meta=false}); the JSON has a {@code meta} object only when present
 * @param keys the entry's sort keys (a JSON object's text: name → value) on a board that has sort keys,
 *     else {@code null}
 * @param profile the user's profile as it is now (a JSON object's text), or {@code null} when the user has
 *     none or the read does not list profiles; the JSON has a {@code profile} object only when present
 */
public record Entry(long rank, String userId, long score, long at, double percentile, String meta, String keys,
    String profile) implements Answer {
  /** An entry without metadata. */
  public Entry(long rank, String userId, long score, long at, double percentile) {
    this(rank, userId, score, at, percentile, null, null);
  }

  public Entry(long rank, String userId, long score, long at, double percentile, String meta) {
    this(rank, userId, score, at, percentile, meta, null);
  }

  public Entry(long rank, String userId, long score, long at, double percentile, String meta, String keys) {
    this(rank, userId, score, at, percentile, meta, keys, null);
  }

  /** This entry with the user's profile ({@code null}: none), as a new entry. */
  public Entry withProfile(String p) {
    return new Entry(rank, userId, score, at, percentile, meta, keys, p);
  }

  /** The entries' users, in order. */
  public static List<String> users(List<Entry> entries) {
    return entries.stream().map(Entry::userId).toList();
  }

  /** Each entry with its user's profile among {@code profiles} (user ID → JSON text). */
  public static List<Entry> withProfiles(List<Entry> entries, Map<String, String> profiles) {
    return entries.stream().map(e -> e.withProfile(profiles.get(e.userId()))).toList();
  }

  @Override
  public JsonObject toJson() {
    JsonObject out = new JsonObject()
        .put("rank", rank)
        .put("userId", userId)
        .put("score", score)
        .put("at", at)
        .put("percentile", percentile);
    if (keys != null) {
      out.put("keys", new JsonObject(keys));
    }
    if (meta != null) {
      out.put("meta", new JsonObject(meta));
    }
    return profile == null ? out : out.put("profile", Listing.profile(profile));
  }

  /** The entry its {@link #toJson} wrote. */
  public static Entry fromJson(JsonObject json) {
    Number rank = json.getNumber("rank");
    Number percentile = json.getNumber("percentile");
    JsonObject meta = json.getJsonObject("meta");
    JsonObject keys = json.getJsonObject("keys");
    JsonObject profile = json.getJsonObject("profile");
    return new Entry(rank == null ? 0 : rank.longValue(), json.getString("userId"), json.getLong("score"),
        json.getLong("at"), percentile == null ? 0 : percentile.doubleValue(), meta == null ? null : meta.encode(),
        keys == null ? null : keys.encode(), profile == null ? null : profile.encode());
  }

  /** The entry of a partial answer: its score and time, {@code rank} and {@code percentile} {@code null} (not known). */
  public JsonObject scoreOnlyJson() {
    return toJson().putNull("rank").putNull("percentile");
  }

  /** Each entry as {@code render} writes it. */
  static JsonArray toJson(List<Entry> entries, Function<Entry, JsonObject> render) {
    JsonArray out = new JsonArray();
    for (Entry e : entries) {
      out.add(render.apply(e));
    }
    return out;
  }
}
