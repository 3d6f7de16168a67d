package dev.leaderboard.store.dispatch;

import static org.assertj.core.api.Assertions.assertThat;

import dev.leaderboard.core.OverloadedException;
import io.vertx.core.Context;
import io.vertx.core.Future;
import io.vertx.core.Promise;
import io.vertx.core.Vertx;
import io.vertx.junit5.VertxExtension;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/** How asks wait for, join and leave rounds; the rounds here answer from memory, held open by the test. */
@ExtendWith(VertxExtension.class)
class RoundsTest {
  /** A round function whose rounds stay out until the test answers them. */
  private static final class HeldRounds {
    final List<List<Integer>> started = new CopyOnWriteArrayList<>();
    final List<Promise<List<String>>> open = new CopyOnWriteArrayList<>();

    Future<List<String>> run(String key, List<Integer> asks) {
      started.add(List.copyOf(asks));
      Promise<List<String>> p = Promise.promise();
      open.add(p);
      return p.future();
    }

    /** Answers round {@code i}: each ask x gets "key:x". */
    void answer(int i, String key) {
      List<String> out = new ArrayList<>();
      for (int x : started.get(i)) {
        out.add(key + ":" + x);
      }
      open.get(i).complete(out);
    }
  }

  private static <T> T on(Context loop, java.util.concurrent.Callable<T> step) throws Exception {
    java.util.concurrent.CompletableFuture<T> out = new java.util.concurrent.CompletableFuture<>();
    loop.runOnContext(v -> {
      try {
        out.complete(step.call());
      } catch (Exception e) {
        out.completeExceptionally(e);
      }
    });
    return out.get();
  }

  @Test
  void asksWaitingForARoundGoTogetherAsTheNextAndEachGetsItsOwnAnswer(Vertx vertx) throws Exception {
    HeldRounds held = new HeldRounds();
    Rounds<String, Integer, String> rounds = new Rounds<>(100, held::run);
    Context loop = vertx.getOrCreateContext();
    List<Future<String>> answers = on(loop, () -> {
      List<Future<String>> f = new ArrayList<>();
      // the first goes at once, alone; the next three wait for it
      for (int i = 0; i < 4; i++) {
        f.add(rounds.ask("k", i));
      }
      return f;
    });
    assertThat(held.started).containsExactly(List.of(0));
    on(loop, () -> {
      held.answer(0, "k");
      return null;
    });
    assertThat(held.started).containsExactly(List.of(0), List.of(1, 2, 3));
    assertThat(answers.get(0).result()).isEqualTo("k:0");
    assertThat(answers.get(1).isComplete()).isFalse();
    // an ask after the second round started waits for a third
    Future<String> late = on(loop, () -> rounds.ask("k", 9));
    on(loop, () -> {
      held.answer(1, "k");
      return null;
    });
    assertThat(answers.subList(1, 4)).extracting(Future::result).containsExactly("k:1", "k:2", "k:3");
    assertThat(held.started).hasSize(3).last().isEqualTo(List.of(9));
    assertThat(late.isComplete()).isFalse();
    on(loop, () -> {
      held.answer(2, "k");
      return null;
    });
    assertThat(late.result()).isEqualTo("k:9");
    assertThat(rounds.busyLanes()).isZero();
  }

  @Test
  void keysAndEventLoopsHaveTheirOwnRounds(Vertx vertx) throws Exception {
    HeldRounds held = new HeldRounds();
    Rounds<String, Integer, String> rounds = new Rounds<>(100, held::run);
    Context a = vertx.getOrCreateContext();
    Context b = vertx.getOrCreateContext();
    on(a, () -> rounds.ask("x", 1));
    on(a, () -> rounds.ask("y", 2));
    on(b, () -> rounds.ask("x", 3));
    // three lanes, each with its first ask sent at once
    assertThat(held.started).hasSize(3);
    assertThat(rounds.busyLanes()).isEqualTo(3);
  }

  @Test
  void aFailedRoundFailsItsOwnAsksOnlyAndAFullQueueRefusesAtOnce(Vertx vertx) throws Exception {
    HeldRounds held = new HeldRounds();
    Rounds<String, Integer, String> rounds = new Rounds<>(2, held::run);
    Context loop = vertx.getOrCreateContext();
    List<Future<String>> f = on(loop, () -> {
      List<Future<String>> out = new ArrayList<>();
      for (int i = 0; i < 4; i++) {
        out.add(rounds.ask("k", i));
      }
      return out;
    });
    // one out, two waiting, the fourth refused unsent
    assertThat(f.get(3).failed()).isTrue();
    assertThat(f.get(3).cause()).isInstanceOf(OverloadedException.class);
    assertThat(held.started).containsExactly(List.of(0));
    on(loop, () -> {
      held.open.get(0).fail(new IllegalStateException("shard down"));
      return null;
    });
    assertThat(f.get(0).cause()).hasMessage("shard down");
    assertThat(held.started).containsExactly(List.of(0), List.of(1, 2));
    on(loop, () -> {
      held.answer(1, "k");
      return null;
    });
    assertThat(f.get(1).result()).isEqualTo("k:1");
    assertThat(f.get(2).result()).isEqualTo("k:2");
  }

  @Test
  void anAskFromOutsideAnEventLoopRunsAlone() {
    HeldRounds held = new HeldRounds();
    Rounds<String, Integer, String> rounds = new Rounds<>(100, held::run);
    Future<String> a = rounds.ask("k", 1);
    Future<String> b = rounds.ask("k", 2);
    assertThat(held.started).containsExactly(List.of(1), List.of(2));
    held.answer(1, "k");
    assertThat(b.result()).isEqualTo("k:2");
    assertThat(a.isComplete()).isFalse();
  }
}
