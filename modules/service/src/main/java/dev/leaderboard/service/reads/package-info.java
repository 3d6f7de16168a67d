/**
 * Reads of a board period: pages, a user's entry, around-me and ranks for a list, from the live stores
 * or the archive; the rank hints that make a rank one round; the live periods a user's view and
 * moderation go over.
 */
package dev.leaderboard.service.reads;
