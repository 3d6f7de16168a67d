package dev.leaderboard.embedded;

import java.util.List;
import java.util.Optional;

/** What tests look at in other processes (Linux {@code /proc}). */
public final class TestProcesses {

  private TestProcesses() {}

  /** Alive and not a zombie (which {@link ProcessHandle#isAlive()} still counts as alive until reaped). */
  public static boolean running(ProcessHandle handle) {
    return LocalProcesses.isRunning(handle);
  }

  /** Its command line, arguments separated by spaces; empty once it has gone. */
  public static String commandLine(ProcessHandle handle) {
    return LocalProcesses.commandLine(handle).replace('\0', ' ').strip();
  }

  /** Every running process (but this one) whose command line mentions {@code text}. */
  public static List<ProcessHandle> mentioning(String text) {
    long self = ProcessHandle.current().pid();
    return ProcessHandle.allProcesses()
        .filter(h -> h.pid() != self && running(h) && commandLine(h).contains(text))
        .toList();
  }

  /** The watchdog of a server, while both run. */
  public static Optional<ProcessHandle> watchdogOf(ProcessHandle server) {
    return ProcessGuard.watchdogOf(server.pid());
  }
}
