package dev.leaderboard.embedded;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Clears a data directory for a new server: processes of a run that ended without stopping them are
 * stopped, a pid file naming anything else is removed. Callers hold the directory's lock
 * ({@link LocalProcesses#lock}), so a server found running there can only be a leftover.
 */
final class Leftovers {

  private static final Logger log = LoggerFactory.getLogger(Leftovers.class);
  private static final Path PROC = Path.of("/proc");

  private Leftovers() {}

  /**
   * Before {@code server} starts in {@code dir}: every {@code program} process working in {@code dir}
   * is ours and is stopped (SIGTERM, SIGKILL after {@code timeout}). A live process {@code pidFile}
   * still names is not ours (a reused pid): the file is removed and the process left alone. A pid file
   * naming a dead process stays: PostgreSQL reads it to check no crashed server holds its shared memory.
   */
  static void clear(String server, Path pidFile, String program, Path dir, Duration timeout) throws IOException {
    List<ProcessHandle> ours = ours(pidFile, program, dir);
    if (!ours.isEmpty()) {
      log.warn("{}: stopping leftover {} processes {} running in {}", server, program,
          ours.stream().map(ProcessHandle::pid).toList(), dir);
      // the servers first, which stop their own children (PostgreSQL's backends); then any child
      // that outlived its server
      stop(server, ours.stream().filter(h -> h.parent().filter(ours::contains).isEmpty()).toList(), program, dir,
          timeout);
      stop(server, ours(pidFile, program, dir), program, dir, timeout);
    }
    Optional<ProcessHandle> named = named(pidFile);
    if (named.isPresent()) {
      log.warn("{}: {} names pid {} ({}), which is not a {} of {}: removing the stale pid file, leaving the process alone",
          server, pidFile, named.get().pid(), describe(named.get()), program, dir);
      Files.deleteIfExists(pidFile);
    }
  }

  private static void stop(String server, List<ProcessHandle> leftovers, String program, Path dir, Duration timeout)
      throws IOException {
    // one that exited but whose parent has not reaped it yet no longer runs
    List<ProcessHandle> running = LocalProcesses.stop(leftovers, timeout).stream()
        .filter(h -> runsIn(h, program, dir)).toList();
    if (!running.isEmpty()) {
      throw new IOException(server + ": leftover " + program + " processes "
          + running.stream().map(ProcessHandle::pid).toList() + " in " + dir + " did not exit; stop them and start again");
    }
  }

  /**
   * Whether {@code handle} is a live {@code program} (the file name its command line starts with
   * begins with it) whose working directory is {@code dir}. Without {@code /proc}: whether its command is.
   */
  static boolean runsIn(ProcessHandle handle, String program, Path dir) {
    if (!Files.isDirectory(PROC.resolve("self"))) {
      return handle.info().command().map(c -> isProgram(c, program)).orElse(false);
    }
    // a zombie's command line is empty; redis-server rewrites its own into a title that starts the same
    String argv0 = LocalProcesses.commandLine(handle).split("[\\x00 ]", 2)[0];
    try {
      return isProgram(argv0, program)
          && Files.readSymbolicLink(LocalProcesses.proc(handle).resolve("cwd")).equals(dir.toRealPath());
    } catch (IOException e) {
      // gone, or not ours to inspect
      return false;
    }
  }

  private static List<ProcessHandle> ours(Path pidFile, String program, Path dir) {
    Stream<ProcessHandle> candidates = Files.isDirectory(PROC.resolve("self"))
        ? ProcessHandle.allProcesses() : named(pidFile).stream();
    long self = ProcessHandle.current().pid();
    return candidates.filter(h -> h.pid() != self && runsIn(h, program, dir)).toList();
  }

  private static Optional<ProcessHandle> named(Path pidFile) {
    return LocalProcesses.readPid(pidFile).flatMap(ProcessHandle::of).filter(LocalProcesses::isRunning);
  }

  private static boolean isProgram(String path, String program) {
    return path.substring(path.lastIndexOf('/') + 1).startsWith(program);
  }

  private static String describe(ProcessHandle handle) {
    String commandLine = LocalProcesses.commandLine(handle).replace('\0', ' ').strip();
    return commandLine.isEmpty() ? handle.info().commandLine().orElse("command unknown") : commandLine;
  }
}
