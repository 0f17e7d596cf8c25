package dev.customapiserver.console;

import static org.assertj.core.api.Assertions.assertThat;

import dev.customapiserver.e2e.ServerProcess;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.openqa.selenium.By;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.support.ui.ExpectedConditions;

/** The web console in a real browser against {@code java -jar custom-apiserver.war}. */
@DisplayName("Web console: sign in, browse, live updates, apply, delete, as the user")
class ConsoleBrowserIT {
  private static final String FOOS = "/apis/hello.zeng.dev/v2/namespaces/default/foos";
  @TempDir static Path dir;
  private static ServerProcess server;
  private Browser browser;

  @BeforeAll
  static void startServer() throws Exception {
    Path tokens = dir.resolve("tokens.csv");
    Files.writeString(tokens, "bob-token,bob,u-bob\n");
    server = ServerProcess.start(dir.resolve("data"), "--token-auth-file", tokens.toString());
  }

  @AfterAll
  static void stopServer() {
    server.close();
  }

  @BeforeEach
  void openBrowser() {
    browser = Browser.start();
  }

  @AfterEach
  void closeBrowser() {
    browser.close();
  }

  private void open(String apiPath) {
    browser.driver.get(server.url().resolve("/console" + apiPath).toString());
  }

  private void signIn(String token) {
    WebElement field = browser.await(ExpectedConditions.elementToBeClickable(By.id("token")));
    field.sendKeys(token);
    browser.driver.findElement(By.id("signin-token")).click();
    browser.await(ExpectedConditions.visibilityOfElementLocated(By.id("signout")));
  }

  private void createFoo(String name, String msg) throws Exception {
    HttpResponse<String> r = server.send("POST", FOOS + "?fieldManager=it", """
        {"apiVersion":"hello.zeng.dev/v2","kind":"Foo","metadata":{"name":"%s"},
         "spec":{"image":"busybox:1.36","config":{"msg":%s}}}""".formatted(name, com.fasterxml.jackson.databind.json.JsonMapper
        .builder().build().writeValueAsString(msg)), "application/json");
    assertThat(r.statusCode()).as(r.body()).isEqualTo(201);
  }

  private By row(String name) {
    return By.xpath("//table[@id='objects']//a[text()='" + name + "']");
  }

  @Test
  @DisplayName("signed in with a token, a collection shows the server's columns and follows the watch")
  void browseAndFollow() throws Exception {
    createFoo("first", "hello");
    open(FOOS);
    signIn(server.token());
    browser.await(ExpectedConditions.visibilityOfElementLocated(row("first")));
    List<String> headings = browser.driver.findElements(By.cssSelector("#objects th")).stream().map(WebElement::getText).toList();
    assertThat(headings).containsExactly("NAME", "MSG", "IMAGE", "AGE");
    assertThat(browser.driver.findElement(By.id("nav")).getText()).contains("foos", "flunders", "namespaces");
    browser.await(ExpectedConditions.textToBePresentInElementLocated(By.id("live"), "Live"));

    createFoo("second", "created elsewhere");
    browser.await(ExpectedConditions.visibilityOfElementLocated(row("second")));
    browser.screenshot("collection");
    assertThat(server.send("DELETE", FOOS + "/second", null, null).statusCode()).isEqualTo(200);
    browser.await(ExpectedConditions.invisibilityOfElementLocated(row("second")));

    browser.driver.findElement(row("first")).click();
    browser.await(ExpectedConditions.urlToBe(server.url().resolve("/console" + FOOS + "/first").toString()));
    String yaml = browser.await(ExpectedConditions.visibilityOfElementLocated(By.id("yaml"))).getAttribute("value");
    assertThat(yaml).contains("name: first", "msg: hello").doesNotContain("managedFields");
    assertThat(browser.driver.findElement(By.id("main")).getText()).as("no empty section shows as text")
        .doesNotContainPattern("(?m)^(null|undefined)$");
    browser.screenshot("object");
    Object paint = browser.driver.executeScript(
        "const p = performance.getEntriesByName('first-contentful-paint')[0]; return p ? Math.round(p.startTime) : -1");
    Files.writeString(Path.of("target", "console-screenshots", "first-paint-ms.txt"), paint + "\n"); // for the notes, not asserted

    browser.driver.manage().window().setSize(new org.openqa.selenium.Dimension(390, 844)); // a phone
    org.openqa.selenium.Rectangle nav = browser.driver.findElement(By.id("nav")).getRect();
    org.openqa.selenium.Rectangle page = browser.driver.findElement(By.id("main")).getRect();
    assertThat(nav.getY() + nav.getHeight()).as("on a phone the navigation sits above the page").isLessThanOrEqualTo(page.getY());
    assertThat(page.getWidth()).as("the page takes the phone's width").isGreaterThan(300);
    browser.screenshot("phone");
  }

