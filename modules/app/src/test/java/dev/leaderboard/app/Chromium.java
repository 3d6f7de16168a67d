package dev.leaderboard.app;

import static org.junit.jupiter.api.Assertions.fail;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.leaderboard.embedded.CurrentUser;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.logging.Level;
import org.openqa.selenium.OutputType;
import org.openqa.selenium.WebDriver;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.chrome.ChromeDriverService;
import org.openqa.selenium.chrome.ChromeOptions;
import org.openqa.selenium.logging.LogEntry;
import org.openqa.selenium.logging.LogType;
import org.openqa.selenium.support.ui.WebDriverWait;

/**
 * Debian's headless {@code chromium}, driven through its {@code chromedriver} (both named by path, so
 * Selenium Manager is never asked to find or download either). Without them the browser tests are
 * skipped, saying so; with the environment variable {@code CI} set they fail instead, so CI never
 * passes without having run them ({@code .ci/run} installs both).
 */
final class Chromium implements AutoCloseable {
  static final Path BROWSER = Path.of("/usr/bin/chromium");
  static final Path DRIVER = Path.of("/usr/bin/chromedriver");
  /** Where each view's screenshot goes (the module's {@code target/}, the tests' working directory). */
  static final Path SCREENSHOTS = Path.of("target", "screenshots");

  private final ChromeDriverService service;
  private final ChromeDriver driver;

  private Chromium(ChromeDriverService service, ChromeDriver driver) {
    this.service = service;
    this.driver = driver;
  }

  /** Skips the calling test (fails it under {@code CI}) when chromium or chromedriver is missing. */
  static void assumeInstalled() {
    List<Path> missing = List.of(BROWSER, DRIVER).stream().filter(p -> !Files.isExecutable(p)).toList();
    String why = "browser tests need Debian's chromium and chromedriver (apt-get install chromium chromium-driver);"
        + " missing: " + missing;
    if (!missing.isEmpty() && System.getenv("CI") != null) {
      fail(why + " (CI is set, so they may not be skipped)");
    }
    assumeTrue(missing.isEmpty(), why);
  }

  static Chromium start() {
    ChromeOptions options = new ChromeOptions().setBinary(BROWSER.toFile());
    options.addArguments("--headless=new", "--window-size=1280,900", "--disable-gpu", "--disable-dev-shm-usage",
        "--no-first-run", "--no-default-browser-check", "--disable-extensions", "--disable-sync",
        "--disable-background-networking", "--disable-component-update", "--disable-default-apps",
        "--lang=en-US");
    // the page's console, to check that nothing was refused (a CSP violation is logged there) or thrown
    options.setCapability("goog:loggingPrefs", Map.of(LogType.BROWSER, "ALL"));
    if (CurrentUser.isRoot()) {
      // chromium's sandbox refuses to run as root
      options.addArguments("--no-sandbox");
    }
    ChromeDriverService service = new ChromeDriverService.Builder().usingDriverExecutable(DRIVER.toFile())
        .usingAnyFreePort().withTimeout(Duration.ofSeconds(30)).build();
    return new Chromium(service, new ChromeDriver(service, options));
  }

  WebDriver driver() {
    return driver;
  }

  WebDriverWait waitAtMost(Duration timeout) {
    WebDriverWait wait = new WebDriverWait(driver, timeout, Duration.ofMillis(20));
    wait.ignoring(org.openqa.selenium.StaleElementReferenceException.class);
    return wait;
  }

  /** The page's console errors since the last call (refused by the CSP, thrown, failed requests). */
  List<String> consoleErrors() {
    return driver.manage().logs().get(LogType.BROWSER).getAll().stream()
        .filter(entry -> entry.getLevel().intValue() >= Level.SEVERE.intValue()).map(LogEntry::getMessage).toList();
  }

  /** Saves what the browser shows as {@code target/screenshots/<name>.png}. */
  Path screenshot(String name) {
    try {
      Files.createDirectories(SCREENSHOTS);
      Path to = SCREENSHOTS.resolve(name.toLowerCase(Locale.ROOT) + ".png");
      Files.move(driver.getScreenshotAs(OutputType.FILE).toPath(), to, StandardCopyOption.REPLACE_EXISTING);
      return to;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  @Override
  public void close() {
    try {
      driver.quit();
    } finally {
      service.stop();
    }
  }
}
