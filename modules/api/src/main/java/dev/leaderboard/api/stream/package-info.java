/** Live streams over SSE: the hub, its feeds and fan-out, and the verticle that hears score notices. */
package dev.leaderboard.api.stream;
