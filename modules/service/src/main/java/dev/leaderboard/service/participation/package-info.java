/** Competitions: joining a board's period, its participants, their cohorts and the boards a user takes part in. */
package dev.leaderboard.service.participation;
