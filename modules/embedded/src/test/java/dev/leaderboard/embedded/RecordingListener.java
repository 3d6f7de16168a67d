package dev.leaderboard.embedded;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/** Keeps what a supervisor reported, in order. */
final class RecordingListener implements RestartListener {

  final List<String> supervised = new CopyOnWriteArrayList<>();
  final List<String> restarted = new CopyOnWriteArrayList<>();

  @Override
  public void supervising(String server) {
    supervised.add(server);
  }

  @Override
  public void restarted(String server) {
    restarted.add(server);
  }
}
