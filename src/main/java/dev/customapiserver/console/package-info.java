/**
 * The web console at {@code /console/}: static pages (public, as {@code /healthz} is; no data in
 * them) whose script calls the API with the signed-in user's own credentials, so RBAC decides what
 * they see. Nothing here reads objects or speaks for a user.
 */
package dev.customapiserver.console;
