package dev.customapiserver.apis.apiextensions;

import dev.customapiserver.schema.Description;

/** The v1 wire type: the hub's fields, documented for OpenAPI and {@code kubectl explain}. */
@Description("CustomResourceDefinition represents a resource that should be exposed on the API server.  Its name MUST be in "
    + "the format <.spec.name>.<.spec.group>.")
public final class CustomResourceDefinitionV1 extends CustomResourceDefinition {}
