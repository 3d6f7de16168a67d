package dev.leaderboard.core;

import io.vertx.core.json.JsonObject;
import java.net.URI;
import java.net.URISyntaxException;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * A player's profile as requests give it: {@code displayName} (1-{@value #MAX_NAME} characters, no
 * control characters), {@code avatarUrl} (an {@code https} URL of at most {@value #MAX_URL} characters),
 * {@code country} (ISO 3166-1 alpha-2, upper case) and {@code data} (a JSON object of at most
 * {@value #MAX_DATA_BYTES} bytes serialized), each optional. A profile is kept as the compact JSON text of
 * its fields in that order ({@link #canonical}), so the text reads the same wherever it is shown.
 */
public final class Profile {
  public static final int MAX_NAME = 64;
  public static final int MAX_URL = 512;
  public static final int MAX_DATA_BYTES = 1024;
  public static final String DISPLAY_NAME = "displayName";
  public static final String AVATAR_URL = "avatarUrl";
  public static final String COUNTRY = "country";
  public static final String DATA = "data";
  /** The fields, in the order a profile's JSON has them. */
  public static final List<String> FIELDS = List.of(DISPLAY_NAME, AVATAR_URL, COUNTRY, DATA);

  private static final Set<String> COUNTRIES = Set.of(Locale.getISOCountries());

  private Profile() {
  }

  /** A {@code PUT} body: the whole profile (a field left out or {@code null} is not set). */
  public static JsonObject replace(Object body) {
    return patch(new JsonObject(), body);
  }

  /** A {@code PATCH} body over {@code current}: a field given replaces the current one, {@code null} removes it. */
  public static JsonObject patch(JsonObject current, Object body) {
    JsonObject b = Fields.object(body, "body");
    Fields.onlyKnown(b, "", Set.copyOf(FIELDS));
    JsonObject out = current.copy();
    for (String f : FIELDS) {
      if (b.containsKey(f)) {
        Object v = b.getValue(f);
        if (v == null) {
          out.remove(f);
        } else {
          out.put(f, valid(f, v));
        }
      }
    }
    return canonical(out);
  }

  /** {@code profile}'s fields in the order of {@link #FIELDS}. */
  public static JsonObject canonical(JsonObject profile) {
    JsonObject out = new JsonObject();
    FIELDS.stream().filter(profile::containsKey).forEach(f -> out.put(f, profile.getValue(f)));
    return out;
  }

  /** {@code value} of field {@code field} when it keeps the field's rule; else a 400 naming the field. */
  static Object valid(String field, Object value) {
    return switch (field) {
      case DISPLAY_NAME -> displayName(value);
      case AVATAR_URL -> avatarUrl(value);
      case COUNTRY -> country(value);
      default -> data(value);
    };
  }

  private static String displayName(Object v) {
    String rule = "must be a string of 1-" + MAX_NAME + " characters without control characters";
    if (!(v instanceof String s) || s.isBlank() || s.codePointCount(0, s.length()) > MAX_NAME
        || s.codePoints().anyMatch(Profile::control)) {
      throw Refusal.invalid(DISPLAY_NAME, rule);
    }
    return s;
  }

  private static boolean control(int cp) {
    int type = Character.getType(cp);
    return type == Character.CONTROL || type == Character.FORMAT || type == Character.LINE_SEPARATOR
        || type == Character.PARAGRAPH_SEPARATOR;
  }

  private static String avatarUrl(Object v) {
    String rule = "must be an https URL of at most " + MAX_URL + " characters";
    if (!(v instanceof String s) || s.length() > MAX_URL || s.codePoints().anyMatch(cp -> control(cp) || cp == ' ')) {
      throw Refusal.invalid(AVATAR_URL, rule);
    }
    try {
      URI uri = new URI(s);
      if (!"https".equals(uri.getScheme()) || uri.getHost() == null || uri.getRawUserInfo() != null) {
        throw Refusal.invalid(AVATAR_URL, rule);
      }
    } catch (URISyntaxException e) {
      throw Refusal.invalid(AVATAR_URL, rule);
    }
    return s;
  }

  private static String country(Object v) {
    if (!(v instanceof String s) || !COUNTRIES.contains(s)) {
      throw Refusal.invalid(COUNTRY, "must be an ISO 3166-1 alpha-2 code in upper case (such as DE or BR)");
    }
    return s;
  }

  private static JsonObject data(Object v) {
    if (!(v instanceof JsonObject o)) {
      throw Refusal.invalid(DATA, "must be a JSON object");
    }
    Fields.boundedJson(DATA, o, MAX_DATA_BYTES);
    return o;
  }
}
