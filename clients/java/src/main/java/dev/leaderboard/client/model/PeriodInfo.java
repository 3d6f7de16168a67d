package dev.leaderboard.client.model;

/**
 * A period of a board.
 *
 * @param size Entries in the period
 * @param closesAt End plus the grace window; the period is closed automatically after it
 * @param erased Archived periods only: how many of its entries erasures removed since it was archived
 *     ({@code size} stays what the period had; the others keep their ranks)
 */
public record PeriodInfo(String period, String state, long size, long start, long end, long closesAt,
    Delivery webhook, Long erased) {
}
