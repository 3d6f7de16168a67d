/** Who is calling: API keys and their cache, player tokens, scopes and the access gate. */
package dev.leaderboard.api.auth;
