package dev.leaderboard.service.result;

import dev.leaderboard.core.RankMode;
import java.util.List;

/** Entries of a board's period from global position {@code offset}, in board order: a page, or those around a user. */
public interface EntryWindow extends Answer {
  String board();

  String period();

  long total();

  long offset();

  RankMode rankMode();

  List<Entry> entries();
}
