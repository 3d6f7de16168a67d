package dev.leaderboard.embedded;

import com.sun.security.auth.module.UnixSystem;

/** Who this JVM runs as. */
public final class CurrentUser {

  private CurrentUser() {}

  /** Whether the JVM runs as root (uid 0); false where that cannot be told (not Unix). */
  public static boolean isRoot() {
    try {
      return new UnixSystem().getUid() == 0;
    } catch (LinkageError e) {
      // not Unix, or a runtime without jdk.security.auth
      return false;
    }
  }
}
