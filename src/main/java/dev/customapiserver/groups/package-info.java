/**
 * The API groups this server serves, one module each: a group module implements {@link
 * dev.customapiserver.groups.ApiGroupModule} and lists itself in {@code
 * META-INF/services/dev.customapiserver.groups.ApiGroupModule}. A module registers its resources
 * (the types of {@code apis.<group>}) with their strategies, admission plugins and extra endpoints.
 * The built-in groups live in sub-packages, one each, and use nothing a user's own group could not;
 * {@code hello}, {@code restaurant}, {@code wardle} and {@code cicd} are the seeds' sample groups, to
 * be read and copied as examples.
 */
package dev.customapiserver.groups;
