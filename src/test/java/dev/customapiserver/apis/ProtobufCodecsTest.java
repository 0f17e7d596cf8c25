package dev.customapiserver.apis;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.google.protobuf.ByteString;
import com.google.protobuf.CodedOutputStream;
import dev.customapiserver.api.errors.ApiException;
import dev.customapiserver.apis.authentication.AuthenticationProtobuf;
import dev.customapiserver.apis.authorization.ReviewProtobuf;
import dev.customapiserver.apis.coordination.LeaseProtobuf;
import dev.customapiserver.apis.core.CoreProtobuf;
import dev.customapiserver.apis.core.EventProtobuf;
import dev.customapiserver.apis.core.NamespaceProtobuf;
import dev.customapiserver.apis.core.ServiceAccountProtobuf;
import dev.customapiserver.apis.events.EventsV1Protobuf;
import dev.customapiserver.apis.rbac.RbacProtobuf;
import dev.customapiserver.runtime.Codecs;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.function.Function;
import java.util.stream.Stream;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The protobuf codecs of the built-in kinds on messages with every field they read: repeated fields
 * add up, map entries without a value are empty, Go's empty strings and zero times are unset where
 * the codec says so, unknown fields are skipped.
 */
@DisplayName("The protobuf codecs of the built-in kinds read every field they list")
class ProtobufCodecsTest {
  private static final ObjectMapper JSON = new Codecs().json();
  private static final long GO_ZERO_TIME = -62135596800L;
  private static final ByteString META = msg(1, "n", 3, "ns", 11, msg(1, "a", 2, "b"), 99, "unknown");

