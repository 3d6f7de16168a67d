/** Meters the service's parts share the making of (counters by outcome). */
package dev.leaderboard.service.meters;
