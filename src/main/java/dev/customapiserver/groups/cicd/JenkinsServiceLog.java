package dev.customapiserver.groups.cicd;

import dev.customapiserver.apis.cicd.JenkinsService;
import dev.customapiserver.runtime.Connector;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;

/**
 * The {@code log} subresource of a JenkinsService: a generated plain-text log, a header line, then
 * one line per instance in {@code status.instances} (or a line saying none has started), each
 * flushed as written.
 */
public final class JenkinsServiceLog implements Connector<JenkinsService> {

  @Override
  public void connect(JenkinsService js, Map<String, List<String>> options, OutputStream out) throws IOException {
    String approval = js.status == null || js.status.approvalstatus == null ? "unknown" : js.status.approvalstatus;
    line(out, "jenkinsservice " + js.metadata().namespace + "/" + js.metadata().name + ": " + js.spec.instanceamount
        + " instance(s) of " + (js.spec.instancecpu == null ? 1 : js.spec.instancecpu) + " CPU requested, approval "
        + approval);
    List<JenkinsService.Instance> instances = js.status == null || js.status.instances == null ? List.of() : js.status.instances;
    if (instances.isEmpty()) {
      line(out, "no instance has started yet");
    }
    for (int i = 0; i < instances.size(); i++) {
      JenkinsService.Instance in = instances.get(i);
      boolean running = in != null && Boolean.TRUE.equals(in.running);
      line(out, "instance " + i + ": cpu=" + (in == null ? null : in.cpu) + " " + (running ? "running" : "not running"));
    }
  }

  private static void line(OutputStream out, String text) throws IOException {
    out.write((text + "\n").getBytes(StandardCharsets.UTF_8));
    out.flush();
  }
}
