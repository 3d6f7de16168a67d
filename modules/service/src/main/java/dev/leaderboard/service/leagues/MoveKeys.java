package dev.leaderboard.service.leagues;

import dev.leaderboard.archive.LeagueMovePages.After;
import dev.leaderboard.core.Refusal;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.List;

/**
 * The key a page of a league period's moves hands on ({@code next}) and the next request gives back
 * ({@code after}): the last move's tier, cohort, cohort rank and user ID, as one URL-safe token. A
 * token that is not one is refused as {@code after}.
 */
final class MoveKeys {
  private MoveKeys() {
  }

  static String of(After after) {
    String text = after.tier() + "|" + (after.cohort() == null ? "" : after.cohort()) + "|"
        + (after.cohortRank() == null ? "" : after.cohortRank()) + "|" + after.userId();
    return Base64.getUrlEncoder().withoutPadding().encodeToString(text.getBytes(StandardCharsets.UTF_8));
  }

  static After read(String token, List<String> tiers) {
    try {
      String[] parts = new String(Base64.getUrlDecoder().decode(token), StandardCharsets.UTF_8).split("\\|", 4);
      int tier = Integer.parseInt(parts[0]);
      if (parts.length < 4 || tier < 0 || tier >= tiers.size() || parts[3].isEmpty()) {
        throw new IllegalArgumentException();
      }
      return new After(tier, parts[1].isEmpty() ? null : Long.valueOf(parts[1]),
          parts[2].isEmpty() ? null : Long.valueOf(parts[2]), parts[3]);
    } catch (IllegalArgumentException e) {
      throw Refusal.invalid("after", "must be the next of an earlier page of these moves (got '"
          + (token.length() > 40 ? token.substring(0, 40) + "..." : token) + "')");
    }
  }
}
