/**
 * Seed 004's {@code autobusi.group.cicd} module: JenkinsService with its strategy (the approval
 * status), its {@code log} connect subresource and the {@code JenkinsService} admission plugin
 * (alias {@code JenkinsServiceQuota}) limiting services per namespace.
 */
package dev.customapiserver.groups.cicd;
