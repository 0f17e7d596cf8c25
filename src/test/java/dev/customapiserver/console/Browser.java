package dev.customapiserver.console;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.function.Function;
import org.junit.jupiter.api.Assumptions;
import org.openqa.selenium.OutputType;
import org.openqa.selenium.TakesScreenshot;
import org.openqa.selenium.WebDriver;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.chrome.ChromeDriverService;
import org.openqa.selenium.chrome.ChromeOptions;
import org.openqa.selenium.support.ui.WebDriverWait;

/**
 * Debian's headless Chromium driven by its chromedriver (no driver or browser is downloaded: the
 * paths are given, so Selenium Manager is never asked). {@code .ci/run} installs both packages.
 */
final class Browser implements AutoCloseable {
  private static final Path CHROMIUM = Path.of("/usr/bin/chromium");
  private static final Path CHROMEDRIVER = Path.of("/usr/bin/chromedriver");
  private static final Duration PATIENCE = Duration.ofSeconds(60); // a bound on a loaded machine, not a timing
  final ChromeDriver driver;

  private Browser(ChromeDriver driver) {
    this.driver = driver;
  }

  static Browser start() {
    Assumptions.assumeTrue(Files.isExecutable(CHROMIUM) && Files.isExecutable(CHROMEDRIVER),
        "Debian's chromium and chromium-driver are not installed (apt-get install chromium chromium-driver)");
    ChromeOptions options = new ChromeOptions().setBinary(CHROMIUM.toFile())
        .addArguments("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--ignore-certificate-errors",
            "--window-size=1280,900", "--disable-gpu");
    ChromeDriverService service = new ChromeDriverService.Builder().usingDriverExecutable(CHROMEDRIVER.toFile())
        .usingAnyFreePort().build();
    return new Browser(new ChromeDriver(service, options));
  }

  <T> T await(Function<WebDriver, T> condition) {
    return new WebDriverWait(driver, PATIENCE).until(condition);
  }

  void screenshot(String name) throws java.io.IOException {
    Path dir = Path.of("target", "console-screenshots");
    Files.createDirectories(dir);
    File shot = ((TakesScreenshot) driver).getScreenshotAs(OutputType.FILE);
    Files.copy(shot.toPath(), dir.resolve(name + ".png"), java.nio.file.StandardCopyOption.REPLACE_EXISTING);
  }

  @Override
  public void close() {
    driver.quit();
  }
}
