package dev.leaderboard.client.model;

import java.util.List;

/**
 * A user's friend board: the user and their friends, ranked among themselves.
 *
 * @param total Group members (the user and their friends) with a score, among those reached
 * @param entries {@code rank} and {@code percentile} are within the group
 * @param missing The IDs of group members without a score (among those reached), sorted; the same
 *     shape as {@code missing} on a rank list. (Before this was a list it was a count: a count is its
 *     length.)
 * @param partial Present (true) when a Redis shard did not answer
 */
public record FriendBoard(String board, String period, String userId, long total, long offset, long limit,
    String rankMode, List<FriendEntry> entries, List<String> missing, Boolean partial,
    List<String> unreachable, String reason) {
}
