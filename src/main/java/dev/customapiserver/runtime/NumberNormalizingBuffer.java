package dev.customapiserver.runtime;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.util.TokenBuffer;
import java.io.IOException;
import java.math.BigDecimal;
import java.math.BigInteger;

/**
 * A token buffer that holds numbers as a JSON parser would read them back from their text: integers
 * as the smallest of int, long and BigInteger that holds them, other numbers as doubles. A value
 * written to it and read back is therefore the value a JSON round trip gives (an untyped
 * {@code Long 1} comes back as {@code Integer 1}, as from {@code "1"}), without printing and parsing
 * text.
 */
final class NumberNormalizingBuffer extends TokenBuffer {
  private static final BigInteger MIN_LONG = BigInteger.valueOf(Long.MIN_VALUE);
  private static final BigInteger MAX_LONG = BigInteger.valueOf(Long.MAX_VALUE);

  NumberNormalizingBuffer(ObjectMapper mapper) {
    super(mapper, false);
  }

  @Override
  public void writeNumber(short v) throws IOException {
    super.writeNumber((int) v);
  }

  @Override
  public void writeNumber(long v) throws IOException {
    if (v >= Integer.MIN_VALUE && v <= Integer.MAX_VALUE) {
      super.writeNumber((int) v);
    } else {
      super.writeNumber(v);
    }
  }

  @Override
  public void writeNumber(BigInteger v) throws IOException {
    if (v != null && v.compareTo(MIN_LONG) >= 0 && v.compareTo(MAX_LONG) <= 0) {
      writeNumber(v.longValue());
    } else {
      super.writeNumber(v);
    }
  }

  @Override
  public void writeNumber(float v) throws IOException {
    super.writeNumber(Double.parseDouble(Float.toString(v)));
  }

  @Override
  public void writeNumber(BigDecimal v) throws IOException {
    if (v == null) {
      super.writeNumber(v);
    } else {
      super.writeNumber(v.doubleValue());
    }
  }
}
