/** Embedded redis-server shards, Redis Cluster and PostgreSQL processes for a laptop and for tests, supervised and restarted. */
package dev.leaderboard.embedded;
