package dev.leaderboard.store.scripts;

import dev.leaderboard.store.boards.KeySetUpgrade;
import dev.leaderboard.store.boards.Leases;
import dev.leaderboard.store.dispatch.Script;
import dev.leaderboard.store.friends.FriendStore;
import dev.leaderboard.store.leagues.HeldScoreStore;
import dev.leaderboard.store.leagues.LeagueStore;
import dev.leaderboard.store.moderation.ModerationStore;
import dev.leaderboard.store.participation.ParticipationStore;
import dev.leaderboard.store.profiles.ProfileStore;
import dev.leaderboard.store.scores.CountsScript;
import dev.leaderboard.store.scores.MetaStore;
import dev.leaderboard.store.scores.RankScript;
import dev.leaderboard.store.scores.Rows;
import dev.leaderboard.store.scores.SubmitScript;
import java.util.List;

/**
 * Every store's Lua scripts, for what loads them all (a node when it starts) and checks them all
 * ({@code LuaContractTest}). Each store declares its own; nothing below this package names this one.
 */
public final class StoreScripts {
  public static final List<Script> ALL = List.of(SubmitScript.SCRIPT, RankScript.SCRIPT, CountsScript.SCRIPT,
      FriendStore.ADD, Leases.RENEW, Leases.RELEASE, MetaStore.SCRIPT, Rows.SCRIPT, ParticipationStore.JOIN, ParticipationStore.COPY,
      ParticipationStore.SEAT,
      ModerationStore.MODERATE, KeySetUpgrade.MERGE, LeagueStore.JOIN,
      HeldScoreStore.HOLD, HeldScoreStore.RELEASE, HeldScoreStore.HELD_OF,
      ProfileStore.SWAP);

  private StoreScripts() {
  }
}
