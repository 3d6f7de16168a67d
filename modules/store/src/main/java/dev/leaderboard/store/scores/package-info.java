/** A period's scores: the submit script, entry lookups, and the reads in board order (ranks, pages, around-me) with their commands and scripts. */
package dev.leaderboard.store.scores;
