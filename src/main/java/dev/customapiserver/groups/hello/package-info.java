/**
 * The sample {@code hello.zeng.dev} module: Foo with its strategy, the smallest complete group to
 * copy for a group of one's own.
 */
package dev.customapiserver.groups.hello;
