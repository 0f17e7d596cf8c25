package dev.customapiserver.auth;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.customapiserver.api.meta.UserInfo;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

@DisplayName("The token auth file (kube-apiserver's token.csv)")
class TokenFileTest {

  private static Map<String, UserInfo> parse(String... lines) {
    return TokenFile.parse("token.csv", List.of(lines));
  }

  @Test
  @DisplayName("reads token,user,uid and a quoted comma-separated group list")
  void quotedGroups() {
    Map<String, UserInfo> tokens = parse("t1,alice,u-1,\"dev, ops\"", "t2,bob,u-2", "t3,carol,u-3,viewers");
    assertThat(tokens.get("t1")).isEqualTo(new UserInfo("alice", "u-1", List.of("dev", "ops"), Map.of()));
    assertThat(tokens.get("t2").groups()).isEmpty();
    assertThat(tokens.get("t3").groups()).containsExactly("viewers");
  }

  @Test
  @DisplayName("skips blank lines and # comments, trims leading spaces, unescapes doubled quotes")
  void lenientSyntax() {
    Map<String, UserInfo> tokens = parse("", "# token,user,uid,groups", "  t1, alice, u-1", "t2,\"b\"\"ob\",u-2");
    assertThat(tokens).containsOnlyKeys("t1", "t2");
    assertThat(tokens.get("t1").name()).isEqualTo("alice");
    assertThat(tokens.get("t2").name()).isEqualTo("b\"ob");
  }

  @Test
  @DisplayName("a line with fewer than three columns fails with an error naming the line")
  void tooFewColumns() {
    assertThatThrownBy(() -> parse("t1,alice,u-1", "# fine", "t2,bob"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("token file token.csv line 3: expected at least 3 columns (token,user,uid), found 2");
  }

  @Test
  @DisplayName("an unterminated quote, an empty token or user, or a repeated token fail naming the line")
  void otherBadLines() {
    assertThatThrownBy(() -> parse("t1,alice,u-1,\"dev")).hasMessage("token file token.csv line 1: unterminated quoted field");
    assertThatThrownBy(() -> parse(",alice,u-1")).hasMessage("token file token.csv line 1: the token is empty");
    assertThatThrownBy(() -> parse("t1,,u-1")).hasMessage("token file token.csv line 1: the user name is empty");
    assertThatThrownBy(() -> parse("t1,a,1", "t1,b,2"))
        .hasMessage("token file token.csv line 2: this token is already assigned on an earlier line");
  }

  @Test
  @DisplayName("reads a file, and a missing file is a clear error")
  void files(@TempDir Path dir) throws Exception {
    Path f = dir.resolve("token.csv");
    Files.writeString(f, "\uFEFFt1,alice,u-1,\"a,b\"\n");
    assertThat(TokenFile.read(f)).containsOnlyKeys("t1");
    assertThatThrownBy(() -> TokenFile.read(dir.resolve("none.csv"))).hasMessageContaining("cannot read token file");
  }

  @Test
  @DisplayName("the sample server-config/token.csv parses")
  void sample() {
    assertThat(TokenFile.read(Path.of("server-config/token.csv"))).hasSize(2)
        .anySatisfy((token, user) -> assertThat(user.groups()).containsExactly("developers", "viewers"));
  }
}
