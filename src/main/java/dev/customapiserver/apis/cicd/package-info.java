/**
 * The {@code autobusi.group.cicd} group: JenkinsService (namespaced, v1alpha, short name {@code js}).
 *
 * <p>Hub {@link dev.customapiserver.apis.cicd.JenkinsService}: its field limits are Bean Validation
 * annotations; {@link dev.customapiserver.apis.cicd.JenkinsServiceStrategy} sets the approval status.
 * The JenkinsServiceQuota admission plugin will live here too, next to {@link CicdModule}.
 */
package dev.customapiserver.apis.cicd;
