package dev.leaderboard.api;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.vertx.core.Vertx;
import io.vertx.ext.web.RoutingContext;
import io.vertx.junit5.VertxExtension;
import io.vertx.openapi.contract.OpenAPIContract;
import io.vertx.openapi.contract.Operation;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/** Building the router fails unless the handlers and the document's operations are the same set. */
@ExtendWith(VertxExtension.class)
class ContractRouterTest {
  private Vertx vertx;
  private OpenAPIContract contract;

  @BeforeEach
  void load(Vertx vertx) throws Exception {
    this.vertx = vertx;
    contract = ContractRouter.loadContract(vertx).await(20, TimeUnit.SECONDS);
  }

  @Test
  void buildsWhenEveryOperationHasAHandler() throws Exception {
    assertThat(failure(everyOperationBut(null))).isNull();
  }

  @Test
  void failsWhenAnOperationHasNoHandler() throws Exception {
    assertThat(failure(everyOperationBut("ranks"))).isInstanceOf(IllegalStateException.class)
        .hasMessageContaining("operations without a handler [ranks]")
        .hasMessageContaining("handlers of operations the document lacks []");
  }

  @Test
  void failsWhenAHandlerNamesAnOperationTheDocumentLacks() throws Exception {
    ContractRouter routes = everyOperationBut(null).handle("undocumented", ContractRouterTest::ok);
    assertThat(failure(routes)).isInstanceOf(IllegalStateException.class)
        .hasMessageContaining("operations without a handler []")
        .hasMessageContaining("handlers of operations the document lacks [undocumented]");
  }

  @Test
  void refusesTwoHandlersForOneOperation() {
    ContractRouter routes = new ContractRouter().handle("ranks", ContractRouterTest::ok);
    assertThatThrownBy(() -> routes.handle("ranks", ContractRouterTest::ok))
        .isInstanceOf(IllegalStateException.class).hasMessageContaining("ranks");
  }

  private ContractRouter everyOperationBut(String left) {
    ContractRouter routes = new ContractRouter();
    contract.operations().stream().map(Operation::getOperationId).filter(id -> !id.equals(left))
        .forEach(id -> routes.handle(id, ContractRouterTest::ok));
    return routes;
  }

  /** Why building the router failed, or null when it succeeded. */
  private Throwable failure(ContractRouter routes) throws Exception {
    return routes.createRouter(vertx, RoutingContext::next, access -> List.of(RoutingContext::next)).map(router -> (Throwable) null).otherwise(e -> e)
        .await(20, TimeUnit.SECONDS);
  }

  private static void ok(RoutingContext ctx) {
    ctx.end();
  }
}