  static Stream<Arguments> messages() {
    ByteString time = msg(1, 1_700_000_000L, 2, 5);
    ByteString zero = msg(1, GO_ZERO_TIME);
    ByteString reference = msg(1, "Pod", 2, "", 3, "p", 4, "u", 5, "v1", 6, "7", 7, "spec");
    ByteString series = msg(1, 3, 2, time);
    ByteString spec = msg(1, msg(1, "ns", 2, "get", 3, "g", 4, "v", 5, "r", 6, "s", 7, "x"), 2, msg(1, "/p", 2, "get"),
        3, "alice", 4, "a", 4, "b", 5, msg(1, "k", 2, msg(1, "v1"), 2, msg(1, "v2")), 5, msg(1, "none"), 6, "uid");
    ByteString rule = msg(1, "get", 1, "list", 2, "", 3, "pods", 4, "p", 5, "/healthz");
    ByteString selector = msg(1, msg(1, "app", 2, "x"), 2, msg(1, "tier", 2, "In", 3, "a", 3, "b"));
    return Stream.of(
        reads("sar", ReviewProtobuf::sar, msg(1, META, 2, spec),
            "{'metadata':{'name':'n','namespace':'ns','labels':{'a':'b'}},"
            + "'spec':{'resourceAttributes':{'namespace':'ns','verb':'get','group':'g','version':'v',"
            + "'resource':'r','subresource':'s','name':'x'},'nonResourceAttributes':{'path':'/p',"
            + "'verb':'get'},'user':'alice','groups':['a','b'],'extra':{'k':['v1','v2'],'none':[]},"
            + "'uid':'uid'}}"),
        reads("localSar", ReviewProtobuf::localSar, msg(1, META, 2, spec),
            "{'metadata':{'name':'n','namespace':'ns','labels':{'a':'b'}},"
            + "'spec':{'resourceAttributes':{'namespace':'ns','verb':'get','group':'g','version':'v',"
            + "'resource':'r','subresource':'s','name':'x'},'nonResourceAttributes':{'path':'/p',"
            + "'verb':'get'},'user':'alice','groups':['a','b'],'extra':{'k':['v1','v2'],'none':[]},"
            + "'uid':'uid'}}"),
        reads("selfSar", ReviewProtobuf::selfSar, msg(2, msg(2, msg(1, "/p"))),
            "{'metadata':{},'spec':{'nonResourceAttributes':{'path':'/p'}}}"),
        reads("rules", ReviewProtobuf::rules, msg(1, META, 2, msg(1, "team")),
            "{'metadata':{'name':'n','namespace':'ns','labels':{'a':'b'}},'spec':{'namespace':'team'}}"),
        reads("role", RbacProtobuf::role, msg(1, META, 2, rule, 2, msg(1, "*")),
            "{'metadata':{'name':'n','namespace':'ns','labels':{'a':'b'}},'rules':[{'verbs':['get','list'],"
            + "'apiGroups':[''],'resources':['pods'],'resourceNames':['p'],'nonResourceURLs':['/healthz']},"
            + "{'verbs':['*']}]}"),
        reads("clusterRole", RbacProtobuf::clusterRole,
            msg(1, META, 2, rule, 3, msg(1, selector)),
            "{'metadata':{'name':'n','namespace':'ns','labels':{'a':'b'}},'rules':[{'verbs':['get','list'],"
            + "'apiGroups':[''],'resources':['pods'],'resourceNames':['p'],'nonResourceURLs':['/healthz']}],"
            + "'aggregationRule':{'clusterRoleSelectors':[{'matchLabels':{'app':'x'},"
            + "'matchExpressions':[{'key':'tier','operator':'In','values':['a','b']}]}]}}"),
        reads("clusterRole, aggregation without selectors", RbacProtobuf::clusterRole,
            msg(3, msg()),
            "{'metadata':{},'aggregationRule':{'clusterRoleSelectors':[]}}"),
        reads("roleBinding", RbacProtobuf::roleBinding,
            msg(1, META, 2, msg(1, "User", 2, "rbac.authorization.k8s.io", 3, "alice", 4, ""),
                2, msg(1, "ServiceAccount", 3, "sa", 4, "ns"), 3, msg(1, "rbac.authorization.k8s.io", 2, "Role", 3, "r")),
            "{'metadata':{'name':'n','namespace':'ns','labels':{'a':'b'}},'subjects':[{'kind':'User',"
            + "'apiGroup':'rbac.authorization.k8s.io','name':'alice'},{'kind':'ServiceAccount','name':'sa',"
            + "'namespace':'ns'}],'roleRef':{'apiGroup':'rbac.authorization.k8s.io','kind':'Role','name':'r'}}"),
        reads("clusterRoleBinding", RbacProtobuf::clusterRoleBinding,
            msg(1, META, 2, msg(1, "Group", 3, "g"), 3, msg(2, "ClusterRole", 3, "c")),
            "{'metadata':{'name':'n','namespace':'ns','labels':{'a':'b'}},'subjects':[{'kind':'Group',"
            + "'name':'g'}],'roleRef':{'kind':'ClusterRole','name':'c'}}"),
        reads("event", EventProtobuf::decode,
            msg(1, META, 2, reference, 3, "Started", 4, "m", 5, msg(1, "kubelet", 2, "node"), 6, time, 7, zero, 8, 2,
                9, "Normal", 10, time, 11, series, 12, "act", 13, reference, 14, "ctl", 15, "inst"),
            "{'metadata':{'name':'n','namespace':'ns','labels':{'a':'b'}},'involvedObject':{'kind':'Pod',"
            + "'name':'p','uid':'u','apiVersion':'v1','resourceVersion':'7','fieldPath':'spec'},"
            + "'reason':'Started','message':'m','source':{'component':'kubelet','host':'node'},"
            + "'firstTimestamp':'2023-11-14T22:13:20.000000005Z','lastTimestamp':null,'count':2,'type':'Normal',"
            + "'eventTime':'2023-11-14T22:13:20.000000Z','series':{'count':3,"
            + "'lastObservedTime':'2023-11-14T22:13:20.000000Z'},'action':'act','related':{'kind':'Pod',"
            + "'name':'p','uid':'u','apiVersion':'v1','resourceVersion':'7','fieldPath':'spec'},"
            + "'reportingInstance':'inst','reportingComponent':'ctl'}"),
        reads("eventsV1", EventsV1Protobuf::decode,
            msg(1, META, 2, time, 3, series, 4, "ctl", 5, "inst", 6, "act", 7, "Started", 8, reference, 9, reference,
                10, "note", 11, "Normal", 12, msg(1, "kubelet"), 13, zero, 14, time, 15, 4),
            "{'metadata':{'name':'n','namespace':'ns','labels':{'a':'b'}},"
            + "'eventTime':'2023-11-14T22:13:20.000000Z','series':{'count':3,"
            + "'lastObservedTime':'2023-11-14T22:13:20.000000Z'},'reportingController':'ctl',"
            + "'reportingInstance':'inst','action':'act','reason':'Started','regarding':{'kind':'Pod',"
            + "'name':'p','uid':'u','apiVersion':'v1','resourceVersion':'7','fieldPath':'spec'},"
            + "'related':{'kind':'Pod','name':'p','uid':'u','apiVersion':'v1','resourceVersion':'7',"
            + "'fieldPath':'spec'},'note':'note','type':'Normal','deprecatedSource':{'component':'kubelet'},"
            + "'deprecatedFirstTimestamp':null,'deprecatedLastTimestamp':'2023-11-14T22:13:20.000000005Z','deprecatedCount':4}"),
        reads("lease", LeaseProtobuf::decode,
            msg(1, META, 2, msg(1, "holder", 2, 15, 3, time, 4, zero, 5, 2, 6, "OldestEmulationVersion", 7, "next")),
            "{'metadata':{'name':'n','namespace':'ns','labels':{'a':'b'}},'spec':{'holderIdentity':'holder',"
            + "'leaseDurationSeconds':15,'acquireTime':'2023-11-14T22:13:20.000000Z',"
            + "'renewTime':'0001-01-01T00:00:00.000000Z','leaseTransitions':2,"
            + "'strategy':'OldestEmulationVersion','preferredHolder':'next'}}"),
        reads("configMap", CoreProtobuf::configMap,
            msg(1, META, 2, msg(1, "a", 2, "1"), 2, msg(1, "empty"), 3, msg(1, "b", 2, new byte[] {0, 1}), 4, true),
            "{'metadata':{'name':'n','namespace':'ns','labels':{'a':'b'}},'immutable':true,'data':{'a':'1',"
            + "'empty':''},'binaryData':{'b':'AAE='}}"),
        reads("secret", CoreProtobuf::secret,
            msg(1, META, 2, msg(1, "a", 2, new byte[] {'s'}), 3, "Opaque", 4, msg(1, "b", 2, "t"), 5, false),
            "{'metadata':{'name':'n','namespace':'ns','labels':{'a':'b'}},'immutable':false,"
            + "'data':{'a':'cw=='},'stringData':{'b':'t'},'type':'Opaque'}"),
        reads("serviceAccount", ServiceAccountProtobuf::serviceAccount,
            msg(1, META, 2, msg(3, "s1"), 2, msg(3, "s2"), 3, msg(1, "pull"), 4, true),
            "{'metadata':{'name':'n','namespace':'ns','labels':{'a':'b'}},'secrets':[{'name':'s1'},"
            + "{'name':'s2'}],'imagePullSecrets':[{'name':'pull'}],'automountServiceAccountToken':true}"),
        reads("tokenRequest", ServiceAccountProtobuf::tokenRequest,
            msg(1, META, 2, msg(1, "api", 1, "vault", 3, msg(1, "Pod", 2, "v1", 3, "p", 4, "u"), 4, 3600L)),
            "{'metadata':{'name':'n','namespace':'ns','labels':{'a':'b'}},'spec':{'audiences':['api',"
            + "'vault'],'expirationSeconds':3600,'boundObjectRef':{'kind':'Pod','apiVersion':'v1','name':'p',"
            + "'uid':'u'}}}"),
        reads("namespace", NamespaceProtobuf::decode,
            msg(1, META, 2, msg(1, "kubernetes", 1, "x"), 3, msg(1, "")),
            "{'metadata':{'name':'n','namespace':'ns','labels':{'a':'b'}},"
            + "'spec':{'finalizers':['kubernetes','x']},'status':{}}"),
        reads("tokenReview", AuthenticationProtobuf::tokenReview,
            msg(1, META, 2, msg(1, "t0k3n", 2, "api", 2, "vault"), 3, msg(1, true)),
            "{'metadata':{'name':'n','namespace':'ns','labels':{'a':'b'}},'spec':{'token':'t0k3n',"
            + "'audiences':['api','vault']}}"),
        reads("selfSubjectReview", AuthenticationProtobuf::selfSubjectReview,
            msg(1, META, 2, msg(1, msg(1, "alice"))),
            "{'metadata':{'name':'n','namespace':'ns','labels':{'a':'b'}}}"));
  }

