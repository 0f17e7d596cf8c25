package dev.customapiserver.server.config;

import java.nio.file.Path;

/**
 * One raw value and where it came from, for error messages.
 *
 * @param baseDir folder relative paths resolve against; {@code null} = the working directory
 */
record Setting(String value, String origin, Path baseDir) {}
