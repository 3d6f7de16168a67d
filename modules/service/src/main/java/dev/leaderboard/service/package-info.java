/**
 * The leaderboard service interfaces (the proxied ones and the node's in-process
 * {@code LocalLeaderboardService}), their event-bus proxies and result types, the node's one store,
 * the one builder of the service's parts ({@code ServiceGraph}), the facade that hands each request
 * to the package doing that job ({@code LeaderboardServiceImpl}, with {@code Erasure}, which spans
 * moderation and leagues), and the verticles that host the service
 * and run the admin tick: the top of the module, which no package below imports.
 */
@ModuleGen(name = "leaderboard", groupPackage = "dev.leaderboard")
package dev.leaderboard.service;

import io.vertx.codegen.annotations.ModuleGen;
