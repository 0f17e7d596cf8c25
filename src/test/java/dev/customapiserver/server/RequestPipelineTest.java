package dev.customapiserver.server;

import static org.assertj.core.api.Assertions.assertThat;

import dev.customapiserver.auth.AuthenticationChain;
import dev.customapiserver.auth.Authorizer;
import dev.customapiserver.runtime.Codecs;
import dev.customapiserver.server.RequestPipeline.Stage;
import jakarta.servlet.Filter;
import jakarta.servlet.FilterChain;
import java.time.Clock;
import java.util.List;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

@DisplayName("The request pipeline: kube's handler chain declared in one place")
class RequestPipelineTest {
  private final RequestPipeline standard = RequestPipeline.standard(new Codecs(), Clock.systemUTC(),
      AuthenticationChain.ofTokens(List.of()), Authorizer.authenticatedMayDoEverything());

  @Test
  @DisplayName("the standard stages run panic → request info → authentication → impersonation → authorization → API")
  void order() {
    assertThat(standard.stages()).containsExactly(Stage.PANIC, Stage.SEND_ERROR_AS_STATUS, Stage.REQUEST_INFO,
        Stage.AUTHENTICATION, Stage.IMPERSONATION, Stage.AUTHORIZATION, Stage.WEBSOCKET_UPGRADE, Stage.WATCH_HAND_OFF);
  }

  @Test
  @DisplayName("a filled slot takes its declared place whatever the order of filling")
  void slots() {
    Filter f = (req, res, chain) -> chain.doFilter(req, res);
    RequestPipeline p = standard.with(Stage.TIMEOUT, f).with(Stage.AUDIT, f).with(Stage.MAX_IN_FLIGHT, f).with(Stage.METRICS, f);
    assertThat(p.stages()).containsExactly(Stage.PANIC, Stage.SEND_ERROR_AS_STATUS, Stage.REQUEST_INFO, Stage.METRICS,
        Stage.AUTHENTICATION, Stage.AUDIT, Stage.IMPERSONATION, Stage.MAX_IN_FLIGHT, Stage.AUTHORIZATION, Stage.TIMEOUT,
        Stage.WEBSOCKET_UPGRADE, Stage.WATCH_HAND_OFF);
    assertThat(standard.stages()).as("with() leaves the original alone").doesNotContain(Stage.TIMEOUT);
    assertThat(Stage.MAX_IN_FLIGHT.filterName()).isEqualTo("max-in-flight");
  }

  @Test
  @DisplayName("replacing a stage keeps its place")
  void replace() {
    FilterChain unused = (req, res) -> {};
    Filter mine = (req, res, chain) -> unused.doFilter(req, res);
    RequestPipeline p = standard.with(Stage.AUTHORIZATION, mine);
    assertThat(p.filter(Stage.AUTHORIZATION)).containsSame(mine);
    assertThat(p.stages()).isEqualTo(standard.stages());
  }
}