  @Test
  @DisplayName("object data with markup is shown as text, never run or rendered")
  void hostileDataIsText() throws Exception {
    String evil = "<img src=x onerror=\"window.__pwned=1\"><script>window.__pwned=2</script>";
    createFoo("evil", evil);
    open(FOOS);
    signIn(server.token());
    browser.await(ExpectedConditions.visibilityOfElementLocated(row("evil")));
    assertThat(browser.driver.findElement(By.xpath("//table[@id='objects']//td[2]")).getText()).isEqualTo(evil);
    assertThat(browser.driver.findElements(By.cssSelector("main img, main script"))).isEmpty();
    browser.driver.findElement(row("evil")).click();
    String yaml = browser.await(ExpectedConditions.visibilityOfElementLocated(By.id("yaml"))).getAttribute("value");
    assertThat(yaml).contains("onerror");
    assertThat(browser.driver.executeScript("return window.__pwned === undefined")).isEqualTo(true);
  }

  @Test
  @DisplayName("a user without rights sees kube's 403 message and no data")
  void forbiddenShowsKubesMessage() throws Exception {
    createFoo("secret", "not for bob");
    open(FOOS);
    signIn("bob-token");
    WebElement alert = browser.await(ExpectedConditions.visibilityOfElementLocated(By.cssSelector("#collection [role=alert]")));
    assertThat(alert.getText()).isEqualTo("foos.hello.zeng.dev is forbidden: User \"bob\" cannot list resource \"foos\" "
        + "in API group \"hello.zeng.dev\" in the namespace \"default\"");
    assertThat(browser.driver.findElements(By.id("objects"))).isEmpty();
    assertThat(browser.driver.findElement(By.id("user")).getText()).isEqualTo("bob");
  }

  @Test
  @DisplayName("apply edits with server-side apply, shows a conflict and offers force; delete asks first")
  void applyConflictForceAndDelete() throws Exception {
    createFoo("edit-me", "before");
    open(FOOS + "/edit-me");
    signIn(server.token());
    WebElement yaml = browser.await(ExpectedConditions.visibilityOfElementLocated(By.id("yaml")));
    browser.driver.executeScript("arguments[0].value = arguments[0].value.replace('msg: before', 'msg: after')", yaml);
    browser.driver.findElement(By.id("apply")).click();
    WebElement conflict = browser.await(ExpectedConditions.visibilityOfElementLocated(By.cssSelector("#result [role=alert]")));
    assertThat(conflict.getText()).contains("Apply failed with", "conflict", "it", ".spec.config.msg");
    browser.driver.findElement(By.id("force")).click();
    browser.await(ExpectedConditions.textToBePresentInElementLocated(By.id("result"), "Applied."));
    assertThat(server.get(FOOS + "/edit-me", server.token()).body()).contains("\"msg\":\"after\"");

    browser.driver.findElement(By.id("delete")).click();
    browser.await(ExpectedConditions.alertIsPresent()).dismiss();
    assertThat(server.get(FOOS + "/edit-me", server.token()).statusCode()).as("dismissed: still there").isEqualTo(200);
    browser.driver.findElement(By.id("delete")).click();
    browser.await(ExpectedConditions.alertIsPresent()).accept();
    browser.await(ExpectedConditions.urlToBe(server.url().resolve("/console" + FOOS).toString()));
    assertThat(server.get(FOOS + "/edit-me", server.token()).statusCode()).isEqualTo(404);
  }

