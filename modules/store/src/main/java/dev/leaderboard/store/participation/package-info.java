/** A board period's participants: joins, their order, cohort placement and attempts, in Redis. */
package dev.leaderboard.store.participation;
