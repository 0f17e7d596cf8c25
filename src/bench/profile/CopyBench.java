import dev.customapiserver.apis.hello.*;
import dev.customapiserver.groups.hello.HelloModule;
import dev.customapiserver.runtime.*;
import dev.customapiserver.api.meta.*;
import java.nio.charset.StandardCharsets;

/**
 * In-process cost of a stored Foo's copy, template and encoding, in thread CPU time per operation
 * (so a loaded machine disturbs it less than wall time). See README, "The handler path (issue 14)".
 * usage: CopyBench N copy|template|encode|spec|tree
 */
public class CopyBench {
  public static void main(String[] a) throws Exception {
    Codecs codecs = new Codecs();
    @SuppressWarnings("unchecked")
    ResourceType<Foo> t = (ResourceType<Foo>) new HelloModule().apiGroup().resource("foos").get();
    StorageCodec<Foo> codec = new StorageCodec<>(t, codecs);
    String json = "{\"apiVersion\":\"hello.zeng.dev/v2\",\"kind\":\"Foo\",\"metadata\":{\"name\":\"foo-1\",\"namespace\":\"default\",\"uid\":\"0d8f7f0e-1f5a-4a53-9d0e-0d1b2c3d4e5f\",\"resourceVersion\":\"12\",\"generation\":1,\"creationTimestamp\":\"2026-11-27T12:00:00Z\",\"managedFields\":[{\"manager\":\"kube-load\",\"operation\":\"Update\",\"apiVersion\":\"hello.zeng.dev/v1\",\"time\":\"2026-11-27T12:00:00Z\",\"fieldsType\":\"FieldsV1\",\"fieldsV1\":{\"f:spec\":{\"f:msg\":{},\"f:msg1\":{}}}}]},\"spec\":{\"image\":\"busybox\",\"config\":{\"msg\":\"hello\",\"msg1\":\"xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx\"}}}";
    Foo f = codec.decode(json.getBytes(StandardCharsets.UTF_8), "default", "foo-1");
    int N = Integer.parseInt(a.length > 0 ? a[0] : "200000");
    String mode = a.length > 1 ? a[1] : "copy";
    for (int round = 0; round < 5; round++) {
      var mx = java.lang.management.ManagementFactory.getThreadMXBean(); long t0 = mx.getCurrentThreadCpuTime();
      Object sink = null;
      for (int i = 0; i < N; i++) {
        switch (mode) {
          case "copy" -> sink = codec.copy(f);
          case "template" -> sink = codec.template(f).encode("13");
          case "encode" -> sink = codec.encode(f);
          case "spec" -> sink = codecs.specTree(f);
          case "tree" -> sink = codecs.json().valueToTree(f);
        }
      }
      long t1 = mx.getCurrentThreadCpuTime();
      System.out.printf("%s %.2f us/op%n", mode, (t1 - t0) / 1000.0 / N);
    }
  }
}
