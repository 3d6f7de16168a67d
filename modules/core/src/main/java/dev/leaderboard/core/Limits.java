package dev.leaderboard.core;

/** The sizes a request may ask for, in one place (the API documents the same numbers). */
public final class Limits {
  /** Largest page, around-me window and friend-board page. */
  public static final int MAX_PAGE = 1000;
  /** Page size when none is asked for. */
  public static final int DEFAULT_PAGE = 20;
  /** Most events in one batch. */
  public static final int MAX_BATCH = 1000;
  /** Most users in one ranks-for-a-list request. */
  public static final int MAX_RANKS = 1000;
  /** Largest entry metadata ({@code meta}): a JSON object of at most this many bytes, serialized as UTF-8. */
  public static final int MAX_META_BYTES = 1024;

  private Limits() {
  }
}
