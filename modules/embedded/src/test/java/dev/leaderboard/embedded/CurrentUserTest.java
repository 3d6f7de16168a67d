package dev.leaderboard.embedded;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class CurrentUserTest {

  @Test
  void rootIsWhatIdSays() throws IOException, InterruptedException {
    Process id = new ProcessBuilder("id", "-u").start();
    String uid = new String(id.getInputStream().readAllBytes(), StandardCharsets.US_ASCII).strip();
    assertThat(id.waitFor()).isZero();
    assertThat(CurrentUser.isRoot()).as("uid %s", uid).isEqualTo(uid.equals("0"));
  }
}
