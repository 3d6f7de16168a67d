package dev.leaderboard.client;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The event-stream reader: events as the node writes them, comments, multi-line data, the last ID, retry. */
class SseFramesTest {

  @Test
  void readsTheNodesEventsSkippingKeepalives() {
    SseFrames frames = new SseFrames();
    List<SseFrames.Frame> out = new ArrayList<>();
    for (String line : List.of("id: 7", "event: top", "data: {\"a\":1}", "", ": keepalive", "",
        "id: 8", "event: entry", "data: {\"b\":", "data: 2}", "", "retry: 2500", "data:x", "")) {
      frames.line(line).ifPresent(out::add);
    }
    assertThat(out).containsExactly(new SseFrames.Frame("top", "{\"a\":1}", "7"),
        new SseFrames.Frame("entry", "{\"b\":\n2}", "8"), new SseFrames.Frame("message", "x", "8"));
    assertThat(frames.lastId()).isEqualTo("8");
    assertThat(frames.retryMillis()).contains(2500L);
  }

  @Test
  void aHalfReadEventIsDroppedWhenItsConnectionEnds() {
    SseFrames frames = new SseFrames();
    frames.line("id: 3");
    frames.line("event: top");
    frames.line("data: {}");
    frames.reset();
    assertThat(frames.line("")).isEmpty();
    assertThat(frames.lastId()).as("the ID read stays, for Last-Event-ID").isEqualTo("3");
  }
}
