package dev.leaderboard.service.result;

import java.util.List;
import java.util.Map;

/**
 * An answer that lists users: it shows each listed user's profile as it is when the answer is made
 * ({@code service.profiles.ProfileJoin} reads them in one round after the answer is known).
 */
public interface Listing<A extends Answer> {
  /** The users the answer lists, each once or more; empty when it lists nobody. */
  List<String> listed();

  /** This answer with each listed user's profile among {@code profiles} (user ID → JSON text), as a new answer. */
  A withProfiles(Map<String, String> profiles);

  /** An answer about one user, the one it lists. */
  interface OfUser<A extends Answer> extends Listing<A> {
    String userId();

    @Override
    default List<String> listed() {
      return List.of(userId());
    }
  }

  /** An answer that lists the users of its entries. */
  interface OfEntries<A extends Answer> extends Listing<A> {
    List<Entry> entries();

    @Override
    default List<String> listed() {
      return Entry.users(entries());
    }
  }

  /**
   * A profile's text as a JSON object, {@code null} for {@code null}: parsed once for as long as the
   * same text is shown (a bounded map of the texts seen last), since a page lists the same players
   * answer after answer. The object is shared between answers, which never change their JSON.
   */
  static io.vertx.core.json.JsonObject profile(String text) {
    return ProfileTexts.parsed(text);
  }

  /** {@code text} as a JSON object, {@code null} for {@code null}. */
  static io.vertx.core.json.JsonObject object(String text) {
    return text == null ? null : new io.vertx.core.json.JsonObject(text);
  }
}
