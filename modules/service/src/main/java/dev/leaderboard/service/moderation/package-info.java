/** Moderation: bans and their node-wide view, removing an entry, erasing a user everywhere. */
package dev.leaderboard.service.moderation;
