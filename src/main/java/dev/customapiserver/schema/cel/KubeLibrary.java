package dev.customapiserver.schema.cel;

import com.google.re2j.Matcher;
import com.google.re2j.Pattern;
import dev.cel.common.CelFunctionDecl;
import dev.cel.common.CelOverloadDecl;
import dev.cel.common.types.ListType;
import dev.cel.common.types.SimpleType;
import dev.cel.common.types.TypeParamType;
import dev.cel.runtime.CelEvaluationException;
import dev.cel.runtime.CelEvaluationExceptionBuilder;
import dev.cel.runtime.CelFunctionBinding;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * The functions kube's CEL libraries add that cel-java's extensions lack: list {@code isSorted},
 * {@code sum}, {@code min}, {@code max}, {@code indexOf}, {@code lastIndexOf}, and the regex
 * {@code find}/{@code findAll} on strings.
 */
final class KubeLibrary {
  private static final TypeParamType T = TypeParamType.create("T");
  private static final ListType LIST_T = ListType.create(T);

  private KubeLibrary() {}

  static List<CelFunctionDecl> declarations() {
    return List.of(
        CelFunctionDecl.newFunctionDeclaration("isSorted",
            CelOverloadDecl.newMemberOverload("kube_list_is_sorted", SimpleType.BOOL, LIST_T)),
        CelFunctionDecl.newFunctionDeclaration("sum", CelOverloadDecl.newMemberOverload("kube_list_sum", T, LIST_T)),
        CelFunctionDecl.newFunctionDeclaration("min", CelOverloadDecl.newMemberOverload("kube_list_min", T, LIST_T)),
        CelFunctionDecl.newFunctionDeclaration("max", CelOverloadDecl.newMemberOverload("kube_list_max", T, LIST_T)),
        CelFunctionDecl.newFunctionDeclaration("indexOf",
            CelOverloadDecl.newMemberOverload("kube_list_index_of", SimpleType.INT, LIST_T, T)),
        CelFunctionDecl.newFunctionDeclaration("lastIndexOf",
            CelOverloadDecl.newMemberOverload("kube_list_last_index_of", SimpleType.INT, LIST_T, T)),
        CelFunctionDecl.newFunctionDeclaration("find",
            CelOverloadDecl.newMemberOverload("kube_string_find", SimpleType.STRING, SimpleType.STRING, SimpleType.STRING)),
        CelFunctionDecl.newFunctionDeclaration("findAll",
            CelOverloadDecl.newMemberOverload("kube_string_find_all", ListType.create(SimpleType.STRING),
                SimpleType.STRING, SimpleType.STRING),
            CelOverloadDecl.newMemberOverload("kube_string_find_all_n", ListType.create(SimpleType.STRING),
                SimpleType.STRING, SimpleType.STRING, SimpleType.INT)));
  }

  static List<CelFunctionBinding> bindings() {
    return List.of(
        CelFunctionBinding.from("kube_list_is_sorted", List.class, KubeLibrary::isSorted),
        CelFunctionBinding.from("kube_list_sum", List.class, KubeLibrary::sum),
        CelFunctionBinding.from("kube_list_min", List.class, l -> extreme(l, -1, "min")),
        CelFunctionBinding.from("kube_list_max", List.class, l -> extreme(l, 1, "max")),
        CelFunctionBinding.from("kube_list_index_of", List.class, Object.class, (l, v) -> (long) l.indexOf(v)),
        CelFunctionBinding.from("kube_list_last_index_of", List.class, Object.class, (l, v) -> (long) l.lastIndexOf(v)),
        CelFunctionBinding.from("kube_string_find", String.class, String.class, KubeLibrary::find),
        CelFunctionBinding.from("kube_string_find_all", String.class, String.class, (s, re) -> findAll(s, re, -1)),
        CelFunctionBinding.from("kube_string_find_all_n", List.of(String.class, String.class, Long.class),
            args -> findAll((String) args[0], (String) args[1], (Long) args[2])));
  }

  @SuppressWarnings({"unchecked", "rawtypes"})
  private static boolean isSorted(List l) {
    for (int i = 1; i < l.size(); i++) {
      if (((Comparable) l.get(i - 1)).compareTo(l.get(i)) > 0) {
        return false;
      }
    }
    return true;
  }

  private static Object sum(List<?> l) throws CelEvaluationException {
    if (l.isEmpty()) {
      return 0L;
    }
    Object first = l.get(0);
    if (first instanceof Long) {
      long s = 0;
      for (Object o : l) {
        try {
          s = Math.addExact(s, (Long) o);
        } catch (ArithmeticException e) {
          throw CelEvaluationExceptionBuilder.newBuilder("integer overflow").build();
        }
      }
      return s;
    }
    if (first instanceof Double) {
      double s = 0;
      for (Object o : l) {
        s += (Double) o;
      }
      return s;
    }
    if (first instanceof Duration) {
      Duration s = Duration.ZERO;
      for (Object o : l) {
        s = s.plus((Duration) o);
      }
      return s;
    }
    throw CelEvaluationExceptionBuilder.newBuilder("no such overload: sum").build();
  }

  @SuppressWarnings({"unchecked", "rawtypes"})
  private static Object extreme(List l, int sign, String name) throws CelEvaluationException {
    if (l.isEmpty()) {
      throw CelEvaluationExceptionBuilder.newBuilder(name + " called on empty list").build();
    }
    Object best = l.get(0);
    for (Object o : l) {
      if (((Comparable) o).compareTo(best) * sign > 0) {
        best = o;
      }
    }
    return best;
  }

  private static String find(String s, String re) {
    Matcher m = Pattern.compile(re).matcher(s);
    return m.find() ? m.group() : "";
  }

  private static List<String> findAll(String s, String re, long limit) {
    List<String> out = new ArrayList<>();
    Matcher m = Pattern.compile(re).matcher(s);
    while ((limit < 0 || out.size() < limit) && m.find()) {
      out.add(m.group());
    }
    return out;
  }
}
