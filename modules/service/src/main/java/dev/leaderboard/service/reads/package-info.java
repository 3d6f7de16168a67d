/** Reads of a board period: pages, a user's entry, around-me and ranks for a list, from the live stores or the archive. */
package dev.leaderboard.service.reads;
