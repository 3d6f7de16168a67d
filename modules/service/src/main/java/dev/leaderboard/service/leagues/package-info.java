/** Leagues: their definitions over tier boards, members and their tiers, scores and standings. */
package dev.leaderboard.service.leagues;
