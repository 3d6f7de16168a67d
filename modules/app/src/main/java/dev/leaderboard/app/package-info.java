/** The node: configuration from the environment, clustering, metrics, the embedded defaults and the order verticles start in. */
package dev.leaderboard.app;
