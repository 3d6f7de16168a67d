/** PostgreSQL: archived periods and their entries, the audit log's table and its write-behind queue. */
package dev.leaderboard.archive;
