package dev.customapiserver.endpoints.representation;

import java.time.Duration;

/** Ages as kubectl prints them ({@code 45s}, {@code 5m12s}, {@code 3h}, {@code 2d4h}, {@code 3y}). */
final class HumanDuration {
  private HumanDuration() {}

  static String format(Duration d) {
    long seconds = d.getSeconds();
    if (seconds < -1) {
      return "<invalid>";
    }
    if (seconds < 0) {
      return "0s";
    }
    if (seconds < 120) {
      return seconds + "s";
    }
    long minutes = seconds / 60;
    if (minutes < 10) {
      return withRest(minutes, "m", seconds % 60, "s");
    }
    if (minutes < 180) {
      return minutes + "m";
    }
    long hours = minutes / 60;
    if (hours < 8) {
      return withRest(hours, "h", minutes % 60, "m");
    }
    if (hours < 48) {
      return hours + "h";
    }
    if (hours < 24 * 8) {
      return withRest(hours / 24, "d", hours % 24, "h");
    }
    if (hours < 24 * 365 * 2) {
      return hours / 24 + "d";
    }
    if (hours < 24 * 365 * 8) {
      return withRest(hours / 24 / 365, "y", (hours / 24) % 365, "d");
    }
    return hours / 24 / 365 + "y";
  }

  private static String withRest(long major, String majorUnit, long minor, String minorUnit) {
    return minor == 0 ? major + majorUnit : major + majorUnit + minor + minorUnit;
  }
}
