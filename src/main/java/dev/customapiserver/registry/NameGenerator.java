package dev.customapiserver.registry;

import java.security.SecureRandom;
import java.util.Random;

/** Names for {@code metadata.generateName}: the prefix (cut to 58 characters) plus 5 random characters. */
final class NameGenerator {
  private static final String ALPHABET = "bcdfghjklmnpqrstvwxz2456789";
  private final Random random;

  NameGenerator(Random random) {
    this.random = random;
  }

  NameGenerator() {
    this(new SecureRandom());
  }

  String generate(String prefix) {
    String base = prefix.length() > 58 ? prefix.substring(0, 58) : prefix;
    StringBuilder s = new StringBuilder(base);
    for (int i = 0; i < 5; i++) {
      s.append(ALPHABET.charAt(random.nextInt(ALPHABET.length())));
    }
    return s.toString();
  }
}
