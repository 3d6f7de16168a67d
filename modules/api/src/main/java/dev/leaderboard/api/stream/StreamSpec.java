package dev.leaderboard.api.stream;

import java.util.List;

/**
 * What a stream watches.
 *
 * @param period the period asked for; {@code null}: the current one, following rollovers
 * @param top how many leading entries ({@code 0}: none)
 * @param users the users whose entries it watches
 */
public record StreamSpec(String board, String period, int top, List<String> users) {
}
