package dev.leaderboard.client;

import static org.assertj.core.api.Assertions.assertThat;

import dev.leaderboard.client.model.Event;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/** An event without an ID gets a fresh UUID before its first send; one with an ID keeps it. */
class EventIdTest {

  @Test
  void anEventWithoutAnIdGetsAFreshUuid() {
    Event first = ScoreCalls.identified(Event.of("ann", 1));
    Event second = ScoreCalls.identified(Event.of("ann", 1));
    assertThat(UUID.fromString(first.eventId())).isNotEqualTo(UUID.fromString(second.eventId()));
    assertThat(ScoreCalls.identified(first)).isSameAs(first);
    assertThat(ScoreCalls.identified(Event.of("ann", 1).withEventId("match-17")).eventId()).isEqualTo("match-17");
  }
}
