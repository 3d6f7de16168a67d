/**
 * Embedded redis-server shards, Redis Cluster and PostgreSQL processes for a laptop and for tests, supervised and
 * restarted, each data directory with a record of what wrote it, so that no store starts empty over data.
 */
package dev.leaderboard.embedded;
