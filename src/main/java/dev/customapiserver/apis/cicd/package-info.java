/**
 * The {@code autobusi.group.cicd} types: JenkinsService (namespaced, v1alpha, short name {@code js}).
 *
 * <p>Hub {@link dev.customapiserver.apis.cicd.JenkinsService}: its field limits are Bean Validation
 * annotations. The strategy setting the approval status and seed 004's {@code JenkinsService}
 * admission plugin live in {@code groups.cicd}.
 */
package dev.customapiserver.apis.cicd;
