/** The node: configuration from the environment, clustering, metrics, the embedded defaults and the order verticles start in; the commands the jar also runs (migrate, backup, restore). */
package dev.leaderboard.app;
