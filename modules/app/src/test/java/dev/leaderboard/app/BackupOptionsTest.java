package dev.leaderboard.app;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The backup and restore commands' arguments, and their refusal of external servers. */
class BackupOptionsTest {
  @Test
  void theDirectoryIsAbsoluteAndTheDataDirectoryIsTheNodes(@TempDir Path dir) {
    BackupOptions backup = BackupOptions.backup(List.of("--to", "some/where"), Map.of("LB_DATA_DIR", dir.toString()));
    assertThat(backup.backup()).isEqualTo(Path.of("some/where").toAbsolutePath().normalize());
    assertThat(backup.config().dataDir()).isEqualTo(dir.toAbsolutePath().normalize());
    assertThat(backup.replace()).isFalse();
    assertThat(backup.external()).isNull();
    BackupOptions restore = BackupOptions.restore(List.of("--replace", "--from", dir.toString()), Map.of());
    assertThat(restore.replace()).isTrue();
    assertThat(restore.config().dataDir()).isEqualTo(Path.of("./data").toAbsolutePath().normalize());
  }

  @Test
  void mistakesAreNamed() {
    assertThatThrownBy(() -> BackupOptions.backup(List.of(), Map.of())).hasMessage("--to is required");
    assertThatThrownBy(() -> BackupOptions.backup(List.of("--to"), Map.of())).hasMessage("--to needs a directory");
    assertThatThrownBy(() -> BackupOptions.backup(List.of("--to", "x", "--replace"), Map.of()))
        .hasMessage("unknown option --replace");
    assertThatThrownBy(() -> BackupOptions.restore(List.of("--to", "x"), Map.of())).hasMessage("unknown option --to");
    assertThatThrownBy(() -> BackupOptions.restore(List.of("--from", "x", "y"), Map.of()))
        .hasMessage("unexpected argument 3");
    assertThatThrownBy(() -> BackupOptions.restore(List.of("--from", "x"), Map.of("LB_NOPE", "1")))
        .hasMessageContaining("LB_NOPE is not a known setting");
  }

  @Test
  void externalServersAreRefusedAndNothingIsWritten(@TempDir Path dir) {
    Path to = dir.resolve("backup");
    BackupRestoreTest.Run redis = BackupRestoreTest.run(BackupCommand::run, List.of("--to", to.toString()),
        Map.of("LB_REDIS_ENDPOINTS", "redis://127.0.0.1:6379", "LB_DATA_DIR", dir.resolve("data").toString()));
    assertThat(redis.status()).isEqualTo(BackupCommand.REFUSED);
    assertThat(redis.err()).contains("LB_REDIS_ENDPOINTS is set").contains("Backups");
    BackupRestoreTest.Run postgres = BackupRestoreTest.run(BackupCommand::run, List.of("--to", to.toString()),
        Map.of("LB_PG_URI", "postgresql://u@127.0.0.1:5432/db", "LB_DATA_DIR", dir.resolve("data").toString()));
    assertThat(postgres.status()).isEqualTo(BackupCommand.REFUSED);
    assertThat(postgres.err()).contains("LB_PG_URI is set").contains("pg_dump");
    assertThat(to).doesNotExist();
    assertThat(dir.resolve("data")).doesNotExist();
  }

  @Test
  void theCommandsAnswerBadArgumentsWithTheirUsage() {
    BackupRestoreTest.Run backup = BackupRestoreTest.run(BackupCommand::run, List.of("--what"), Map.of());
    assertThat(backup.status()).isEqualTo(BackupCommand.USAGE);
    assertThat(backup.err()).contains("unknown option --what").contains(BackupOptions.BACKUP_USAGE);
    BackupRestoreTest.Run restore = BackupRestoreTest.run(RestoreCommand::run, List.of(), Map.of());
    assertThat(restore.status()).isEqualTo(RestoreCommand.USAGE);
    assertThat(restore.err()).contains("--from is required").contains(BackupOptions.RESTORE_USAGE);
  }

  @Test
  void aRestoreFromADirectoryThatIsNoBackupIsRefused(@TempDir Path dir) {
    BackupRestoreTest.Run run = BackupRestoreTest.run(RestoreCommand::run, List.of("--from", dir.toString()),
        Map.of("LB_DATA_DIR", dir.resolve("data").toString()));
    assertThat(run.status()).isEqualTo(RestoreCommand.REFUSED);
    assertThat(run.err()).contains("holds no manifest.json");
    assertThat(dir.resolve("data")).doesNotExist();
  }
}
