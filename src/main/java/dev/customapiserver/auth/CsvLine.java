package dev.customapiserver.auth;

import java.util.ArrayList;
import java.util.List;

/** Splits one CSV line (RFC 4180 quoting, leading spaces of a field trimmed, as Go's encoding/csv). */
final class CsvLine {
  private CsvLine() {}

  static List<String> split(String line) {
    List<String> fields = new ArrayList<>();
    int i = 0;
    int n = line.length();
    while (true) {
      while (i < n && line.charAt(i) == ' ') {
        i++;
      }
      StringBuilder field = new StringBuilder();
      if (i < n && line.charAt(i) == '"') {
        i++;
        while (true) {
          if (i >= n) {
            throw new IllegalArgumentException("unterminated quoted field");
          }
          char c = line.charAt(i++);
          if (c == '"') {
            if (i < n && line.charAt(i) == '"') {
              field.append('"');
              i++;
            } else {
              break;
            }
          } else {
            field.append(c);
          }
        }
        if (i < n && line.charAt(i) != ',') {
          throw new IllegalArgumentException("unexpected text after the closing quote at column " + (i + 1));
        }
      } else {
        while (i < n && line.charAt(i) != ',') {
          char c = line.charAt(i++);
          if (c == '"') {
            throw new IllegalArgumentException("a quote inside an unquoted field at column " + i);
          }
          field.append(c);
        }
      }
      fields.add(field.toString());
      if (i >= n) {
        return fields;
      }
      i++; // the comma
    }
  }
}
