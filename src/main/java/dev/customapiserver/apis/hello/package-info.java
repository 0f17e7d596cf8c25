/**
 * The {@code hello.zeng.dev} types: Foo in v1 and v2 (v2 preferred and stored).
 *
 * <p>{@link dev.customapiserver.apis.hello.Foo} is the hub; {@link dev.customapiserver.apis.hello.FooV1}
 * and {@link dev.customapiserver.apis.hello.FooV2} are the wire types, each with its converter. v2-only
 * fields travel through v1 in annotations so read-modify-write through v1 loses nothing. The module
 * and strategy are {@code groups.hello}'s.
 */
package dev.customapiserver.apis.hello;