  /** The expected JSON is written with single quotes. */
  @ParameterizedTest(name = "{0}")
  @MethodSource("messages")
  void decodes(String name, Function<ByteString, ?> codec, ByteString message, String json) throws IOException {
    assertThat(JSON.writeValueAsString(codec.apply(message))).isEqualTo(json.replace('\'', '"'));
  }

  @Test
  @DisplayName("a nested message cut short is a 400 in the words of Go's protobuf runtime")
  void cutShort() {
    byte[] lease = msg(1, META, 2, msg(1, "holder")).toByteArray();
    ByteString cut = ByteString.copyFrom(lease, 0, lease.length - 2);
    assertThatThrownBy(() -> LeaseProtobuf.decode(cut)).isInstanceOfSatisfying(ApiException.class, e -> {
      assertThat(e.code()).isEqualTo(400);
      assertThat(e.getMessage()).isEqualTo("unexpected EOF");
    });
  }

  private static Arguments reads(String name, Function<ByteString, ?> codec, ByteString message, String json) {
    return Arguments.of(name, codec, message, json);
  }

  /** A message of (field number, value) pairs: String, ByteString (a message), byte[], Integer, Long or Boolean. */
  static ByteString msg(Object... fields) {
    try {
      ByteArrayOutputStream bytes = new ByteArrayOutputStream();
      CodedOutputStream out = CodedOutputStream.newInstance(bytes);
      for (int i = 0; i < fields.length; i += 2) {
        int n = (Integer) fields[i];
        Object v = fields[i + 1];
        if (v instanceof String s) {
          out.writeString(n, s);
        } else if (v instanceof ByteString b) {
          out.writeBytes(n, b);
        } else if (v instanceof byte[] b) {
          out.writeByteArray(n, b);
        } else if (v instanceof Integer x) {
          out.writeInt32(n, x);
        } else if (v instanceof Long x) {
          out.writeInt64(n, x);
        } else if (v instanceof Boolean x) {
          out.writeBool(n, x);
        } else {
          throw new IllegalArgumentException(String.valueOf(v));
        }
      }
      out.flush();
      return ByteString.copyFrom(bytes.toByteArray());
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
