package dev.customapiserver.runtime.patch;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.customapiserver.api.errors.ApiException;
import dev.customapiserver.runtime.Codecs;
import java.util.stream.Stream;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** Strategic merge patch semantics, case by case as Kubernetes' strategicpatch applies them. JSON uses ' for ". */
@DisplayName("Strategic merge patch")
class StrategicMergePatchTest {
  private final ObjectMapper json = new Codecs().json();
  private final StrategicMergePatch smp = new StrategicMergePatch(json);

  static Stream<Arguments> merges() {
    return Stream.of(
        Arguments.of("maps merge recursively",
            "{'name':'a','labels':{'x':'1','y':'2'}}", "{'labels':{'y':'3','z':'4'}}",
            "{'name':'a','labels':{'x':'1','y':'3','z':'4'}}"),
        Arguments.of("null deletes a field",
            "{'name':'a','labels':{'x':'1'}}", "{'labels':{'x':null},'name':null}", "{'labels':{}}"),
        Arguments.of("null for an absent field changes nothing", "{'name':'a'}", "{'nested':null}", "{'name':'a'}"),
        Arguments.of("a new object loses its nulls", "{}", "{'nested':{'a':'1','b':null}}", "{'nested':{'a':'1'}}"),
        Arguments.of("a value of another type replaces", "{'name':'a'}", "{'name':{'x':1}}", "{'name':{'x':1}}"),
        Arguments.of("a list without merge strategy is replaced", "{'args':['a','b']}", "{'args':['c']}", "{'args':['c']}"),
        Arguments.of("a merging list of scalars is a set union, new elements first",
            "{'finalizers':['a','b']}", "{'finalizers':['c','a']}", "{'finalizers':['c','a','b']}"),
        Arguments.of("$deleteFromPrimitiveList removes scalars",
            "{'finalizers':['a','b','c']}", "{'$deleteFromPrimitiveList/finalizers':['b']}", "{'finalizers':['a','c']}"),
        Arguments.of("$setElementOrder orders a list of scalars",
            "{'finalizers':['a','b']}", "{'$setElementOrder/finalizers':['b','c','a'],'finalizers':['c']}",
            "{'finalizers':['b','c','a']}"),
        Arguments.of("kubectl's deletion of a scalar: order list plus deletion list",
            "{'finalizers':['a','b','c']}", "{'$setElementOrder/finalizers':['a','c'],'$deleteFromPrimitiveList/finalizers':['b']}",
            "{'finalizers':['a','c']}"),
        Arguments.of("a keyed list merges elements by key and appends new ones",
            "{'items':[{'name':'x','value':1},{'name':'y','value':2}]}",
            "{'items':[{'name':'y','value':3},{'name':'z','value':4}]}",
            "{'items':[{'name':'x','value':1},{'name':'y','value':3},{'name':'z','value':4}]}"),
        Arguments.of("a keyed element merges its own maps",
            "{'items':[{'name':'x','tags':{'a':'1'}}]}", "{'items':[{'name':'x','tags':{'b':'2'}}]}",
            "{'items':[{'name':'x','tags':{'a':'1','b':'2'}}]}"),
        Arguments.of("$patch: delete removes the element with that key",
            "{'items':[{'name':'x','value':1},{'name':'y','value':2}]}", "{'items':[{'name':'x','$patch':'delete'}]}",
            "{'items':[{'name':'y','value':2}]}"),
        Arguments.of("$patch: replace in a list replaces the whole list",
            "{'items':[{'name':'x','value':1},{'name':'y','value':2}]}",
            "{'items':[{'name':'z','value':9},{'$patch':'replace'}]}", "{'items':[{'name':'z','value':9}]}"),
        Arguments.of("$setElementOrder orders a keyed list",
            "{'items':[{'name':'x','value':1},{'name':'y','value':2}]}",
            "{'$setElementOrder/items':[{'name':'y'},{'name':'x'}]}",
            "{'items':[{'name':'y','value':2},{'name':'x','value':1}]}"),
        Arguments.of("directives in a new list are carried out, not stored",
            "{}", "{'items':[{'name':'x','value':1},{'name':'y','$patch':'delete'}]}", "{'items':[{'name':'x','value':1}]}"),
        Arguments.of("$patch: replace on an object replaces it",
            "{'labels':{'a':'1'}}", "{'labels':{'$patch':'replace','b':'2'}}", "{'labels':{'b':'2'}}"),
        Arguments.of("$patch: delete on an object empties it",
            "{'labels':{'a':'1'},'name':'n'}", "{'labels':{'$patch':'delete'}}", "{'labels':{},'name':'n'}"),
        Arguments.of("$retainKeys clears the members it does not list",
            "{'strategy':{'type':'Rolling','rollingUpdate':{'max':'1'}}}",
            "{'strategy':{'$retainKeys':['type'],'type':'Recreate'}}", "{'strategy':{'type':'Recreate'}}"),
        Arguments.of("the replace strategy replaces a map", "{'replaced':{'a':'1'}}", "{'replaced':{'b':'2'}}",
            "{'replaced':{'b':'2'}}"),
        Arguments.of("a null patch changes nothing", "{'name':'a'}", "null", "{'name':'a'}"));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("merges")
  @DisplayName("merges")
  void merges(String description, String original, String patch, String expected) throws Exception {
    JsonNode result = smp.apply(tree(original), tree(patch), Types.Thing.class);

    assertThat(result).isEqualTo(tree(expected));
    assertThat(json.writeValueAsString(result)).isEqualTo(json.writeValueAsString(tree(expected)));
  }

  static Stream<Arguments> errors() {
    String items = "{'items':[{'name':'x','value':1}],'finalizers':['a'],'strategy':{'type':'t'}}";
    return Stream.of(
        Arguments.of("an unknown $patch on an object", items, "{'labels':{'$patch':'explode'}}", 400,
            "unknown patch type: explode in map: map[$patch:explode]"),
        Arguments.of("an unknown $patch in a list", items, "{'items':[{'name':'x','$patch':'explode'}]}", 400,
            "unknown patch type: explode in map: map[$patch:explode name:x]"),
        Arguments.of("$patch: merge in a list", items, "{'items':[{'$patch':'merge'}]}", 400,
            "merging lists cannot yet be specified in the patch"),
        Arguments.of("an element without its merge key", items, "{'items':[{'value':2}]}", 400,
            "map: map[value:2] does not contain declared merge key: name"),
        Arguments.of("a deletion without the merge key", items, "{'items':[{'$patch':'delete'}]}", 400,
            "map: map[$patch:delete] does not contain declared merge key: name"),
        Arguments.of("a $deleteFromPrimitiveList without a field", items, "{'$deleteFromPrimitiveList':['a']}", 400,
            "invalid patch format of primitive list"),
        Arguments.of("a $setElementOrder without a field", items, "{'$setElementOrder':['a']}", 400,
            "invalid patch format of setElementOrder list"),
        Arguments.of("a $setElementOrder that is not a list", items, "{'$setElementOrder/finalizers':'a'}", 400,
            "expected a []interface {}, but received a string"),
        Arguments.of("a $setElementOrder that contradicts the patch list", items,
            "{'$setElementOrder/finalizers':['a'],'finalizers':['b']}", 400,
            "The order in patch list:\n[b]\n doesn't match $setElementOrder list:\n[a]\n"),
        Arguments.of("$retainKeys that is not a list", items, "{'strategy':{'$retainKeys':'type'}}", 400,
            "invalid patch format of retainKeys"),
        Arguments.of("$retainKeys that leaves out a patched member", items,
            "{'strategy':{'$retainKeys':['type'],'rollingUpdate':{'a':'1'}}}", 400, "invalid patch format of retainKeys"),
        Arguments.of("elements of different types", items, "{'finalizers':[1]}", 400,
            "list element types are not identical: [[a] [1]]"),
        Arguments.of("a list of lists", items, "{'finalizers':[['b']]}", 422,
            "the server rejected our request due to an error in our request"),
        Arguments.of("a patch that is not an object", items, "['a']", 400,
            "json: cannot unmarshal array into Go value of type map[string]interface {}"));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("errors")
  @DisplayName("rejects with Kubernetes' wording")
  void rejects(String description, String original, String patch, int code, String message) throws Exception {
    ApiException e = catchThrowableOfType(ApiException.class, () -> smp.apply(tree(original), tree(patch), Types.Thing.class));

    assertThat(e).as(description).isNotNull();
    assertThat(e.code()).isEqualTo(code);
    assertThat(e.status().message).isEqualTo(message);
  }

  @Test
  @DisplayName("the built-in wire types merge as Kubernetes' would: conditions by type, owner references by uid")
  void builtInTypes() throws Exception {
    JsonNode foo = tree("{'metadata':{'name':'f','ownerReferences':[{'uid':'1','name':'a'},{'uid':'2','name':'b'}]},"
        + "'status':{'conditions':[{'type':'Ready','status':'False'},{'type':'Synced','status':'True'}]}}");
    JsonNode patch = tree("{'metadata':{'ownerReferences':[{'uid':'2','name':'b2'}]},"
        + "'status':{'conditions':[{'type':'Ready','status':'True'}]}}");

    JsonNode result = smp.apply(foo, patch, dev.customapiserver.apis.hello.FooV2.class);

    assertThat(result.at("/metadata/ownerReferences")).isEqualTo(tree("[{'uid':'1','name':'a'},{'uid':'2','name':'b2'}]"));
    assertThat(result.at("/status/conditions"))
        .isEqualTo(tree("[{'type':'Ready','status':'True'},{'type':'Synced','status':'True'}]"));
  }

  @Test
  @DisplayName("leaves its inputs unchanged")
  void pure() throws Exception {
    JsonNode original = tree("{'items':[{'name':'x','value':1}]}");
    JsonNode patch = tree("{'items':[{'name':'x','$patch':'delete'}]}");

    smp.apply(original, patch, Types.Thing.class);

    assertThat(original).isEqualTo(tree("{'items':[{'name':'x','value':1}]}"));
    assertThat(patch).isEqualTo(tree("{'items':[{'name':'x','$patch':'delete'}]}"));
  }

  private JsonNode tree(String singleQuoted) throws Exception {
    return json.readTree(singleQuoted.replace('\'', '"'));
  }
}
