package dev.customapiserver.apis.authorization;

import com.fasterxml.jackson.annotation.JsonInclude;
import dev.customapiserver.schema.Description;
import java.util.ArrayList;
import java.util.List;

/** authorization/v1 SubjectRulesReviewStatus: the rules a user holds in a namespace. */
@Description("SubjectRulesReviewStatus contains the result of a rules check.")
@JsonInclude(JsonInclude.Include.NON_NULL)
public final class RulesReviewStatus {
  @Description("ResourceRules is the list of actions the subject is allowed to perform on resources.")
  @JsonInclude(JsonInclude.Include.ALWAYS)
  public List<ResourceRule> resourceRules = new ArrayList<>();
  @Description("NonResourceRules is the list of actions the subject is allowed to perform on non-resources.")
  @JsonInclude(JsonInclude.Include.ALWAYS)
  public List<NonResourceRule> nonResourceRules = new ArrayList<>();
  @Description("Incomplete is true when the rules returned by this call are incomplete.")
  @JsonInclude(JsonInclude.Include.ALWAYS)
  public boolean incomplete;
  @Description("EvaluationError can appear in combination with Rules.")
  public String evaluationError;

  /** authorization/v1 ResourceRule. */
  @Description("ResourceRule is the list of actions the subject is allowed to perform on resources.")
  @JsonInclude(JsonInclude.Include.NON_NULL)
  public static final class ResourceRule {
    @Description("Verb is a list of kubernetes resource API verbs.")
    public List<String> verbs;
    @Description("APIGroups is the name of the APIGroup that contains the resources.")
    public List<String> apiGroups;
    @Description("Resources is a list of resources this rule applies to.")
    public List<String> resources;
    @Description("ResourceNames is an optional white list of names that the rule applies to.")
    public List<String> resourceNames;
  }

  /** authorization/v1 NonResourceRule. */
  @Description("NonResourceRule holds information that describes a rule for the non-resource")
  @JsonInclude(JsonInclude.Include.NON_NULL)
  public static final class NonResourceRule {
    @Description("Verb is a list of kubernetes non-resource API verbs, like: get, post, put, delete, patch, head, options.")
    public List<String> verbs;
    @Description("NonResourceURLs is a set of partial urls that a user should have access to.")
    public List<String> nonResourceURLs;
  }
}
