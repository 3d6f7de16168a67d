package dev.leaderboard.api.auth;

import dev.leaderboard.core.BusAddresses;
import dev.leaderboard.store.access.ApiKeyStore;
import static org.assertj.core.api.Assertions.assertThat;

import dev.leaderboard.core.StoreUnavailableException;
import dev.leaderboard.embedded.Await;
import dev.leaderboard.embedded.LocalRedisShards;
import dev.leaderboard.store.Keys;
import dev.leaderboard.store.dispatch.Route;
import dev.leaderboard.store.dispatch.RedisPool;
import dev.leaderboard.store.dispatch.Shards;
import io.vertx.core.Future;
import io.vertx.core.Vertx;
import io.vertx.core.json.JsonObject;
import io.vertx.junit5.VertxExtension;
import io.vertx.redis.client.Command;
import io.vertx.redis.client.Request;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * The node's copy of the keys on a redis-server of its own, so that its reads can be counted
 * ({@code INFO commandstats}): unknown IDs, change notices, and a revocation while Redis is down.
 */
@ExtendWith(VertxExtension.class)
class KeyCacheTest {
  private static final SecureRandom RANDOM = new SecureRandom();
  private static final Clock CLOCK = Clock.fixed(Instant.parse("2025-04-15T12:00:00Z"), ZoneOffset.UTC);
  private LocalRedisShards redis;
  private Shards shards;
  private KeyCache cache;

  @BeforeEach
  void start(Vertx vertx, @TempDir Path dir) throws Exception {
    redis = LocalRedisShards.start(dir, 1);
    shards = Shards.connect(vertx, redis.endpoints(), new RedisPool(4, KeyCache.LOOKUPS_PER_SECOND));
    cache = new KeyCache(vertx, new ApiKeyStore(shards), CLOCK);
    await(cache.start());
  }

  @AfterEach
  void stop() {
    shards.close();
    redis.close();
  }

  @Test
  void anUnknownIdIsReadOnceRememberedAndUnknownIdsAreReadAtMostAHundredASecond() {
    String id = ApiKeyToken.generate(RANDOM).id();
    long before = hgets();
    List<Future<ApiKey>> same = new ArrayList<>();
    for (int i = 0; i < 20; i++) {
      same.add(cache.lookup(id));
    }
    await(Future.all(same));
    assertThat(same).allSatisfy(f -> assertThat(f.result()).isNull());
    assertThat(hgets() - before).as("reads for 20 concurrent lookups of one ID").isEqualTo(1);
    assertThat(await(cache.lookup(id))).isNull();
    assertThat(hgets() - before).as("reads after the miss was remembered").isEqualTo(1);

    List<Future<ApiKey>> random = new ArrayList<>();
    for (int i = 0; i < 300; i++) {
      random.add(cache.lookup(ApiKeyToken.generate(RANDOM).id()));
    }
    await(Future.all(random));
    assertThat(random).allSatisfy(f -> assertThat(f.result()).isNull());
    // the loop takes far less than a second; at most it straddles two one-second budgets
    assertThat(hgets() - before - 1).as("reads for 300 random IDs").isBetween(1L, 2L * KeyCache.LOOKUPS_PER_SECOND);
  }

  @Test
  void aKeyCreatedAfterAMissIsKnownOnceNoticedAndAKeyCreatedElsewhereIsFoundByLookup() {
    ApiKeyToken token = ApiKeyToken.generate(RANDOM);
    assertThat(await(cache.lookup(token.id()))).isNull();
    assertThat(await(cache.store().create(token.id(), record(token).toStored()))).isTrue();
    assertThat(await(cache.lookup(token.id()))).as("the miss is remembered for a while").isNull();
    assertThat(await(cache.refresh(token.id()))).isNotNull();
    assertThat(cache.cached(token.id()).isKey(token)).isTrue();

    ApiKeyToken elsewhere = ApiKeyToken.generate(RANDOM);
    assertThat(await(cache.store().create(elsewhere.id(), record(elsewhere).toStored()))).isTrue();
    assertThat(cache.cached(elsewhere.id())).isNull();
    assertThat(await(cache.lookup(elsewhere.id())).isKey(elsewhere)).isTrue();
    assertThat(cache.cached(elsewhere.id())).isNotNull();
  }

  @Test
  void aNoticeCarriesOnlyTheIdAndTheRecordIsReadFromRedis(Vertx vertx) {
    ApiKeyToken token = ApiKeyToken.generate(RANDOM);
    assertThat(await(cache.store().create(token.id(), record(token).toStored()))).isTrue();
    await(cache.changed(token.id()));
    assertThat(await(cache.lookup(token.id()))).isNotNull();
    // another node revoked it: its record is gone; the notice says nothing else that counts
    await(shards.send(Route.META, Request.cmd(Command.HDEL).arg(Keys.API_KEYS).arg(token.id())));
    long sent = System.nanoTime();
    vertx.eventBus().publish(BusAddresses.KEYS_CHANGED, new JsonObject().put("id", token.id())
        .put("record", record(token).toStored()));
    Await.until("refused within a second of the notice", Duration.ofSeconds(1),
        () -> await(cache.lookup(token.id())) == null);
    // a notice for a key that does not exist adds nothing, whatever it carries
    ApiKeyToken made = ApiKeyToken.generate(RANDOM);
    long before = hgets();
    vertx.eventBus().publish(BusAddresses.KEYS_CHANGED, new JsonObject().put("id", made.id()).put("record", record(made).toStored()));
    // within five seconds of the first notice
    Await.until("the notice was read", Duration.ofSeconds(5).minusNanos(System.nanoTime() - sent), () -> hgets() != before);
    assertThat(await(cache.lookup(made.id()))).isNull();
    assertThat(cache.cached(made.id())).isNull();
  }

  @Test
  void aRevocationNoticeDropsTheKeyAtOnceEvenWhenRedisCannotBeRead() {
    ApiKeyToken token = ApiKeyToken.generate(RANDOM);
    assertThat(await(cache.store().create(token.id(), record(token).toStored()))).isTrue();
    await(cache.changed(token.id()));
    assertThat(await(cache.lookup(token.id()))).isNotNull();
    redis.close();
    Future<ApiKey> reread = cache.refresh(token.id());
    assertThat(cache.cached(token.id())).as("dropped before the read answers").isNull();
    assertThat(awaitFailure(reread)).isInstanceOf(StoreUnavailableException.class);
    assertThat(awaitFailure(cache.lookup(token.id()))).as("an ID that cannot be checked is not let through")
        .isInstanceOf(StoreUnavailableException.class);
  }

  private static ApiKey record(ApiKeyToken token) {
    return ApiKey.of(token, "cache test", Set.of(Scope.READ), Set.of(), null, CLOCK.millis());
  }

  private long hgets() {
    String info = await(shards.send(Route.META, Request.cmd(Command.INFO).arg("commandstats"))).toString();
    return info.lines().filter(l -> l.startsWith("cmdstat_hget:")).findFirst()
        .map(l -> Long.parseLong(l.replaceAll("^cmdstat_hget:calls=(\\d+),.*$", "$1").trim())).orElse(0L);
  }

  private static <T> T await(Future<T> f) {
    try {
      return f.await(20, TimeUnit.SECONDS);
    } catch (Exception e) {
      throw new AssertionError(e);
    }
  }

  private static Throwable awaitFailure(Future<?> f) {
    try {
      f.await(20, TimeUnit.SECONDS);
      throw new AssertionError("succeeded: " + f.result());
    } catch (AssertionError e) {
      throw e;
    } catch (Exception e) {
      return f.cause();
    }
  }
}