  @Test
  @DisplayName("create from YAML lands on the new object's page, which shows its Events; a forbidden object shows kube's 403")
  void createFromYamlAndEvents() throws Exception {
    open(FOOS);
    signIn(server.token());
    browser.await(ExpectedConditions.elementToBeClickable(By.id("create"))).click();
    WebElement yaml = browser.await(ExpectedConditions.visibilityOfElementLocated(By.id("create-yaml")));
    assertThat(yaml.getAttribute("value")).contains("apiVersion: hello.zeng.dev/v2", "kind: Foo", "namespace: default");
    browser.driver.executeScript("arguments[0].value = arguments[1]", yaml, """
        apiVersion: hello.zeng.dev/v2
        kind: Foo
        metadata: {name: made-here, namespace: default}
        spec: {image: busybox:1.36, config: {msg: from the console}}
        """);
    browser.driver.findElement(By.id("create-submit")).click();
    browser.await(ExpectedConditions.urlToBe(server.url().resolve("/console" + FOOS + "/made-here").toString()));
    String uid = new com.fasterxml.jackson.databind.ObjectMapper().readTree(server.get(FOOS + "/made-here", server.token()).body())
        .path("metadata").path("uid").asText();
    assertThat(uid).isNotEmpty();

    HttpResponse<String> event = server.send("POST", "/api/v1/namespaces/default/events", """
        {"apiVersion":"v1","kind":"Event","metadata":{"name":"made-here.1"},"type":"Normal","reason":"Checked",
         "message":"all good","involvedObject":{"apiVersion":"hello.zeng.dev/v2","kind":"Foo","name":"made-here",
         "namespace":"default","uid":"%s"}}""".formatted(uid), "application/json");
    assertThat(event.statusCode()).as(event.body()).isEqualTo(201);
    browser.driver.navigate().refresh();
    browser.await(ExpectedConditions.textToBePresentInElementLocated(By.id("events"), "Checked"));
    assertThat(browser.driver.findElement(By.id("events")).getText()).contains("Normal", "Checked", "all good");

    browser.driver.findElement(By.id("signout")).click();
    signIn("bob-token");
    WebElement alert = browser.await(ExpectedConditions.visibilityOfElementLocated(By.cssSelector("main [role=alert]")));
    assertThat(alert.getText()).isEqualTo("foos.hello.zeng.dev \"made-here\" is forbidden: User \"bob\" cannot get resource "
        + "\"foos\" in API group \"hello.zeng.dev\" in the namespace \"default\"");
    assertThat(browser.driver.findElements(By.id("yaml"))).isEmpty();
  }

  @Test
  @DisplayName("every console answer carries a strict CSP, nosniff and frame denial; the pages need no credentials")
  void securityHeaders() throws Exception {
    for (String path : List.of("/console/", "/console" + FOOS, "/console/assets/app.js", "/console/assets/missing.js")) {
      HttpResponse<String> r = server.get(path, null);
      assertThat(r.statusCode()).as(path).isEqualTo(path.endsWith("missing.js") ? 404 : 200);
      assertThat(r.headers().firstValue("Content-Security-Policy")).as(path).hasValueSatisfying(csp ->
          assertThat(csp).contains("default-src 'none'", "script-src 'self'", "frame-ancestors 'none'").doesNotContain("unsafe"));
      assertThat(r.headers().firstValue("X-Content-Type-Options")).as(path).contains("nosniff");
      assertThat(r.headers().firstValue("X-Frame-Options")).as(path).contains("DENY");
    }
    assertThat(server.get("/console/", null).body()).doesNotContain("<script>").contains("type=\"module\"");
    assertThat(server.get(FOOS, null).statusCode()).as("the API itself still needs credentials").isEqualTo(403);
  }
}
