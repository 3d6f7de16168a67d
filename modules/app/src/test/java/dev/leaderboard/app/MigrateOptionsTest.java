package dev.leaderboard.app;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The migrate command's arguments: flags or environment, passwords apart, errors that never repeat a value. */
class MigrateOptionsTest {
  @Test
  void flagsWinOverTheEnvironmentAndPasswordsComeFromIt() {
    MigrateOptions o = MigrateOptions.parse(List.of("--from", "redis://a:1, redis://b:2", "--to", "redis://c:3", "--dry-run"),
        Map.of("MIGRATE_FROM", "redis://x:9", "MIGRATE_TO_PASSWORD", "p2", "MIGRATE_FROM_PASSWORD", ""));
    assertThat(o.from()).containsExactly("redis://a:1", "redis://b:2");
    assertThat(o.to()).containsExactly("redis://c:3");
    assertThat(o.toPassword()).isEqualTo("p2");
    assertThat(o.fromPassword()).isNull();
    assertThat(o.dryRun()).isTrue();
  }

  @Test
  void theListsMayComeFromTheEnvironmentAlone() {
    MigrateOptions o = MigrateOptions.parse(List.of(), Map.of("MIGRATE_FROM", "redis://:pw@a:1", "MIGRATE_TO", "rediss://c:3"));
    assertThat(o.from()).containsExactly("redis://:pw@a:1");
    assertThat(o.to()).containsExactly("rediss://c:3");
    assertThat(o.dryRun()).isFalse();
  }

  @Test
  void mistakesAreNamedWithoutTheirValues() {
    Map<String, String> to = Map.of("MIGRATE_TO", "redis://c:3");
    assertThatThrownBy(() -> MigrateOptions.parse(List.of(), to)).hasMessageContaining("--from (MIGRATE_FROM) is required");
    assertThatThrownBy(() -> MigrateOptions.parse(List.of("--from"), to)).hasMessage("--from needs a value");
    assertThatThrownBy(() -> MigrateOptions.parse(List.of("--form", "x"), to)).hasMessage("unknown option --form");
    assertThatThrownBy(() -> MigrateOptions.parse(List.of("--from=redis://:s3cret@a:1"), to))
        .hasMessage("unexpected argument 1");
    assertThatThrownBy(() -> MigrateOptions.parse(List.of("--from", "redis://:s3c ret@a:1"), to))
        .hasMessageContaining("--from (MIGRATE_FROM) entry 1 is not a URI").hasMessageNotContaining("s3c");
    assertThatThrownBy(() -> MigrateOptions.parse(List.of("--from", "http://:s3cret@a:1"), to))
        .hasMessageContaining("must start with redis://, rediss://").hasMessageNotContaining("s3cret");
  }

  @Test
  void theCommandAnswersBadArgumentsWithItsUsage() {
    MigrateCommandTest.Run run = MigrateCommandTest.migrate(List.of("--what"), Map.of());
    assertThat(run.status()).isEqualTo(MigrateCommand.USAGE);
    assertThat(run.err()).contains("unknown option --what").contains(MigrateOptions.USAGE);
  }
}
