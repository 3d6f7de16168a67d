/** The leaderboard service, its event-bus proxy, and the verticles that host it. */
@ModuleGen(name = "leaderboard", groupPackage = "dev.leaderboard")
package dev.leaderboard.service;

import io.vertx.codegen.annotations.ModuleGen;
