/** The leaderboard service interfaces, their event-bus proxies and result types, the node's one store and the verticle that hosts the service. */
@ModuleGen(name = "leaderboard", groupPackage = "dev.leaderboard")
package dev.leaderboard.service;

import io.vertx.codegen.annotations.ModuleGen;
