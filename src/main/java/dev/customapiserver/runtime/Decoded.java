package dev.customapiserver.runtime;

import java.util.List;

/** A decoded request body and the warnings decoding produced (unknown or duplicate fields in Warn mode). */
public record Decoded<T>(T value, List<String> warnings) {}
