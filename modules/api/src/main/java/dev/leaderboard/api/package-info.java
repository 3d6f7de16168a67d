/** The HTTP API v1: the contract router, one handler per operation, the failure handler, and the edge in front of them (limits, CORS, shedding). */
package dev.leaderboard.api;
