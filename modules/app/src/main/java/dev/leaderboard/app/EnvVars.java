package dev.leaderboard.app;

import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * One {@code LB_*} variable read by its kind (a whole number in bounds, on/off, a list, a path, an IP
 * address): unset or blank is the default, anything else that breaks the kind's rule is refused with
 * the variable's name and what it must be.
 */
final class EnvVars {
  private static final Pattern IPV4 = Pattern.compile("(25[0-5]|2[0-4]\\d|1?\\d?\\d)(\\.(25[0-5]|2[0-4]\\d|1?\\d?\\d)){3}");
  private static final Pattern IPV6 = Pattern.compile("[0-9A-Fa-f:.]*:[0-9A-Fa-f:.]*");

  private EnvVars() {
  }

  static String trimmed(Map<String, String> env, String name) {
    String s = blankToNull(env.get(name));
    return s == null ? null : s.trim();
  }

  /** An IP address (Hazelcast binds to interfaces by address, never by name), or {@code null} when unset. */
  static String ipLiteral(Map<String, String> env, String name) {
    String s = blankToNull(env.get(name));
    if (s == null) {
      return null;
    }
    String ip = s.trim();
    if (!IPV4.matcher(ip).matches() && !IPV6.matcher(ip).matches()) {
      throw new IllegalArgumentException(name + " must be an IP address of this machine (got '" + s + "')");
    }
    return ip;
  }

  static int intVar(Map<String, String> env, String name, int def, int min, int max) {
    String s = blankToNull(env.get(name));
    if (s == null) {
      return def;
    }
    try {
      int v = Integer.parseInt(s.trim());
      if (v < min || v > max) {
        throw new IllegalArgumentException(name + " must be between " + min + " and " + max + " (got " + s + ")");
      }
      return v;
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException(name + " must be a whole number (got '" + s + "')");
    }
  }

  static List<String> listVar(Map<String, String> env, String name) {
    String s = blankToNull(env.get(name));
    if (s == null) {
      return List.of();
    }
    return Arrays.stream(s.split(",")).map(String::trim).filter(x -> !x.isEmpty()).toList();
  }

  static Path pathVar(Map<String, String> env, String name) {
    String s = blankToNull(env.get(name));
    return s == null ? null : Path.of(s.trim()).toAbsolutePath().normalize();
  }

  static boolean onOff(Map<String, String> env, String name, boolean def) {
    String s = blankToNull(env.get(name));
    if (s == null) {
      return def;
    }
    if (s.equalsIgnoreCase("off") || s.equalsIgnoreCase("false")) {
      return false;
    }
    if (s.equalsIgnoreCase("on") || s.equalsIgnoreCase("true")) {
      return true;
    }
    throw new IllegalArgumentException(name + " must be on or off (got '" + s + "')");
  }

  static String blankToNull(String s) {
    return s == null || s.isBlank() ? null : s;
  }
}
