package dev.customapiserver.auth;

import dev.customapiserver.api.meta.UserInfo;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * kube-apiserver's {@code --token-auth-file}: CSV lines {@code token,user,uid[,"group1,group2"]}.
 * Blank lines and lines starting with {@code #} are skipped. A line with fewer than three columns,
 * an empty token or user, an unterminated quote or a token already seen fails the whole file with
 * an error naming the line.
 */
public final class TokenFile {
  private TokenFile() {}

  /** Token → user for every line of {@code file}. */
  public static Map<String, UserInfo> read(Path file) {
    List<String> lines;
    try {
      lines = Files.readAllLines(file, StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new IllegalArgumentException("cannot read token file " + file + ": " + e, e);
    }
    return parse(file.toString(), lines);
  }

  /** Parses {@code lines}; {@code name} is used in error messages. */
  public static Map<String, UserInfo> parse(String name, List<String> lines) {
    Map<String, UserInfo> tokens = new LinkedHashMap<>();
    for (int i = 0; i < lines.size(); i++) {
      String line = i == 0 && lines.get(0).startsWith("\uFEFF") ? lines.get(0).substring(1) : lines.get(i);
      if (line.isBlank() || line.stripLeading().startsWith("#")) {
        continue;
      }
      String where = "token file " + name + " line " + (i + 1) + ": ";
      List<String> columns;
      try {
        columns = CsvLine.split(line);
      } catch (IllegalArgumentException e) {
        throw new IllegalArgumentException(where + e.getMessage());
      }
      if (columns.size() < 3) {
        throw new IllegalArgumentException(where + "expected at least 3 columns (token,user,uid), found " + columns.size());
      }
      String token = columns.get(0);
      String user = columns.get(1);
      if (token.isEmpty() || user.isEmpty()) {
        throw new IllegalArgumentException(where + (token.isEmpty() ? "the token is empty" : "the user name is empty"));
      }
      List<String> groups = columns.size() > 3
          ? Arrays.stream(columns.get(3).split(",")).map(String::trim).filter(g -> !g.isEmpty()).toList()
          : List.of();
      if (tokens.put(token, new UserInfo(user, columns.get(2), groups, Map.of())) != null) {
        throw new IllegalArgumentException(where + "this token is already assigned on an earlier line");
      }
    }
    return tokens;
  }
}
