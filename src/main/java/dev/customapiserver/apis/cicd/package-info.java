/**
 * The {@code autobusi.group.cicd} group: JenkinsService (namespaced, v1alpha, short name {@code js}).
 *
 * <p>Hub {@link dev.customapiserver.apis.cicd.JenkinsService}: its field limits are Bean Validation
 * annotations; {@link dev.customapiserver.apis.cicd.JenkinsServiceStrategy} sets the approval status.
 * Seed 004's {@code JenkinsService} admission plugin (alias {@code JenkinsServiceQuota}) is
 * {@link dev.customapiserver.apis.cicd.JenkinsServiceLimit}.
 */
package dev.customapiserver.apis.cicd;
