package dev.customapiserver.api.selectors;

import dev.customapiserver.api.errors.Errors;
import java.util.ArrayList;
import java.util.List;

/** Recursive-descent parser of the label selector grammar; errors name what was found and expected. */
final class SelectorParser {
  private final String s;
  private int pos;

  SelectorParser(String s) {
    this.s = s;
  }

  List<Requirement> parse() {
    List<Requirement> reqs = new ArrayList<>();
    while (true) {
      reqs.add(requirement());
      skipSpace();
      if (pos >= s.length()) {
        return reqs;
      }
      if (s.charAt(pos) != ',') {
        throw error(token(), "',' or 'end of string'");
      }
      pos++;
    }
  }

  private Requirement requirement() {
    skipSpace();
    if (peek('!')) {
      pos++;
      String key = identifier();
      return new Requirement(key, Requirement.Operator.DOES_NOT_EXIST, List.of());
    }
    String key = identifier();
    skipSpace();
    if (pos >= s.length() || s.charAt(pos) == ',') {
      return new Requirement(key, Requirement.Operator.EXISTS, List.of());
    }
    if (s.startsWith("==", pos)) {
      pos += 2;
      return new Requirement(key, Requirement.Operator.EQUALS, List.of(value()));
    }
    if (s.startsWith("!=", pos)) {
      pos += 2;
      return new Requirement(key, Requirement.Operator.NOT_EQUALS, List.of(value()));
    }
    char c = s.charAt(pos);
    if (c == '=' || c == '>' || c == '<') {
      pos++;
      String v = value();
      if (c == '=') {
        return new Requirement(key, Requirement.Operator.EQUALS, List.of(v));
      }
      try {
        Long.parseLong(v);
      } catch (NumberFormatException e) {
        throw Errors.badRequest("unable to parse requirement: for 'Gt', 'Lt' operators, the value must be an integer");
      }
      return new Requirement(key, c == '>' ? Requirement.Operator.GREATER_THAN : Requirement.Operator.LESS_THAN, List.of(v));
    }
    String word = token();
    if (word.equals("in") || word.equals("notin")) {
      pos += word.length();
      return new Requirement(key, word.equals("in") ? Requirement.Operator.IN : Requirement.Operator.NOT_IN, valueSet());
    }
    throw error(word, "'=', '==', '!=', 'in', 'notin', '>', '<' or ','");
  }

  private List<String> valueSet() {
    skipSpace();
    if (!peek('(')) {
      throw error(token(), "'('");
    }
    pos++;
    List<String> values = new ArrayList<>();
    while (true) {
      skipSpace();
      if (peek(')')) {
        pos++;
        return values;
      }
      if (!values.isEmpty() || peek(',')) {
        if (!peek(',')) {
          throw error(token(), "',' or ')'");
        }
        pos++;
        skipSpace();
      }
      values.add(bare());
    }
  }

  private String identifier() {
    skipSpace();
    String id = bare();
    if (id.isEmpty()) {
      throw error(token(), "identifier");
    }
    return id;
  }

  private String value() {
    skipSpace();
    return bare();
  }

  private String bare() {
    int start = pos;
    while (pos < s.length() && !isSpecial(s.charAt(pos))) {
      pos++;
    }
    return s.substring(start, pos);
  }

  private String token() {
    if (pos >= s.length()) {
      return "end of string";
    }
    if (isSpecial(s.charAt(pos)) && !Character.isWhitespace(s.charAt(pos))) {
      return String.valueOf(s.charAt(pos));
    }
    int end = pos;
    while (end < s.length() && !isSpecial(s.charAt(end))) {
      end++;
    }
    return s.substring(pos, end);
  }

  private static boolean isSpecial(char c) {
    return Character.isWhitespace(c) || "=!,()<>".indexOf(c) >= 0;
  }

  private boolean peek(char c) {
    return pos < s.length() && s.charAt(pos) == c;
  }

  private void skipSpace() {
    while (pos < s.length() && Character.isWhitespace(s.charAt(pos))) {
      pos++;
    }
  }

  private RuntimeException error(String found, String expected) {
    return Errors.badRequest("unable to parse requirement: found '" + found + "', expected: " + expected);
  }
}
