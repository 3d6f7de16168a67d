/** Benchmarks: each figure printed beside a baseline measured in the same run. */
package dev.leaderboard.bench;
