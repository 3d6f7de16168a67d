/** The service implementation's facade: it hands each request to the package doing that job, binds the service on the event bus and checks the stores' health. */
package dev.leaderboard.service.impl;
